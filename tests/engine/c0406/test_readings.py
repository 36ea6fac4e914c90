"""The readings chosen where C.04.6 is open (docs/interpretations/c0406.md), each with its
case and tested both ways; the defaults are FIDE's tool's reading where it takes one."""

from __future__ import annotations

from dataclasses import replace

from engine.c0406 import pair
from engine.c0406.context import build_context
from engine.options import UNSET, specs

from .builders import Rnd, make_state, pairs_of, step, synthetic_state


def _upfloaters(rp, bracket=1):
    return step(rp, "upfloaters", bracket=bracket).data["upfloaters"]


# -- 1.5: a forfeited match makes no floater (default), or it does (option) ----------


def _forfeit_float_rounds():
    # Round 2: 1 (2 MP) - 6 (0 MP) is forfeited, 1 winning: 1 beat a lower team by forfeit.
    return [
        Rnd([(1, 5, "="), (2, 6, "1-0"), (3, 7, "="), (4, 8, "1-0")]),
        Rnd([(2, 4, "0-1"), (1, 6, "+-"), (3, 5, "0-1"), (7, 8, "=")]),
    ]


def test_c0406_1_5_a_forfeited_match_makes_no_floater_by_default():
    rounds = _forfeit_float_rounds()
    assert not {1, 6} & build_context(make_state(8, rounds)).prev_floaters
    assert {1, 6} <= build_context(make_state(8, rounds, options={"float_forfeit": True})).prev_floaters
    # A match played across scoregroups makes floaters either way (7 had 1 point, 8 none).
    assert {7, 8} <= build_context(make_state(8, rounds)).prev_floaters


def test_c0406_1_5_c7_the_forfeit_winner_is_taken_as_upfloater_by_default():
    """The case seen against FIDE's tool: in round 3, 4 (4 MP) needs one upfloater from
    1 and 5 (3 MP). 1 won round 2 by forfeit against a lower team (6). By default that
    made no floater, so 3.5.4 takes 1 (FIDE's tool pairs 4-1); with ``float_forfeit`` C7
    passes 1 over for 5, which did not float."""
    state = make_state(8, _forfeit_float_rounds(), rounds_total=9)
    rp = pair(state)
    assert _upfloaters(rp) == [1]
    assert (1, 4) in pairs_of(rp)
    rp = pair(replace(state, options={"float_forfeit": True}))
    assert _upfloaters(rp) == [5]
    assert (4, 5) in pairs_of(rp)
    assert "C7: 1 floated in the previous round" in step(rp, "upfloaters", bracket=1).message


def test_c0406_1_5_c10_the_forfeit_winner_may_face_an_upfloater_by_default():
    """Round 3: 1, 2, 4 (3 MP) take upfloater 3. 1 and 2 won round 2 by forfeit. By
    default they did not float, and the first identifier pairs 1-3, 2-4 (FIDE's tool
    too); with ``float_forfeit`` C10 keeps the upfloater 3 away from them: 1-2, 3-4."""
    rounds = [
        Rnd([(1, 4, "="), (5, 2, "="), (3, 6, "1-0")]),
        Rnd([(1, 3, "+-"), (2, 6, "+-"), (4, 5, "1-0")]),
    ]
    state = make_state(6, rounds, rounds_total=9)
    rp = pair(state)
    assert pairs_of(rp) == {(1, 3), (2, 4), (5, 6)}
    assert step(rp, "pairing", bracket=1).data["c10"] == 0
    rp = pair(replace(state, options={"float_forfeit": True}))
    assert pairs_of(rp) == {(1, 2), (3, 4), (5, 6)}


# -- 2.3.3 [C6]: which scoregroup ----------------------------------------------------


def _emptied_state(**options):
    """1 and 2 (6 points) have met, and both have met 3 (5 points): they take both
    4-point teams, 4 and 5. Then 3 needs one upfloater from 6, 7, 8 (3 points), of
    which 7 and 8 have met."""
    scores = {1: 6, 2: 6, 3: 5, 4: 4, 5: 4, 6: 3, 7: 3, 8: 3, 9: 0, 10: 0}
    return synthetic_state(scores, forbid=[(1, 2), (1, 3), (2, 3), (7, 8)], options=options)


def test_c0406_2_3_3_c6_has_nothing_to_measure_when_earlier_brackets_emptied_the_following_scoregroup():
    rp = pair(_emptied_state())
    assert _upfloaters(rp, 1) == [4, 5]
    data = step(rp, "upfloaters", bracket=2).data
    assert data["upfloaters"] == [6]  # first in 3.5.4 order; C6 does not separate the sets
    assert data["c6_scoregroup"] is None
    assert "the following scoregroup (4) is empty: 4, 5 floated up in earlier brackets" in data["c6_reason"]
    assert "C6 has nothing to measure" in step(rp, "upfloaters", bracket=2).message


def test_c0406_2_3_3_c6_option_measures_the_next_scoregroup_still_to_be_paired():
    rp = pair(_emptied_state(c6_emptied="next_scoregroup"))
    data = step(rp, "upfloaters", bracket=2).data
    assert data["upfloaters"] == [7]  # taking 6 would leave 7 and 8, who have met
    assert data["c6_scoregroup"] == 3
    assert data["c6_left"] == [6, 8]
    assert "C6 measures the next scoregroup still to be paired (3)" in data["c6_reason"]


def _bye_only_state(**options):
    """Nine teams: the bye goes to 4 (2 points), the only team that may have it (5-9
    won by forfeit). 1, 2, 3 (4 points) take one upfloater from 5, 6, 7 (1 point), of
    which 6 and 7 have met. The following scoregroup (2 points) holds only the bye."""
    scores = {1: 4, 2: 4, 3: 4, 4: 2, 5: 1, 6: 1, 7: 1, 8: 0, 9: 0}
    return synthetic_state(scores, forbid=[(6, 7)], barred=(5, 6, 7, 8, 9), options=options)


def test_c0406_2_3_3_c6_has_nothing_to_measure_when_the_following_scoregroup_holds_only_the_bye():
    rp = pair(_bye_only_state())
    assert rp.bye == 4
    data = step(rp, "upfloaters", bracket=1).data
    assert data["upfloaters"] == [5]
    assert data["c6_scoregroup"] is None
    assert "holds only team 4, which receives the pairing-allocated bye" in data["c6_reason"]


def test_c0406_2_3_3_c6_bye_only_option_measures_the_next_scoregroup_still_to_be_paired():
    rp = pair(_bye_only_state(c6_bye_only="next_scoregroup"))
    data = step(rp, "upfloaters", bracket=1).data
    assert data["upfloaters"] == [6]  # taking 5 would leave 6 and 7, who have met
    assert data["c6_scoregroup"] == 1


def test_c0406_2_3_3_c6_is_pass_fail_by_default():
    """Resident 1 needs one upfloater of 2-6; whatever it takes, the rest of that
    scoregroup needs more than its parity minimum (see test_upfloaters): pass/fail
    then does not separate the sets, and 3.5.4 takes 2 (graded would take 3)."""
    scores = {1: 5, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 0, 8: 0, 9: 0, 10: 0}
    group = [3, 4, 5, 6]
    forbid = [(a, b) for i, a in enumerate(group) for b in group[i + 1 :]] + [(2, 5), (2, 6)]
    assert _upfloaters(pair(synthetic_state(scores, forbid=forbid))) == [2]
    assert _upfloaters(pair(synthetic_state(scores, forbid=forbid, options={"c6": "graded"}))) == [3]


# -- 3.6.1: the smaller TPN is the top member, whatever its seat -----------------------


def _worked_3_6_1():
    """Round 2 of 8 teams: 1, 2, 4 won round 1, 3 drew. The bracket is 1, 2, 4 with the
    upfloater 3."""
    return make_state(8, [Rnd([(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "="), (8, 4, "0-1")])], rounds_total=5)


def test_c0406_3_6_1_the_smaller_tpn_is_the_top_member_whatever_its_seat():
    rp = pair(_worked_3_6_1())
    assert _upfloaters(rp) == [3]
    data = step(rp, "pairing", bracket=1).data
    # Tops 1 and 2 (the smaller TPNs), bottoms 3 and 4: identifier 1 2 3 4.
    assert data["identifier"] == [1, 2, 3, 4]
    assert {(1, 3), (2, 4)} <= pairs_of(rp)


def test_c0406_3_6_1_seating_upfloaters_after_residents_is_only_a_comparison_aid():
    """Seats 1, 2, 4, then 3 (as FIDE's tool did up to 1.10.64): tops 1 and 2, bottoms
    4 and 3, so 1-4 and 2-3. Not a reading of the text: not a tournament setting."""
    rp = pair(replace(_worked_3_6_1(), options={"top_member": "seat"}))
    assert {(1, 4), (2, 3)} <= pairs_of(rp)
    aid = next(s for s in specs("c0406") if s.key == "top_member")
    assert aid.site is False and aid.default == "tpn"


def test_c0406_every_default_is_fide_tools_reading_except_where_the_text_is_explicit():
    """The one documented exception is the board order, where the pairing-list order of the
    General Handling Rules ("the higher player") is explicit and FIDE's tool departs."""
    departures = {s.key for s in specs("c0406") if s.fide_tool is not UNSET and s.default != s.fide_tool}
    assert departures == {"board_order"}
    assert {s.key for s in specs("c0406") if s.fide_tool is UNSET} == set()


def test_c0406_board_order_the_higher_placed_teams_tpn_breaks_the_last_tie():
    """Pairs 2-3 and 1-4: the same higher score (4) and sum (6). The higher-placed teams
    are 2 (4 points) and 4 (4 points, TPN 4): 2-3 first. FIDE's tool orders by the smaller
    TPN of the pair: 1-4 first."""
    state = synthetic_state(
        {1: 2, 2: 4, 3: 2, 4: 4},
        forbid=[(2, 4), (1, 3), (1, 2), (3, 4)],
        colours={1: "W", 2: "B", 3: "W", 4: "B"},
    )
    rp = pair(state)
    assert [{p.white, p.black} for p in rp.pairs] == [{2, 3}, {1, 4}]
    rp = pair(replace(state, options={"board_order": "smaller_tpn"}))
    assert [{p.white, p.black} for p in rp.pairs] == [{1, 4}, {2, 3}]
