"""Notices by e-mail (issue 12, section 2), read from a real SMTP server (aiosmtpd).

Tasks run in-process here (``eager_celery``) once the transaction commits;
tests/notifications/test_worker.py sends the same notices through a real
Celery worker on Redis.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from committee import services
from notifications import tasks
from notifications.models import Notice
from notifications.services import events, outbox
from notifications.services.preferences import update_preferences
from tests.committee.conftest import publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(notice_event, smtp_server, eager_celery, django_capture_on_commit_callbacks):
    """Round 1 published (Team 1-4, 5-2, 3-6, Team 7 the bye); its notices delivered."""
    with django_capture_on_commit_callbacks(execute=True):
        publication = publish_round(notice_event.round(1), notice_event.member)
    notice_event.publication = publication
    return notice_event


def _subjects(inbox, address):
    return sorted(m["Subject"] for m in inbox.to(address))


@pytest.fixture
def window_by_hand(make_tournament, make_team, make_user):
    """Two teams whose lineup window is not opened on publication; TPN 1's captain has an address."""
    from tests.notifications.conftest import captain_with_address
    from tournaments.models.membership import Role

    t = make_tournament(initial_colour="w", rounds_total=3, lineups_open_on_publication=False)
    teams = [make_team(t, f"Hand {i}", tpn=i) for i in (1, 2)]
    member = make_user("hand-member", Role.COMMITTEE_MEMBER, t)
    arbiter = make_user("hand-arbiter", Role.ARBITER, t)
    captain_with_address(t, teams[0], "hand1@example.org")
    return t, member, arbiter


def test_captains_are_told_the_pairings_are_published_with_their_own_match(published, smtp_server):
    pairing_mails = [m for m in smtp_server.messages if "pairings of round 1 published" in m["Subject"]]
    assert sorted(m["To"] for m in pairing_mails) == sorted(
        ["captain@example.org", *(f"cap{tpn}@example.org" for tpn in range(2, 8))]
    )
    mail = next(m for m in smtp_server.to("captain@example.org") if "published" in m["Subject"])
    body = mail.get_content()
    assert "Team 1 plays Team 4 on table 1, with White on board 1." in body
    assert f"https://pairings.example.org/t/{published.tournament.slug}/round/1/pairings/" in body
    assert "https://pairings.example.org/notifications/" in body  # where to switch them off
    bye = next(m for m in smtp_server.to("cap7@example.org") if "published" in m["Subject"])
    assert "Team 7 receives the pairing-allocated bye." in bye.get_content()
    assert smtp_server.envelopes[0][0] == "pairings@localhost"


def test_captains_are_told_the_lineup_window_is_open_with_the_deadline(published, smtp_server):
    window = [m for m in smtp_server.messages if "lineup window of round 1 is open" in m["Subject"]]
    # the six teams that play; the bye needs no lineup
    assert sorted(m["To"] for m in window) == sorted(
        ["captain@example.org", *(f"cap{tpn}@example.org" for tpn in range(2, 7))]
    )
    body = next(m for m in window if m["To"] == "cap4@example.org").get_content()
    assert "Team 4 plays Team 1 on table 1, with Black on board 1." in body
    assert f"/ops/t/{published.tournament.slug}/r/1/lineup/?team=4" in body


def test_a_correction_tells_the_captains_what_changed_and_why(
    published, smtp_server, django_capture_on_commit_callbacks
):
    rnd, member = published.round(1), published.member
    before = len(smtp_server.messages)
    with django_capture_on_commit_callbacks(execute=True):
        services.start_correction(round=rnd, user=member, reason="Team 5 arrived late")
        version = services.amend_draft(
            version=services.current_version(rnd), operation="swap_colours", team_a=5, user=member
        )
        services.approve(version=version, user=published.member2)
        services.publish(version=version, user=member, reason="Colours of table 2 corrected")
    new = smtp_server.messages[before:]
    assert {m["Subject"] for m in new} == {
        f"{published.tournament.name}: pairings of round 1 corrected (publication 2)"
    }  # the lineup window was already announced: no second window notice
    assert len(new) == 7
    body = next(m for m in new if m["To"] == "cap2@example.org").get_content()
    assert "Reason: Colours of table 2 corrected" in body
    assert "- withdrawn: Team 5 – Team 2" in body and "- now: Team 2 – Team 5" in body
    assert "Team 2 plays Team 5 on table 2, with White on board 1." in body


def test_each_notice_is_sent_once_when_its_event_is_dispatched_again(published, smtp_server):
    count = len(smtp_server.messages)
    assert tasks.pairings_published(published.publication.pk) == 0
    assert tasks.lineup_window_opened(published.round(1).pk, "first") == 0
    assert len(smtp_server.messages) == count
    keys = Notice.objects.filter(kind="pairings").values_list("event_key", "recipient__email")
    assert len(keys) == len(set(keys)) == 7
    assert set(Notice.objects.values_list("status", flat=True)) == {"sent"}


def test_a_user_who_switched_a_notice_off_does_not_get_it(
    notice_event, smtp_server, eager_celery, django_capture_on_commit_callbacks
):
    update_preferences(notice_event.captains[2], pairings=False)
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(notice_event.round(1), notice_event.member)
    assert _subjects(smtp_server, "cap2@example.org") == [
        f"{notice_event.tournament.name}: the lineup window of round 1 is open"
    ]
    assert len(smtp_server.to("cap3@example.org")) == 2


def test_the_reminder_reaches_only_captains_without_a_lineup_one_hour_before_the_deadline(
    published, smtp_server
):
    from operations.services.lineups import submit_lineup
    from tournaments.models import Round

    rnd = published.round(1)
    deadline = timezone.now() + dt.timedelta(minutes=50)
    Round.objects.filter(pk=rnd.pk).update(lineups_close_at=deadline)
    team1 = published.tournament.teams.get(tpn=1)
    submit_lineup(team1, rnd, list(team1.players.order_by("board_order")[:4]), by=published.captain)
    before = len(smtp_server.messages)

    assert events.lineup_reminders(deadline - dt.timedelta(hours=2)) == 0  # too early
    assert events.lineup_reminders(deadline - dt.timedelta(minutes=50)) == 5
    reminders = smtp_server.messages[before:]
    assert sorted(m["To"] for m in reminders) == [f"cap{tpn}@example.org" for tpn in range(2, 7)]
    body = reminders[0].get_content()
    assert "no lineup of Team" in body and "in 50 minutes" in body
    # the beat runs every minute: nobody is reminded twice
    assert events.lineup_reminders(deadline - dt.timedelta(minutes=49)) == 0
    assert events.lineup_reminders(deadline + dt.timedelta(minutes=1)) == 0  # closed
    assert len(smtp_server.messages) == before + 5


def test_a_moved_deadline_reminds_again(published, smtp_server):
    from tournaments.models import Round

    rnd = published.round(1)
    first = timezone.now() + dt.timedelta(minutes=30)
    Round.objects.filter(pk=rnd.pk).update(lineups_close_at=first)
    assert events.lineup_reminders(first - dt.timedelta(minutes=30)) == 6
    later = first + dt.timedelta(hours=3)
    Round.objects.filter(pk=rnd.pk).update(lineups_close_at=later)
    assert events.lineup_reminders(later - dt.timedelta(minutes=10)) == 6


def test_the_beat_schedule_runs_the_sweep_every_minute(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["notices-sweep"]
    assert entry == {"task": "notifications.sweep", "schedule": 60.0}
    assert tasks.sweep.name == "notifications.sweep"


def test_a_window_opened_by_hand_is_announced_and_a_reopened_one_again(
    window_by_hand, smtp_server, eager_celery, django_capture_on_commit_callbacks
):
    from operations.services import lineups

    t, member, arbiter = window_by_hand
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(t.rounds.get(number=1), member)
    assert _subjects(smtp_server, "hand1@example.org") == [f"{t.name}: pairings of round 1 published"]
    rnd = t.rounds.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        lineups.open_lineups(rnd, by=arbiter)
    rnd.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        lineups.close_lineups(rnd, by=arbiter)
    rnd.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        lineups.reopen_lineups(rnd, by=arbiter)
    window = [m for m in smtp_server.to("hand1@example.org") if "lineup window" in m["Subject"]]
    assert len(window) == 2


def test_closing_the_window_at_once_sends_no_window_notice(
    window_by_hand, smtp_server, eager_celery, django_capture_on_commit_callbacks
):
    from operations.services import lineups

    t, member, arbiter = window_by_hand
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(t.rounds.get(number=1), member)
        lineups.close_lineups(t.rounds.get(number=1), by=arbiter)  # opened and closed in one go
    assert _subjects(smtp_server, "hand1@example.org") == [f"{t.name}: pairings of round 1 published"]


def test_the_committee_is_told_when_a_pairing_run_fails(
    make_tournament, make_team, make_user, smtp_server, eager_celery, django_capture_on_commit_callbacks
):
    from tests.committee.conftest import play_round
    from tournaments.models.membership import Role

    t = make_tournament(initial_colour="w", rounds_total=3)
    for i in (1, 2):
        make_team(t, f"Duo {i}", tpn=i)
    member = make_user("duo-member", Role.COMMITTEE_MEMBER, t)
    chair = make_user("duo-chair", Role.COMMITTEE_CHAIR, t)
    arbiter = make_user("duo-arbiter", Role.ARBITER, t)
    for user in (member, chair, arbiter):
        user.email = f"{user.username}@example.org"
        user.save()
    play_round(publish_round(t.rounds.get(number=1), member).round)
    with django_capture_on_commit_callbacks(execute=True):
        run = services.request_pairing(round=t.rounds.get(number=2), user=member)
        services.execute_run(run.pk, "w")
    failed = [m for m in smtp_server.messages if "failed" in m["Subject"]]
    assert sorted(m["To"] for m in failed) == ["duo-chair@example.org", "duo-member@example.org"]
    body = failed[0].get_content()
    assert f"pairing run {run.pk} for round 2" in body
    assert "No pairing complies with the absolute criteria" in body
    assert f"/committee/{t.slug}/round/2/" in body


def test_a_refused_message_is_retried_by_the_sweep_and_then_sent_once(
    notice_event, smtp_server, settings, eager_celery, django_capture_on_commit_callbacks
):
    from tests.notifications.conftest import free_port

    settings.EMAIL_PORT = free_port()  # nobody listens: every send fails
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(notice_event.round(1), notice_event.member)
    assert smtp_server.messages == []
    assert set(Notice.objects.values_list("status", "attempts")) == {("failed", 1)}
    settings.EMAIL_PORT = smtp_server.port
    assert outbox.retry_due(timezone.now()) == 0  # not due yet (one minute after the first attempt)
    assert outbox.retry_due(timezone.now() + dt.timedelta(minutes=2)) == 13
    assert outbox.retry_due(timezone.now() + dt.timedelta(minutes=10)) == 0
    assert len(smtp_server.messages) == 13
    assert set(Notice.objects.values_list("status", "attempts")) == {("sent", 2)}


def test_a_user_without_an_address_gets_no_notice_and_no_row(
    smtp_server, eager_celery, django_capture_on_commit_callbacks
):
    from tests.committee.conftest import build_event

    event = build_event("no-addresses")
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(event.round(1), event.member)
    assert smtp_server.messages == [] and not Notice.objects.exists()
