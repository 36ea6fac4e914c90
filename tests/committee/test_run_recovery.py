"""A run whose worker died is taken up again, attempt by attempt, then fails plainly (issue 18 item 2).

The claim, the take-up and the plain failure are conditional UPDATEs: of two
workers (or a worker and the beat task) acting on the same run at once, one
has an effect. The real worker killed mid-run is in ``test_worker.py``.
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, connections
from django.test import TestCase
from django.utils import timezone

from committee import services
from committee.models import DraftVersion, PairingRun
from committee.services import run_lease, runs
from committee.signals import pairing_run_failed
from tournaments.models import RoundState

pytestmark = pytest.mark.django_db

Status = PairingRun.Status


@pytest.fixture
def told():
    """The runs the committee is told failed (notifications.receivers e-mails it from this signal)."""
    failed: list[int] = []
    pairing_run_failed.connect(
        lambda sender, run, **kw: failed.append(run.pk), weak=False, dispatch_uid="told"
    )
    yield failed
    pairing_run_failed.disconnect(dispatch_uid="told")


def _worker_dies(run) -> None:
    """The worker holding ``run`` stopped renewing its lease: it expired."""
    PairingRun.objects.filter(pk=run.pk).update(lease_until=timezone.now() - timedelta(seconds=1))


def _page(client, event) -> str:
    client.force_login(event.member)
    return client.get(f"/committee/{event.tournament.slug}/round/1/").content.decode()


def test_two_claims_of_a_queued_run_give_it_to_one_worker(committee_event):
    run = services.request_pairing(round=committee_event.round(1), user=committee_event.member)
    first = runs.claim_run(run.pk, "worker-a")
    second = runs.claim_run(run.pk, "worker-b")
    assert first and second is None
    run.refresh_from_db()
    assert (run.claimed_by, run.attempts, run.claim_token) == ("worker-a", 1, first)


def test_two_claims_of_a_run_whose_lease_expired_give_it_to_one_worker(committee_event):
    run = services.request_pairing(round=committee_event.round(1), user=committee_event.member)
    gone = runs.claim_run(run.pk, "worker-gone")
    _worker_dies(run)
    tokens = [runs.claim_run(run.pk, "worker-a"), runs.claim_run(run.pk, "worker-b")]
    assert tokens[0] and tokens[1] is None
    run.refresh_from_db()
    assert run.attempts == 2 and run.claimed_by == "worker-a"
    assert not run_lease.renew_lease(run.pk, gone)  # the dead holder's claim is over
    assert run_lease.renew_lease(run.pk, tokens[0])


def test_a_live_lease_is_not_taken_over_and_its_holder_renews_it(committee_event):
    run = services.request_pairing(round=committee_event.round(1), user=committee_event.member)
    token = runs.claim_run(run.pk, "worker-a")
    assert runs.claim_run(run.pk, "worker-b") is None
    assert runs.take_up_expired_run(run.pk) is None
    assert runs.take_up_expired_runs() == []
    before = PairingRun.objects.get(pk=run.pk).lease_until
    assert run_lease.renew_lease(run.pk, token)
    assert PairingRun.objects.get(pk=run.pk).lease_until >= before
    assert 0 < runs.lease_left(run.pk) <= run_lease.lease_seconds()


@pytest.mark.django_db(transaction=True)
def test_two_workers_claiming_an_expired_run_at_the_same_moment_compute_it_once(committee_event):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: several connections at once")
    run = services.request_pairing(round=committee_event.round(1), user=committee_event.member)
    runs.claim_run(run.pk, "worker-gone")
    _worker_dies(run)
    barrier = threading.Barrier(2)
    results: dict[str, object] = {}

    def work(name: str) -> None:
        try:
            barrier.wait()
            results[name] = runs.execute_run(run.pk, name)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=work, args=(name,)) for name in ("worker-a", "worker-b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    done = [r for r in results.values() if r is not None]
    assert len(results) == 2 and len(done) == 1, results
    run.refresh_from_db()
    assert run.status == Status.SUCCEEDED and run.attempts == 2
    assert DraftVersion.objects.filter(run=run).count() == 1


def test_the_beat_task_queues_again_a_run_whose_worker_died_and_it_is_drafted(committee_event):
    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    runs.claim_run(run.pk, "worker-gone")
    _worker_dies(run)
    with TestCase.captureOnCommitCallbacks() as sent:
        assert runs.take_up_expired_runs() == [run.pk]
        assert runs.take_up_expired_runs() == []  # once: it is queued now
    assert len(sent) == 1  # one message enqueued
    run.refresh_from_db()
    assert run.status == Status.QUEUED and run.attempts == 1 and run.claim_token == ""
    assert services.execute_run(run.pk, "worker-b").status == Status.SUCCEEDED
    run.refresh_from_db()
    assert run.attempts == 2
    rnd.refresh_from_db()
    assert rnd.state == RoundState.DRAFT_COMPUTED


def test_asking_for_the_pairing_again_queues_a_run_whose_worker_died_instead_of_returning_it(
    committee_event, eager_celery
):
    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    runs.claim_run(run.pk, "worker-gone")
    # while its worker lives, asking again joins the run and sends nothing
    with TestCase.captureOnCommitCallbacks() as sent:
        joined = services.request_pairing(round=rnd, user=committee_event.chair)
    assert joined.pk == run.pk and joined.status == Status.RUNNING and not sent
    _worker_dies(run)
    with TestCase.captureOnCommitCallbacks(execute=True) as sent:  # the task runs at commit, in-process
        again = services.request_pairing(round=rnd, user=committee_event.chair)
    assert again.pk == run.pk and again.status == Status.QUEUED and len(sent) == 1
    run.refresh_from_db()
    assert run.status == Status.SUCCEEDED and run.attempts == 2
    assert DraftVersion.objects.filter(run=run).count() == 1


def test_a_run_whose_worker_died_on_every_attempt_fails_plainly_and_may_be_asked_for_again(
    committee_event, client, settings, told
):
    settings.PAIRING_RUN_MAX_ATTEMPTS = 3
    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    for attempt in (1, 2, 3):
        assert runs.claim_run(run.pk, f"worker-{attempt}")
        _worker_dies(run)
        expected = Status.QUEUED if attempt < 3 else Status.FAILED
        assert runs.take_up_expired_run(run.pk) == expected
    assert runs.claim_run(run.pk, "worker-4") is None
    run.refresh_from_db()
    assert run.status == Status.FAILED and run.attempts == 3
    assert run.error == (
        "The worker computing this pairing stopped before finishing, 3 times (for example it ran out of "
        "memory or time). Nothing was changed: ask for the pairing again, and tell the site's "
        "administrator if it happens again."
    )
    rnd.refresh_from_db()
    assert rnd.state == RoundState.AWAITING_RESULTS
    page = _page(client, committee_event)
    assert f"Pairing run {run.pk} failed" in page and "stopped before finishing, 3 times" in page
    assert "every 1s" not in page
    assert told == [run.pk]

    again = services.request_pairing(round=rnd, user=committee_event.member)
    assert again.pk == run.pk and again.status == Status.QUEUED
    assert (again.attempts, again.error) == (0, "")  # a fresh set of attempts
    assert services.execute_run(run.pk, "worker-5").status == Status.SUCCEEDED


def test_a_message_for_a_run_that_used_up_its_attempts_fails_it_plainly(committee_event, settings):
    settings.PAIRING_RUN_MAX_ATTEMPTS = 1
    run = services.request_pairing(round=committee_event.round(1), user=committee_event.member)
    runs.claim_run(run.pk, "worker-gone")
    _worker_dies(run)
    assert services.execute_run(run.pk, "worker-b") is None  # the redelivered message
    run.refresh_from_db()
    assert run.status == Status.FAILED and "stopped before finishing (1 attempt;" in run.error


def test_the_committee_page_shows_the_attempt_and_a_worker_that_stopped_answering(committee_event, client):
    run = services.request_pairing(round=committee_event.round(1), user=committee_event.member)
    runs.claim_run(run.pk, "worker-gone")
    assert "(attempt 1 of 3)" in _page(client, committee_event)
    _worker_dies(run)
    page = _page(client, committee_event)
    assert "(attempt 1 of 3): its worker stopped answering at" in page
    assert "the run is being taken up again" in page
    runs.take_up_expired_runs()
    page = _page(client, committee_event)
    assert f"Pairing run {run.pk}: <strong>queued</strong>" in page
    assert "attempt 2 of 3, the previous attempt stopped before finishing" in page
    services.execute_run(run.pk, "worker-b")
    page = _page(client, committee_event)
    assert "Computed on attempt 2 of 3" in page


def test_beat_takes_up_expired_runs_every_half_minute_with_a_registered_task(settings):
    from pairing_site.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["pairing-runs-take-up"]
    assert entry["schedule"] == 30.0
    assert entry["task"] in app.tasks  # the name committee.tasks registers
