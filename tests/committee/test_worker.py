"""The pairing task against a real Redis broker and a real Celery worker.

Needs REDIS_URL and a PostgreSQL DATABASE_URL (the worker is another process
and must see the test database); skipped otherwise. The worker is started
as ``celery -A pairing_site worker`` on the test database.
"""

from __future__ import annotations

import time

import pytest
from django.db import connection

from committee import services
from committee.models import DraftVersion, PairingRun
from tests.workers import WITH_REAL_WORKERS, wait_for, workers

pytestmark = WITH_REAL_WORKERS

NODE = "committee-test@%h"


@pytest.fixture
def worker():
    """``worker(**env)`` starts the node ``NODE`` with ``env`` added to its environment."""
    with workers() as start:
        yield lambda **env: start(NODE, env=env)


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
