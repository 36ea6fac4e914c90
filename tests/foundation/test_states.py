"""The round cycle allows only the documented transitions."""

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import RoundState as S
from tournaments.services import transition_round
from tournaments.states import TRANSITIONS, allowed_targets, can_transition

FORWARD = [
    S.AWAITING_RESULTS,
    S.PAIRING_REQUESTED,
    S.DRAFT_COMPUTED,
    S.UNDER_REVIEW,
    S.APPROVED,
    S.PUBLISHED,
    S.LINEUPS_OPEN,
    S.LINEUPS_CLOSED,
    S.BOARD_PAIRINGS_POSTED,
    S.IN_PLAY,
    S.COMPLETE,
]


def test_every_state_has_its_transitions_listed():
    assert set(TRANSITIONS) == set(S.values)


def test_the_cycle_runs_forward_through_every_state():
    for a, b in zip(FORWARD, FORWARD[1:], strict=False):
        assert can_transition(a, b), f"{a} -> {b}"


def test_an_approved_pairing_cannot_be_published_without_review_skipping():
    assert not can_transition(S.DRAFT_COMPUTED, S.APPROVED)
    assert not can_transition(S.PAIRING_REQUESTED, S.PUBLISHED)
    assert not can_transition(S.LINEUPS_OPEN, S.IN_PLAY)


def test_a_draft_under_review_can_be_paired_again():
    assert S.PAIRING_REQUESTED in allowed_targets(S.UNDER_REVIEW)


def test_transition_service_walks_a_round_through_the_cycle_and_records_history(make_tournament, make_user):
    t = make_tournament()
    r1 = t.rounds.get(number=1)
    chair = make_user("chair")
    for target in FORWARD[1:]:
        r1 = transition_round(r1, target, by=chair)
    assert r1.state == S.COMPLETE
    assert r1.published_at is not None
    assert r1.history.count() == len(FORWARD)
    assert r1.history.latest().history_user == chair


def test_transition_service_refuses_a_jump_with_a_clear_message(make_tournament):
    r1 = make_tournament().rounds.get(number=1)
    with pytest.raises(ValidationError, match="cannot go from awaiting_results to published"):
        transition_round(r1, S.PUBLISHED)
    r1.refresh_from_db()
    assert r1.state == S.AWAITING_RESULTS


def test_a_round_cannot_be_paired_before_the_previous_round_is_complete(make_tournament):
    r2 = make_tournament().rounds.get(number=2)
    with pytest.raises(ValidationError, match="before round\\(s\\) 1 are complete"):
        transition_round(r2, S.PAIRING_REQUESTED)


def test_an_unknown_state_is_refused(make_tournament):
    r1 = make_tournament().rounds.get(number=1)
    with pytest.raises(ValidationError, match="not a round state"):
        transition_round(r1, "paired")


def _walk(rnd, until):
    for target in FORWARD[FORWARD.index(rnd.state) + 1 : FORWARD.index(until) + 1]:
        rnd = transition_round(rnd, target)
    return rnd


def test_rule_11_a_round_may_be_paired_with_unfinished_games_as_draws_while_the_previous_round_is_in_play(
    make_tournament,
):
    t = make_tournament()
    _walk(t.rounds.get(number=1), S.IN_PLAY)
    r2 = transition_round(t.rounds.get(number=2), S.PAIRING_REQUESTED, unfinished_as_draws=True)
    assert r2.state == S.PAIRING_REQUESTED


def test_without_unfinished_as_draws_a_previous_round_in_play_blocks_the_pairing(make_tournament):
    t = make_tournament()
    _walk(t.rounds.get(number=1), S.IN_PLAY)
    r2 = t.rounds.get(number=2)
    with pytest.raises(ValidationError, match="before round\\(s\\) 1 are complete"):
        transition_round(r2, S.PAIRING_REQUESTED)
    r2.refresh_from_db()
    assert r2.state == S.AWAITING_RESULTS


def test_rule_11_does_not_let_a_round_be_paired_before_the_previous_round_is_in_play(make_tournament):
    t = make_tournament()
    _walk(t.rounds.get(number=1), S.BOARD_PAIRINGS_POSTED)
    with pytest.raises(ValidationError, match="rule 11 excepts only the previous round"):
        transition_round(t.rounds.get(number=2), S.PAIRING_REQUESTED, unfinished_as_draws=True)


def test_rule_11_excepts_only_the_previous_round_not_older_ones(make_tournament):
    t = make_tournament()
    _walk(t.rounds.get(number=1), S.IN_PLAY)
    r2 = transition_round(t.rounds.get(number=2), S.PAIRING_REQUESTED, unfinished_as_draws=True)
    _walk(r2, S.IN_PLAY)
    with pytest.raises(ValidationError, match="round\\(s\\) 1 are complete"):
        transition_round(t.rounds.get(number=3), S.PAIRING_REQUESTED, unfinished_as_draws=True)
