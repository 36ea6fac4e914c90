"""gunicorn.conf.py: the collector's thresholds it sets in each web worker, and how an operator changes them."""

from __future__ import annotations

import gc
import runpy
from pathlib import Path

import pytest

CONF = Path(__file__).resolve().parents[2] / "gunicorn.conf.py"


@pytest.fixture
def _thresholds_kept():
    before = gc.get_threshold()
    yield
    gc.set_threshold(*before)


def _worker_started(monkeypatch, value: str | None) -> tuple[int, ...]:
    if value is None:
        monkeypatch.delenv("WEB_GC_THRESHOLD", raising=False)
    else:
        monkeypatch.setenv("WEB_GC_THRESHOLD", value)
    gc.set_threshold(700, 10, 10)
    runpy.run_path(str(CONF))["post_worker_init"](worker=None)
    return gc.get_threshold()


@pytest.mark.usefixtures("_thresholds_kept")
def test_a_web_worker_collects_its_youngest_objects_less_often_than_python_does(monkeypatch):
    assert _worker_started(monkeypatch, None) == (20000, 20, 20)


@pytest.mark.usefixtures("_thresholds_kept")
def test_the_environment_sets_the_thresholds_or_keeps_python_s_own(monkeypatch):
    assert _worker_started(monkeypatch, "5000,10,10") == (5000, 10, 10)
    assert _worker_started(monkeypatch, "") == (700, 10, 10)


def test_the_web_workers_are_gthread_writing_their_heartbeat_once_a_second(monkeypatch):
    from gunicorn.util import load_class
    from gunicorn.workers.gthread import ThreadWorker as Gthread

    monkeypatch.delenv("WEB_WORKER_CLASS", raising=False)
    worker_class = load_class(runpy.run_path(str(CONF))["worker_class"])
    assert issubclass(worker_class, Gthread)


def test_a_worker_busy_with_many_requests_touches_its_heartbeat_file_at_most_once_a_second(monkeypatch):
    import logging

    from gunicorn.config import Config

    from pairing_site import gunicorn_worker

    clock = [1000.0]
    monkeypatch.setattr(gunicorn_worker.time, "monotonic", lambda: clock[0])
    worker = gunicorn_worker.ThreadWorker(1, 1, [], None, 30, Config(), logging.getLogger("test"))
    touched = []
    real = worker.tmp.notify
    worker.tmp.notify = lambda: touched.append(clock[0]) or real()
    try:
        for _ in range(500):  # a turn of the event loop per request, in the same second
            worker.notify()
            clock[0] += 0.001
        assert touched == [1000.0]
        clock[0] += 1.0
        worker.notify()
        assert len(touched) == 2  # the arbiter still hears from it every second
    finally:
        worker.tmp.close()
