"""The pairing task against a real Redis broker and a real Celery worker.

Needs REDIS_URL and a PostgreSQL DATABASE_URL (the worker is another process
and must see the test database); skipped otherwise. The worker is started
as ``celery -A pairing_site worker`` on the test database.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from committee import services
from committee.models import DraftVersion, PairingRun

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
NODE = "committee-test@%h"


@pytest.fixture(autouse=True)
def _needs_redis_and_postgresql():
    if not os.environ.get("REDIS_URL"):
        pytest.skip("needs a Redis broker: set REDIS_URL (e.g. redis://127.0.0.1:6379/15)")
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://...): the worker must share the test database")


def _database_url() -> str:
    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s.get("PASSWORD") else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


class Worker:
    """A ``celery worker`` subprocess on the test database."""

    def __init__(self, **env):
        self.env = {**os.environ, "DATABASE_URL": _database_url(), "REDIS_URL": settings.REDIS_URL, **env}
        self.proc: subprocess.Popen | None = None

    def start(self) -> Worker:
        celery = str(Path(sys.executable).with_name("celery"))
        self.proc = subprocess.Popen(
            [
                celery,
                "-A",
                "pairing_site",
                "worker",
                "-n",
                NODE,
                "-c",
                "1",
                "-l",
                "info",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        return self

    def kill(self) -> None:
        """SIGKILL the worker and its pool processes, as a crash would."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def worker():
    from pairing_site.celery import app

    app.control.purge()
    started: list[Worker] = []

    def start(**env) -> Worker:
        w = Worker(**env).start()
        started.append(w)
        return w

    yield start
    for w in started:
        w.stop()


def wait_for(predicate, timeout: float = 60.0, every: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout} s")


def _status(run) -> str:
    return PairingRun.objects.values_list("status", flat=True).get(pk=run.pk)


def test_a_worker_computes_the_requested_pairing_and_a_second_request_joins_it(committee_event, worker):
    worker()
    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    joined = services.request_pairing(round=rnd, user=committee_event.chair)
    assert joined.pk == run.pk
    wait_for(lambda: _status(run) == PairingRun.Status.SUCCEEDED)
    run.refresh_from_db()
    assert run.claimed_by.startswith("committee-test@") and run.attempts == 1
    assert DraftVersion.objects.filter(run=run).count() == 1
    rnd.refresh_from_db()
    assert rnd.state == "draft_computed"


def test_a_run_interrupted_by_a_worker_crash_completes_once_after_the_restart(committee_event, worker):
    crashing = worker(COMMITTEE_RUN_TEST_PAUSE="30")
    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    wait_for(lambda: _status(run) == PairingRun.Status.RUNNING)
    crashing.kill()
    time.sleep(0.5)
    assert _status(run) == PairingRun.Status.RUNNING  # no one finished it
    worker()  # the same node starts again and takes back what it held
    wait_for(lambda: _status(run) == PairingRun.Status.SUCCEEDED)
    time.sleep(1.0)  # a duplicate delivery would show up here
    run.refresh_from_db()
    assert run.attempts == 2
    assert DraftVersion.objects.filter(run=run).count() == 1


def _other_sessions() -> int:
    """Sessions on the test database besides this test's own connection."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def test_an_idle_worker_holds_no_database_session_so_the_test_database_can_be_dropped(
    committee_event, worker
):
    worker()
    run = services.request_pairing(round=committee_event.round(1), user=committee_event.member)
    wait_for(lambda: _status(run) == PairingRun.Status.SUCCEEDED)
    # neither the main process (which looked for interrupted runs at start) nor the pool keeps one
    wait_for(lambda: _other_sessions() == 0, timeout=10)
