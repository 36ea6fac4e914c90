"""With a real Celery worker on Redis and PostgreSQL: its heartbeat, its JSON task lines, its counted runs.

Skipped without REDIS_URL and a PostgreSQL DATABASE_URL (the worker is another process and
must see the test database). The worker logs JSON (DJANGO_LOG_FORMAT=json) into a file and
writes its metrics into a folder of its own (PROMETHEUS_MULTIPROC_DIR), read here the way
``/metrics`` reads them under gunicorn.
"""

from __future__ import annotations

import contextlib
import json
import time
import uuid

import pytest
from prometheus_client import CollectorRegistry
from prometheus_client.multiprocess import MultiProcessCollector

from committee import services
from committee.models import PairingRun
from observability import heartbeat
from tests.workers import WITH_REAL_WORKERS, wait_for, workers

pytestmark = WITH_REAL_WORKERS


@pytest.fixture
def worker(tmp_path):
    """A ``celery worker`` logging JSON to a file, counting metrics in ``tmp_path / "metrics"``."""
    metrics_dir = tmp_path / "metrics"
    metrics_dir.mkdir()
    log_path = tmp_path / "worker.log"
    env = {
        "DJANGO_LOG_FORMAT": "json",
        "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir),
        "PAIRING_WORKER_HEARTBEAT_SECONDS": "1",
    }
    with open(log_path, "w") as log, workers(stop_timeout=30) as start:
        node = start(
            f"obs-{uuid.uuid4().hex[:8]}@test", env=env, without=("DJANGO_ALLOW_ASYNC_UNSAFE",), log=log
        )

        class Handle:
            name = node.node
            directory = metrics_dir

            @staticmethod
            def lines() -> list[dict]:
                out = []
                for line in log_path.read_text().splitlines():
                    if line.startswith("{"):
                        with contextlib.suppress(ValueError):
                            out.append(json.loads(line))
                return out

            @staticmethod
            def stop() -> None:
                node.stop(timeout=30)

        yield Handle


def test_a_running_worker_beats_and_healthz_says_so_and_a_stopped_one_is_forgotten(client, worker):
    wait_for(lambda: worker.name in heartbeat.workers_seen(), timeout=90)
    body = client.get("/healthz/").json()
    assert body["status"] == "ok" and body["worker"]["ok"] is True
    first = heartbeat.workers_seen()[worker.name]
    time.sleep(2.5)  # two more beats at one a second
    assert heartbeat.workers_seen()[worker.name] < first + 2.5 - 0.5
    worker.stop()
    assert worker.name not in heartbeat.workers_seen(within=3600)


def test_a_pairing_task_logs_one_json_line_with_its_tournament_and_round_and_is_counted(
    committee_event, worker
):
    wait_for(lambda: worker.name in heartbeat.workers_seen(), timeout=90)
    run = services.request_pairing(round=committee_event.round(1), user=committee_event.member)
    wait_for(lambda: PairingRun.objects.get(pk=run.pk).status == PairingRun.Status.SUCCEEDED, timeout=90)

    def task_line():
        return next(
            (
                x
                for x in worker.lines()
                if x.get("event") == "task" and x.get("task") == "committee.compute_pairing"
            ),
            None,
        )

    line = wait_for(task_line, timeout=30)
    assert line["state"] == "SUCCESS" and line["level"] == "INFO" and line["logger"] == "pairing_site.task"
    assert line["tournament"] == committee_event.tournament.slug and line["round"] == 1
    assert line["duration_ms"] > 0 and line["worker"] == worker.name
    run_line = next(x for x in worker.lines() if x.get("event") == "pairing_run")
    assert run_line["outcome"] == "succeeded" and run_line["tournament"] == committee_event.tournament.slug

    registry = CollectorRegistry()
    MultiProcessCollector(registry, path=str(worker.directory))
    labels = {"system": committee_event.tournament.pairing_system, "outcome": "succeeded"}
    assert registry.get_sample_value("pairing_site_pairing_runs_total", labels) == 1
    assert registry.get_sample_value("pairing_site_pairing_run_seconds_count", labels) == 1
