"""C.04.6 3.5 (selection of upfloaters) with criteria C3-C7 (2.2-2.3.4)."""

from __future__ import annotations

import random

import pytest

from engine.c0406 import pair
from engine.c0406.upfloaters import upfloater_sequence

from .builders import pairs_of, step, synthetic_state

# The example under 3.5.4: 2, 6, 8 have 3 points; 1, 3, 5 have 2.5 points.
EXAMPLE_SCORES = {2: 3, 6: 3, 8: 3, 1: 2.5, 3: 2.5, 5: 2.5}


def test_c0406_3_5_3_a_set_is_sorted_by_descending_score_then_ascending_tpn():
    assert upfloater_sequence(EXAMPLE_SCORES, {1, 6, 2}) == [2, 6, 1]


def test_c0406_3_5_4_example_sets_are_in_the_stated_lexicographic_order():
    stated = [
        [2, 6, 1],
        [2, 6, 3],
        [2, 6, 5],
        [2, 8, 1],
        [2, 8, 3],
        [2, 8, 5],
        [6, 8, 1],
        [6, 8, 3],
        [6, 8, 5],
    ]
    shuffled = stated[:]
    random.Random(4).shuffle(shuffled)
    ordered = sorted(upfloater_sequence(EXAMPLE_SCORES, s) for s in shuffled)
    assert ordered == stated


def _example_state(**extra_forbid):
    """Residents 4, 7, 9 (5 points) have all met: each needs an upfloater (C4: three).
    Team 10 (1 point) may only meet 2, 6 or 8: taking all three would leave it
    unpaired (C3), so C5 gives two 3-point teams and one 2.5-point team."""
    scores = {4: 5, 7: 5, 9: 5, **EXAMPLE_SCORES, 10: 1}
    forbid = [(4, 7), (4, 9), (7, 9), (10, 1), (10, 3), (10, 5), (10, 4), (10, 7), (10, 9)]
    forbid += extra_forbid.get("more", [])
    return synthetic_state(scores, forbid=forbid)


def _upfloaters(rp, bracket=1):
    return step(rp, "upfloaters", bracket=bracket).data["upfloaters"]


def test_c0406_3_5_5_example_the_first_set_2_6_1_is_chosen():
    rp = pair(_example_state())
    data = step(rp, "upfloaters", bracket=1).data
    assert data["upfloaters"] == [2, 6, 1]
    assert data["c4"] == 3
    assert data["c5"] == [2.5, 3, 3]


def test_c0406_3_5_5_example_the_next_set_is_chosen_when_the_first_gives_no_legal_pairing():
    # 1 has met all residents: {2,6,1} gives no legal bracket pairing, {2,6,3} is next.
    rp = pair(_example_state(more=[(1, 4), (1, 7), (1, 9)]))
    assert _upfloaters(rp) == [2, 6, 3]
    # 2 has met all residents: the sets with 2 drop out, {6,8,1} is first.
    rp = pair(_example_state(more=[(2, 4), (2, 7), (2, 9)]))
    assert _upfloaters(rp) == [6, 8, 1]


def test_c0406_2_3_1_c4_the_number_of_upfloaters_is_minimised():
    # 1 has met 2 and 3 but 2-3 can play: one upfloater, for 1.
    rp = pair(synthetic_state({1: 4, 2: 4, 3: 4, 4: 2, 5: 2, 6: 2}, forbid=[(1, 2), (1, 3)]))
    assert step(rp, "upfloaters", bracket=1).data["c4"] == 1
    assert (1, 4) in pairs_of(rp)
    # Residents that have all met each other need three upfloaters.
    rp = pair(synthetic_state({1: 4, 2: 4, 3: 4, 4: 2, 5: 2, 6: 2}, forbid=[(1, 2), (1, 3), (2, 3)]))
    assert step(rp, "upfloaters", bracket=1).data["c4"] == 3


def test_c0406_2_3_2_c5_a_higher_scored_upfloater_goes_before_a_smaller_tpn():
    rp = pair(synthetic_state({4: 4, 3: 3, 1: 2, 2: 2}))
    assert _upfloaters(rp) == [3]
    # 4 has met 3: the best score left is 2, and there the smaller TPN.
    rp = pair(synthetic_state({4: 4, 3: 3, 1: 2, 2: 2}, forbid=[(3, 4)]))
    assert _upfloaters(rp) == [1]


def _c6_state(reading):
    """Resident 1 needs one upfloater from 2-6 (4 points). After it, the other four
    4-point teams cannot all be paired among themselves: with 2 taken none of
    3-6 may meet (4 upfloaters needed), with 3 taken 2-4 may play (2 needed)."""
    scores = {1: 5, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 0, 8: 0, 9: 0, 10: 0}
    group = [3, 4, 5, 6]
    forbid = [(a, b) for i, a in enumerate(group) for b in group[i + 1 :]] + [(2, 5), (2, 6)]
    return synthetic_state(scores, forbid=forbid, options={"c6": reading})


def test_c0406_2_3_3_c6_graded_chooses_the_upfloater_that_leaves_the_fewest_upfloaters_next():
    rp = pair(_c6_state("graded"))
    assert _upfloaters(rp) == [3]
    assert step(rp, "upfloaters", bracket=1).data["c6"] == 2
    assert "C6 decided: the set 2 comes first in 3.5.4 order" in step(rp, "upfloaters", bracket=1).message


def test_c0406_2_3_3_c6_pass_fail_ignores_c6_when_no_set_complies_with_it():
    rp = pair(_c6_state("pass_fail"))
    assert _upfloaters(rp) == [2]


def test_c0406_2_3_3_c6_both_readings_agree_when_a_set_complies():
    # 4 has met 2, 3, 5 and 6: taking 4 up lets 2, 3, 5, 6 pair among themselves
    # (C6 complied with), although the set {2} comes first in 3.5.4 order.
    scores = {1: 5, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 0, 8: 0, 9: 0, 10: 0}
    forbid = [(4, 2), (4, 3), (4, 5), (4, 6)]
    for reading in ("graded", "pass_fail"):
        rp = pair(synthetic_state(scores, forbid=forbid, options={"c6": reading}))
        assert _upfloaters(rp) == [4]


def test_c0406_2_3_3_c6_does_not_apply_when_the_following_scoregroup_is_emptied():
    # Both 2-point teams must float up (residents 1, 3, 5 have all met); C6 is void.
    rp = pair(synthetic_state({1: 4, 3: 4, 5: 4, 2: 2, 4: 1, 6: 0}, forbid=[(1, 3), (1, 5), (3, 5)]))
    data = step(rp, "upfloaters", bracket=1).data
    assert data["c4"] == 3
    assert data["upfloaters"] == [2, 4, 6]


def _c7_state(rounds_total):
    # 2 floated in the previous round (against 9); 3 did not.
    scores = {1: 4, 2: 2, 3: 2, 4: 2, 9: 0, 10: 0}
    return synthetic_state(scores, floated=[(2, 9)], rounds_total=rounds_total)


def test_c0406_2_3_4_c7_an_upfloater_that_floated_in_the_previous_round_is_avoided():
    rp = pair(_c7_state(rounds_total=9))  # round 3 of 9
    assert _upfloaters(rp) == [3]
    assert step(rp, "upfloaters", bracket=1).data["c7"] == 0
    assert "C7: 2 floated in the previous round" in step(rp, "upfloaters", bracket=1).message


@pytest.mark.parametrize("rounds_total", [3, 4])
def test_c0406_2_3_4_c7_does_not_apply_in_the_last_two_rounds(rounds_total):
    rp = pair(_c7_state(rounds_total=rounds_total))  # round 3: last or last but one
    assert _upfloaters(rp) == [2]
    assert step(rp, "upfloaters", bracket=1).data["c7"] is None


def test_c0406_1_5_the_pab_receiver_is_a_floater_only_with_the_option():
    from engine.c0406.context import build_context

    from .builders import Rnd, make_state

    rounds = [Rnd([(1, 2, "1-0"), (3, 4, "1-0")], bye=5)]
    assert 5 not in build_context(make_state(5, rounds)).prev_floaters
    assert 5 in build_context(make_state(5, rounds, options={"float_pab": True})).prev_floaters
