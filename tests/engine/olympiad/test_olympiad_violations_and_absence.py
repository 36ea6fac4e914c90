"""Checking a hand-amended pairing, and round 1's absent teams (rules 52-53)."""

from dataclasses import replace

from engine import api
from engine.olympiad import violations
from engine.olympiad.absence import no_show_records
from engine.result import Pair, RoundPairing
from engine.state import Colour, Outcome, RoundRecord

from .builders import pairs_by_tpn, tournament

ROUND_1 = [[(1, 3, 2), (2, 4, 2)]]


def proposal(rnd, *pairs, bye=None):
    return RoundPairing(round=rnd, pairs=[Pair(w, b) for w, b in pairs], bye=bye)


def criteria(found, absolute=None):
    return {v.criterion for v in found if absolute is None or v.absolute == absolute}


def test_olympiad_violations_engine_pairing_breaks_nothing():
    state = tournament(8, [[(1, 5, 2), (2, 6, 3), (3, 7, 2), (4, 8, 1)]])
    assert violations(state, api.pair(state)) == []


def test_olympiad_1998_rule_14a_rematch_is_an_absolute_violation():
    state = tournament(4, ROUND_1)
    found = violations(state, proposal(2, (1, 3), (2, 4)))
    assert "Olympiad 1998 rule 14(a)" in criteria(found, absolute=True)


def test_olympiad_violations_unpaired_and_doubly_paired_teams_are_absolute():
    state = tournament(4)
    found = violations(state, proposal(1, (1, 2), (1, 3)))
    messages = " / ".join(v.message for v in found if v.absolute)
    assert "team 1 appears 2 times" in messages
    assert "T4 (4) is not paired" in messages


def test_olympiad_1998_rules_10_and_14b_second_bye_is_absolute():
    state = tournament(5, [[(1, 3, 2), (2, 4, 2)]], byes={1: 5})
    found = violations(state, proposal(2, (1, 2), (3, 4), bye=5))
    assert "Olympiad 1998 rule 14(b)" in criteria(found, absolute=True)


def test_olympiad_1998_rule_10_bye_not_to_the_designated_team_is_a_quality_departure():
    state = tournament(5)
    found = violations(state, proposal(1, (1, 3), (2, 5), bye=4))
    assert "Olympiad 1998 rule 10" in criteria(found, absolute=False)
    assert not criteria(found, absolute=True)


def test_olympiad_1998_rule_17_colour_limit_broken_by_the_proposal_is_a_quality_departure():
    state = tournament(4, [[(1, 3, 2), (2, 4, 2)], [(1, 4, 2), (2, 3, 2)]])  # 1 had White twice
    found = violations(state, proposal(3, (1, 2), (3, 4)))
    assert any(v.criterion == "Olympiad 1998 rule 17" and v.tpns == (1,) and not v.absolute for v in found)


def test_olympiad_1998_rule_15_larger_score_differences_than_necessary_are_reported():
    state = tournament(4, [[(1, 3, 4), (2, 4, 4)]])  # 1, 2 on 4 GP; 3, 4 on 0
    found = violations(state, proposal(2, (1, 4), (2, 3)))
    assert "Olympiad 1998 rule 15" in criteria(found, absolute=False)


def test_olympiad_1998_rule_53_no_show_loses_0_4_and_its_opponent_wins_by_forfeit():
    state = tournament(4)
    pairing = api.pair(state)
    records = no_show_records(state, pairing, {3})
    assert records[3].outcome is Outcome.FORFEIT_LOSS and records[3].game_points == 0
    assert (
        records[1].outcome is Outcome.FORFEIT_WIN
        and records[1].game_points == 4
        and records[1].match_points == 2
    )


def test_olympiad_1998_rule_53_womens_no_show_loses_0_3():
    state = replace(tournament(4, options={"section": "women"}), boards=3)
    records = no_show_records(state, api.pair(state), {3})
    assert records[1].game_points == 3


def test_olympiad_1998_rule_14b_forfeit_winner_of_round_1_may_meet_the_no_show_again_but_gets_no_bye():
    state = tournament(5)
    pairing = api.pair(state)  # 1-3, 2-4, bye 5
    assert pairs_by_tpn(pairing) == {frozenset((1, 3)), frozenset((2, 4))}
    records = no_show_records(state, pairing, {3})
    records[2] = RoundRecord(1, Outcome.PLAYED, 4, Colour.WHITE, 0.0, 1.0)
    records[4] = RoundRecord(1, Outcome.PLAYED, 2, Colour.BLACK, 2.0, 3.0)
    records[5] = RoundRecord(1, Outcome.PAIRING_ALLOCATED_BYE, None, None, 1.0, 2.0)
    after = state.with_round(records)
    assert not after.have_met(1, 3)
    assert after.by_tpn[1].had_bye_or_forfeit_win


def test_olympiad_violations_pairing_an_unavailable_team_is_absolute():
    state = tournament(4, unavailable=frozenset({4}))
    found = violations(state, proposal(1, (1, 3), (2, 4)))
    assert "Olympiad rule 52" in criteria(found, absolute=True)


def test_olympiad_check_compares_a_hand_amended_pairing_with_the_engine():
    state = tournament(8)
    report = api.check(state, proposal(1, (1, 5), (2, 6), (3, 8), (4, 7)))
    assert not report.has_absolute_violation
    assert "3-8 is not in the engine's pairing" in report.differences


def test_olympiad_explanation_cites_a_rule_for_groups_median_pairings_and_colours():
    state = tournament(8, [[(1, 5, 3), (2, 6, 2), (3, 7, 1), (4, 8, 2)]])
    pairing = api.pair(state)
    topics = {s.topic for s in pairing.explanation}
    assert {"scores", "section", "group", "median", "pairing", "colour"} <= topics
    assert all(
        s.article.startswith(("Olympiad 1998 rule", "Olympiad 1998 Section"))
        for s in pairing.explanation
        if s.topic != "options"  # the options in force cite each option's article (engine.api.options_step)
    )
    assert all(p.colour_article.startswith("Olympiad 1998 rule") for p in pairing.pairs)


def test_olympiad_1998_rule_13_a_team_that_is_no_participant_is_absolute_whatever_its_colour():
    state = tournament(4)
    for unknown_white in (True, False):
        pair = (99, 1) if unknown_white else (1, 99)
        found = violations(state, proposal(1, pair, (2, 3)))
        assert "team 99 is not a participant" in {v.message for v in found if v.absolute}
        assert ("Olympiad rule 13", True) in {(v.criterion, v.absolute) for v in found}
