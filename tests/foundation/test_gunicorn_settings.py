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
