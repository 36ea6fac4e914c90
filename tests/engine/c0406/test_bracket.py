"""C.04.6 3.6 (pairing of a bracket) with criteria C8, C9, C10."""

from __future__ import annotations

import pytest

from engine.c0406 import pair
from engine.c0406.bracket import identifier
from engine.state import ColourPreferenceType as CPT

from .builders import pairs_of, step, synthetic_state


def test_c0406_3_6_2_example_identifier_of_11_24_16_6_10_9_8_4():
    assert identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == [4, 6, 9, 11, 8, 16, 10, 24]


def test_c0406_3_6_1_the_smaller_tpn_is_the_top_member_whatever_its_seat():
    assert identifier([(9, 2)]) == [2, 9]


def test_c0406_3_6_3_without_constraints_the_first_identifier_pairs_the_halves():
    rp = pair(synthetic_state({t: 0 for t in range(1, 9)}))
    assert pairs_of(rp) == {(1, 5), (2, 6), (3, 7), (4, 8)}
    assert step(rp, "pairing").data["identifier"] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_c0406_3_6_4_c1_a_rematch_moves_to_the_next_identifier():
    rp = pair(synthetic_state({t: 0 for t in range(1, 7)}, forbid=[(1, 4)]))
    # tops 1 2 3: 1-5 first (1-4 is a rematch), then 2-4, 3-6.
    assert pairs_of(rp) == {(1, 5), (2, 4), (3, 6)}


def test_c0406_3_6_2_the_tops_decide_before_their_partners():
    # 1-3 is a rematch. 1-4 2-3 (identifier 1 2 4 3) comes before 1-2 3-4 (1 3 2 4).
    rp = pair(synthetic_state({t: 0 for t in range(1, 5)}, forbid=[(1, 3)]))
    assert pairs_of(rp) == {(1, 4), (2, 3)}


def _colour_state(prefs=CPT.A, rounds_total=9):
    # 1 and 3 prefer White (two Blacks), 2 and 4 prefer Black (two Whites).
    return synthetic_state(
        {1: 0, 2: 0, 3: 0, 4: 0},
        colours={1: "BB", 2: "WW", 3: "BB", 4: "WW"},
        prefs=prefs,
        rounds_total=rounds_total,
    )


def test_c0406_2_3_5_c8_the_pairing_fulfilling_more_colour_preferences_wins_over_the_identifier():
    rp = pair(_colour_state())
    assert pairs_of(rp) == {(1, 4), (2, 3)}
    assert step(rp, "pairing").data["c8"] == 0


def test_c0406_2_3_5_c8_does_not_apply_without_colour_preferences():
    rp = pair(_colour_state(prefs=CPT.NONE))
    assert pairs_of(rp) == {(1, 3), (2, 4)}


def _strong_mild_state(prefs):
    # All four prefer White; 1 and 3 strongly (two Blacks), 2 and 4 mildly (one Black).
    return synthetic_state(
        {1: 0, 2: 0, 3: 0, 4: 0}, colours={1: "BB", 2: "-B", 3: "BB", 4: "-B"}, prefs=prefs
    )


def test_c0406_2_3_6_c9_type_b_avoids_pairing_two_strong_preferences_for_the_same_colour():
    rp = pair(_strong_mild_state(CPT.B))
    assert pairs_of(rp) == {(1, 4), (2, 3)}
    data = step(rp, "pairing").data
    assert (data["c8"], data["c9"]) == (2, 0)


def test_c0406_2_3_5_c8_counts_mild_type_b_preferences_which_type_a_does_not_have():
    # 1 and 3 had one Black, 2 and 4 one White: mild preferences in Type B only.
    state = {1: 0, 2: 0, 3: 0, 4: 0}
    colours = {1: "-B", 2: "-W", 3: "-B", 4: "-W"}
    rp = pair(synthetic_state(state, colours=colours, prefs=CPT.B))
    assert pairs_of(rp) == {(1, 4), (2, 3)}
    rp = pair(synthetic_state(state, colours=colours, prefs=CPT.A))
    assert pairs_of(rp) == {(1, 3), (2, 4)}


def _c10_state(rounds_total):
    # Residents 1, 2, 3 (4 points); upfloater 4; 2 floated in the previous round.
    return synthetic_state({1: 4, 2: 4, 3: 4, 4: 2, 9: 0, 10: 0}, floated=[(2, 9)], rounds_total=rounds_total)


def test_c0406_2_3_7_c10_the_upfloater_does_not_meet_a_team_that_floated_in_the_previous_round():
    rp = pair(_c10_state(9))
    assert {(1, 4), (2, 3)} <= pairs_of(rp)
    assert step(rp, "pairing", bracket=1).data["c10"] == 0


@pytest.mark.parametrize("rounds_total", [3, 4])
def test_c0406_2_3_7_c10_does_not_apply_in_the_last_two_rounds(rounds_total):
    rp = pair(_c10_state(rounds_total))
    assert {(1, 3), (2, 4)} <= pairs_of(rp)
    assert step(rp, "pairing", bracket=1).data["c10"] is None
