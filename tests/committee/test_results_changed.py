"""Results changed under a drafted, approved or published pairing (issue 18, item 6).

Round 1 is played and complete, round 2 published; an arbiter reopens round 1 and corrects a
result. Every page then says that round 2's pairing rests on results that changed, derived
from the run's snapshot against the results now (never a flag), until the committee keeps the
pairing with a recorded decision or corrects it.
"""

from __future__ import annotations

import pytest

from committee import basis, services
from tests.committee.conftest import play_round, publish_round
from tournaments.models import RoundState

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_two_published(committee_event):
    ev = committee_event
    publish_round(ev.round(1), ev.member)
    play_round(ev.round(1))
    publish_round(ev.round(2), ev.member)
    return ev


def flip_table_one(ev):
    """Reopen round 1 and turn table 1's board 1 round (the winner now loses)."""
    from operations.services import results

    rnd = ev.round(1)
    results.reopen_round(rnd, by=ev.arbiter)
    match = rnd.matches.get(table=1)
    board = match.boards.get(board=1)
    flipped = "0-1" if board.result == "1-0" else "1-0"
    results.enter_results(match, {1: flipped}, by=ev.arbiter, expected={1: board.result})
    return match


def test_a_published_pairing_rests_on_unchanged_results_until_a_result_is_corrected(round_two_published):
    ev = round_two_published
    assert not basis.basis_of(ev.round(2)).changed
    match = flip_table_one(ev)
    found = basis.basis_of(ev.round(2))
    assert found.changed and found.stale and found.published
    names = {c.name for c in found.changes}
    assert {match.white_team.name, match.black_team.name} <= names
    assert "→" in found.changes_text and "MP" in found.changes_text


def test_correcting_the_result_back_shows_the_pairing_on_its_results_again(round_two_published):
    from operations.services import results

    ev = round_two_published
    match = flip_table_one(ev)
    board = match.boards.get(board=1)
    back = "0-1" if board.result == "1-0" else "1-0"
    results.enter_results(match, {1: back}, by=ev.arbiter, expected={1: board.result})
    assert not basis.basis_of(ev.round(2)).changed


def test_keeping_the_pairing_records_a_decision_and_a_new_change_shows_it_again(round_two_published):
    from operations.services import results

    ev = round_two_published
    match = flip_table_one(ev)
    decision = services.keep_pairing(round=ev.round(2), user=ev.member, note="Swiss groups unchanged")
    assert decision.text.startswith("Pairing kept on the changed results (")
    assert decision.text.endswith("Swiss groups unchanged")
    found = basis.basis_of(ev.round(2))
    assert found.changed and not found.stale and found.kept == decision
    board2 = match.boards.get(board=2)
    results.enter_results(match, {2: "1-0"}, by=ev.arbiter, expected={2: board2.result})
    assert basis.basis_of(ev.round(2)).stale


def test_keeping_needs_a_reason_and_a_change(round_two_published):
    from django.core.exceptions import ValidationError

    ev = round_two_published
    with pytest.raises(ValidationError, match="have not changed"):
        services.keep_pairing(round=ev.round(2), user=ev.member, note="nothing")
    flip_table_one(ev)
    with pytest.raises(ValidationError, match="Say why"):
        services.keep_pairing(round=ev.round(2), user=ev.member, note="  ")


def test_only_the_committee_keeps_a_pairing(round_two_published):
    from django.core.exceptions import PermissionDenied

    ev = round_two_published
    flip_table_one(ev)
    for user in (ev.arbiter, ev.captain, ev.outsider):
        with pytest.raises(PermissionDenied):
            services.keep_pairing(round=ev.round(2), user=user, note="kept")


def test_the_checker_runs_again_on_the_new_scores(round_two_published):
    ev = round_two_published
    flip_table_one(ev)
    found = basis.basis_of(ev.round(2))
    report = basis.recheck(found)
    assert set(report) >= {"violations", "differences"}
    assert basis.recheck(found) == report  # kept for the same results


def test_a_drafted_pairing_is_compared_too(committee_event, compute):
    ev = committee_event
    publish_round(ev.round(1), ev.member)
    play_round(ev.round(1))
    compute(ev.round(2), ev.member)
    assert ev.round(2).state == RoundState.DRAFT_COMPUTED
    flip_table_one(ev)
    found = basis.basis_of(ev.round(2))
    assert found.stale and not found.published
