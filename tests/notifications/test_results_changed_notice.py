"""The committee is e-mailed when a round is completed with results a later pairing was not computed from.

Issue 18, item 6: round 1 reopened after round 2 was published, a result corrected, round 1
completed again: the committee's members and chair get one e-mail naming the changed scores
and the round's page; completing it again with the same results sends nothing more.
"""

from __future__ import annotations

import pytest

from notifications.models import Notice
from tests.committee.conftest import build_event, play_round, publish_round

pytestmark = pytest.mark.django_db


def test_the_committee_is_emailed_once_when_results_change_under_a_published_pairing(
    smtp_server, eager_celery, django_capture_on_commit_callbacks
):
    from operations.services import results

    ev = build_event("notice-results-changed")
    for key in ("member", "chair", "arbiter"):
        ev.users[key].email = f"{key}@example.org"
        ev.users[key].save()
    publish_round(ev.round(1), ev.member)
    play_round(ev.round(1))
    publish_round(ev.round(2), ev.member)
    rnd = ev.round(1)
    with django_capture_on_commit_callbacks(execute=True):
        results.reopen_round(rnd, by=ev.arbiter)
        match = rnd.matches.get(table=1)
        board = match.boards.get(board=1)
        flipped = "0-1" if board.result == "1-0" else "1-0"
        results.enter_results(match, {1: flipped}, by=ev.arbiter, expected={1: board.result})
        results.complete_round(ev.round(1), by=ev.arbiter)
    told = [m for m in smtp_server.messages if "rests on results that changed" in m["Subject"]]
    assert sorted(m["To"] for m in told) == ["chair@example.org", "member@example.org"]
    body = told[0].get_content()
    assert "That pairing is published" in body and "→" in body
    assert f"/committee/{ev.tournament.slug}/round/2/" in body
    with django_capture_on_commit_callbacks(execute=True):  # completed again on the same results
        results.reopen_round(ev.round(1), by=ev.arbiter)
        results.complete_round(ev.round(1), by=ev.arbiter)
    assert Notice.objects.filter(kind="results_changed").count() == 2


def test_completing_a_round_with_unchanged_results_tells_nobody(
    smtp_server, eager_celery, django_capture_on_commit_callbacks
):
    from operations.services import results

    ev = build_event("notice-results-same")
    ev.users["member"].email = "member@example.org"
    ev.users["member"].save()
    publish_round(ev.round(1), ev.member)
    play_round(ev.round(1))
    publish_round(ev.round(2), ev.member)
    with django_capture_on_commit_callbacks(execute=True):
        results.reopen_round(ev.round(1), by=ev.arbiter)
        results.complete_round(ev.round(1), by=ev.arbiter)
    assert not Notice.objects.filter(kind="results_changed").exists()
