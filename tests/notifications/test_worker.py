"""Notices through a real Celery worker on Redis, PostgreSQL and a real SMTP server.

Needs REDIS_URL and a PostgreSQL DATABASE_URL (the workers are other processes and
must see the test database); skipped otherwise. The workers are started as
``celery -A pairing_site worker`` with ``EMAIL_URL`` pointing at the test's SMTP server.
"""

from __future__ import annotations

import itertools
import time

import pytest

from committee import services
from committee.models import PairingRun
from notifications import tasks
from notifications.models import Notice
from tests.notifications.conftest import add_addresses
from tests.workers import WITH_REAL_WORKERS, wait_for
from tests.workers import workers as started_workers

pytestmark = WITH_REAL_WORKERS


@pytest.fixture
def workers(smtp_server):
    """``workers(n)`` starts n worker nodes sending mail to the test's SMTP server."""
    env = {"EMAIL_URL": smtp_server.url, "DJANGO_SITE_URL": "https://pairings.example.org"}
    with started_workers() as start:
        numbers = itertools.count()

        def start_nodes(n: int = 1) -> None:
            for _ in range(n):
                start(f"notices-{next(numbers)}@%h", loglevel="warning", env=env)

        yield start_nodes


def _publish_through_the_worker(event):
    rnd = event.round(1)
    run = services.request_pairing(round=rnd, user=event.member)
    wait_for(lambda: PairingRun.objects.get(pk=run.pk).status == PairingRun.Status.SUCCEEDED)
    version = services.current_version(rnd)
    services.approve(version=version, user=event.member)
    return services.publish(version=version, user=event.member)


def test_a_worker_sends_the_captains_their_notices_after_the_publication(workers, smtp_server):
    from tests.committee.conftest import build_event

    event = build_event("worker-notices")
    add_addresses(event)
    workers(1)
    _publish_through_the_worker(event)
    smtp_server.wait(13)  # 7 captains told of the pairing, 6 of the lineup window
    time.sleep(1.0)  # a duplicate would arrive here
    assert len(smtp_server.messages) == 13
    assert len(smtp_server.to("cap5@example.org")) == 2
    mail = next(m for m in smtp_server.to("cap5@example.org") if "published" in m["Subject"])
    assert "Team 5 plays Team 2 on table 2, with White on board 1." in mail.get_content()
    assert set(Notice.objects.values_list("status", flat=True)) == {"sent"}


def test_two_workers_given_the_same_event_four_times_send_each_message_once(workers, smtp_server):
    from tests.committee.conftest import build_event

    event = build_event("two-workers")
    workers(1)
    publication = _publish_through_the_worker(event)  # nobody has an address yet: nothing sent
    add_addresses(event)
    workers(1)  # a second node
    for _ in range(4):
        tasks.pairings_published.delay(publication.pk)
    wait_for(lambda: Notice.objects.filter(kind="pairings", status="sent").count() == 7)
    time.sleep(2.0)  # a duplicate would arrive here
    # (the lineup window's notices of the publication may reach the new addresses too)
    pairings = [m for m in smtp_server.messages if "pairings of round 1 published" in m["Subject"]]
    assert sorted(m["To"] for m in pairings) == sorted(
        ["captain@example.org", *(f"cap{tpn}@example.org" for tpn in range(2, 8))]
    )
    assert Notice.objects.filter(kind="pairings").count() == 7


def test_the_committee_hears_of_a_run_that_failed_in_the_worker(
    make_tournament, make_team, make_user, workers, smtp_server
):
    from tests.committee.conftest import play_round
    from tournaments.models.membership import Role

    t = make_tournament(initial_colour="w", rounds_total=3)
    for i in (1, 2):
        make_team(t, f"Duo {i}", tpn=i)
    member = make_user("duo-member", Role.COMMITTEE_MEMBER, t)
    member.email = "duo-member@example.org"
    member.save()
    workers(1)
    event = type("E", (), {"round": lambda self, n: t.rounds.get(number=n), "member": member})()
    play_round(_publish_through_the_worker(event).round)
    run = services.request_pairing(round=t.rounds.get(number=2), user=member)
    failed = wait_for(lambda: [m for m in smtp_server.messages if "failed" in m["Subject"]])
    assert failed[0]["To"] == "duo-member@example.org"
    assert f"pairing run {run.pk} for round 2" in failed[0].get_content()
