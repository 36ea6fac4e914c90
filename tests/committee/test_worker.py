"""The pairing task against a real Redis broker and a real Celery worker.

Needs REDIS_URL and a PostgreSQL DATABASE_URL (the worker is another process
and must see the test database); skipped otherwise. The worker is started
as ``celery -A pairing_site worker`` on the test database.
"""

from __future__ import annotations

import time

import pytest
from django.db import connection
from rest_framework.test import APIClient

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


def _lease(run):
    return PairingRun.objects.values_list("lease_until", flat=True).get(pk=run.pk)


def _running_with_its_lease_renewed(run):
    """Wait until the run is being computed and its worker has renewed the lease once."""
    wait_for(lambda: _status(run) == PairingRun.Status.RUNNING)
    first = _lease(run)
    wait_for(lambda: _lease(run) > first, timeout=20)


def test_a_run_whose_pool_process_is_killed_is_taken_up_again_and_drafted_without_a_restart(
    committee_event, worker
):
    # the first attempt pauses 60 s (a long computation); the lease is 3 s, renewed every second
    node = worker(COMMITTEE_RUN_TEST_PAUSE="60", PAIRING_RUN_LEASE_SECONDS="3")
    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    _running_with_its_lease_renewed(run)
    killed = node.kill_pool_process()  # the out-of-memory killer's way: the main process lives on

    wait_for(lambda: _status(run) == PairingRun.Status.SUCCEEDED, timeout=60)
    assert node.running() and killed not in node.pool_processes()  # no restart of the worker
    time.sleep(1.0)  # a duplicate delivery would show up here
    run.refresh_from_db()
    assert run.attempts == 2 and run.error == ""
    assert DraftVersion.objects.filter(run=run).count() == 1
    rnd.refresh_from_db()
    assert rnd.state == "draft_computed"
    api = APIClient()
    api.force_authenticate(committee_event.member)
    answer = api.get(f"/api/runs/{run.pk}/").json()
    assert (answer["status"], answer["attempts"], answer["max_attempts"]) == ("succeeded", 2, 3)


def test_a_run_whose_pool_process_is_killed_on_its_last_attempt_fails_plainly_and_may_be_asked_again(
    committee_event, worker, client
):
    node = worker(COMMITTEE_RUN_TEST_PAUSE="60", PAIRING_RUN_LEASE_SECONDS="3", PAIRING_RUN_MAX_ATTEMPTS="1")
    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    _running_with_its_lease_renewed(run)
    node.kill_pool_process()

    wait_for(lambda: _status(run) == PairingRun.Status.FAILED, timeout=60)
    run.refresh_from_db()
    assert run.attempts == 1
    assert run.error.startswith("The worker computing this pairing stopped before finishing")
    rnd.refresh_from_db()
    assert rnd.state == "awaiting_results"  # the round is as it was: amending and asking again are open
    client.force_login(committee_event.member)
    page = client.get(f"/committee/{committee_event.tournament.slug}/round/1/").content.decode()
    assert f"Pairing run {run.pk} failed" in page and "ask for the pairing again" in page
    assert "every 1s" not in page  # no "running since ..." left polling for ever


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


def test_a_run_whose_worker_node_died_is_taken_up_by_beat_on_another_node(committee_event, tmp_path):
    with workers() as start:
        dying = start("dying@%h", env={"COMMITTEE_RUN_TEST_PAUSE": "60", "PAIRING_RUN_LEASE_SECONDS": "3"})
        rnd = committee_event.round(1)
        run = services.request_pairing(round=rnd, user=committee_event.member)
        _running_with_its_lease_renewed(run)
        dying.kill()  # main process and pool: the message stays unacknowledged in Redis for an hour
        time.sleep(0.5)
        assert _status(run) == PairingRun.Status.RUNNING
        # another node, which never held the run, with beat taking up expired runs every second
        beat = ("-B", "--schedule", str(tmp_path / "celerybeat-schedule"))
        start("other@%h", env={"PAIRING_RUN_TAKE_UP_SECONDS": "1"}, args=beat)
        wait_for(lambda: _status(run) == PairingRun.Status.SUCCEEDED, timeout=60)
    run.refresh_from_db()
    assert run.attempts == 2 and run.claimed_by.startswith("other@")
    assert DraftVersion.objects.filter(run=run).count() == 1
