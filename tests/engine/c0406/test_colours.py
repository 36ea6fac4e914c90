"""C.04.6 1.6-1.7 (colour difference, preferences) and 4 (colour allocation)."""

from __future__ import annotations

import pytest

from engine.c0406 import pair
from engine.c0406.colours import preference
from engine.state import Colour
from engine.state import ColourPreferenceType as CPT

from .builders import Rnd, make_state, synthetic_state

W, B = Colour.WHITE, Colour.BLACK


def _team(colours: str):
    state = synthetic_state({1: 0, 2: 0}, colours={1: colours})
    return state.by_tpn[1]


@pytest.mark.parametrize(
    ("history", "expected"),
    [
        ("", None),  # has yet to play
        ("W", None),
        ("B", None),
        ("BB", W),  # CD -2
        ("WW", B),
        ("WBB", W),  # CD -1, Black in the last two
        ("WWBB", W),  # CD 0, Black in the last two
        ("BBWW", B),
        ("WB", None),
        ("WBWBB", W),
        ("BWB", None),  # CD -1, last two not both Black
        ("B-B", W),  # unplayed rounds are skipped: last two played matches Black
    ],
)
def test_c0406_1_7_1_type_a_colour_preferences(history, expected):
    assert preference(_team(history), CPT.A, last_round=False).colour == expected


@pytest.mark.parametrize(
    ("history", "last", "expected"),
    [
        ("BB", False, "strong White"),
        ("WWBB", False, "strong White"),
        ("B", False, "mild White"),  # CD -1
        ("BWB", False, "mild White"),
        ("W", False, "mild Black"),
        ("WB", False, "mild White"),  # CD 0, Black last, not the last round
        ("BW", False, "mild Black"),
        ("WB", True, "none"),  # CD 0 in the last round
        ("", False, "none"),  # yet to play
        ("B", True, "mild White"),  # CD -1 stays mild in the last round
    ],
)
def test_c0406_1_7_2_type_b_strong_and_mild_preferences(history, last, expected):
    assert preference(_team(history), CPT.B, last_round=last).describe() == expected


def test_c0406_1_7_2_type_b_last_round_cd_zero_after_two_same_colours_reading_is_an_option():
    team = _team("WWBB")
    assert preference(team, CPT.B, last_round=True, strong_first=True).describe() == "strong White"
    assert preference(team, CPT.B, last_round=True, strong_first=False).describe() == "none"


def test_c0406_1_7_no_colour_preferences_when_the_competition_uses_none():
    assert preference(_team("BB"), CPT.NONE, last_round=False).colour is None


def test_c0406_1_6_1_a_forfeited_match_gives_no_colour():
    state = make_state(4, [Rnd([(1, 2, "+-"), (3, 4, "1-0")])])
    assert state.by_tpn[1].colours == ()
    assert state.by_tpn[3].colours == (W,)


def _colours(scores, colours=None, prefs=CPT.A, **kw):
    rp = pair(synthetic_state(scores, colours=colours or {}, prefs=prefs, **kw))
    assert len(rp.pairs) == 1
    p = rp.pairs[0]
    return p.white, p.colour_article


def test_c0406_4_3_1_first_round_odd_tpn_first_team_gets_the_initial_colour():
    assert _colours({1: 0, 2: 0}) == (1, "C.04.6 4.3.1")
    assert _colours({1: 0, 2: 0}, initial=B) == (2, "C.04.6 4.3.1")


def test_c0406_4_3_1_even_tpn_first_team_gets_the_opposite_colour():
    # 2 has the higher score (a bye-like record, no match played): it is the first-team.
    assert _colours({1: 0, 2: 1}) == (1, "C.04.6 4.3.1")


def test_c0406_4_3_1_with_absent_teams_the_option_reads_the_rank_instead_of_the_tpn():
    scores = {1: 0, 2: 0, 3: 0}
    # 1 absent: first-team 2 has an even TPN (opposite colour) but rank 1 (initial colour).
    assert _colours(scores, unavailable=(1,)) == (3, "C.04.6 4.3.1")
    assert _colours(scores, unavailable=(1,), options={"initial_colour_by": "rank"}) == (2, "C.04.6 4.3.1")


def test_c0406_4_3_2_the_only_colour_preference_is_granted():
    assert _colours({1: 0, 2: 0}, {1: "W", 2: "BB"}) == (2, "C.04.6 4.3.2")


def test_c0406_4_3_3_opposite_preferences_are_both_granted():
    assert _colours({1: 0, 2: 0}, {1: "WW", 2: "BB"}) == (2, "C.04.6 4.3.3")


def test_c0406_4_3_4_type_b_the_strong_preference_beats_the_mild_one():
    assert _colours({1: 0, 2: 0}, {1: "-B", 2: "BB"}, prefs=CPT.B) == (2, "C.04.6 4.3.4")


def test_c0406_4_3_5_white_goes_to_the_lower_colour_difference():
    assert _colours({1: 0, 2: 0}, {1: "W", 2: "B"}) == (2, "C.04.6 4.3.5")
    # -2 is lower than -1: both prefer White (4.3.3 and 4.3.4 do not decide).
    assert _colours({1: 0, 2: 0}, {1: "WBB", 2: "BB"}) == (2, "C.04.6 4.3.5")


def test_c0406_4_3_6_colours_alternate_from_the_most_recent_difference():
    assert _colours({1: 0, 2: 0}, {1: "WB", 2: "BW"}) == (1, "C.04.6 4.3.6")


def test_c0406_4_3_6_unplayed_rounds_are_skipped_as_general_handling_rules_3_4_says():
    # 1: W B -, 2: B - W. Compacted: 1 = W B, 2 = B W; most recent: 1 Black, 2 White.
    assert _colours({1: 0, 2: 0}, {1: "WB-", 2: "B-W"}) == (1, "C.04.6 4.3.6")


def test_c0406_4_3_7_the_first_team_preference_is_granted_when_all_else_is_equal():
    assert _colours({1: 0, 2: 0}, {1: "BB", 2: "BB"}) == (1, "C.04.6 4.3.7")
    # 2 is the first-team by score (4.2.1).
    assert _colours({1: 0, 2: 1}, {1: "BB", 2: "BB"}) == (2, "C.04.6 4.3.7")


def test_c0406_4_3_8_the_first_team_alternates_from_its_last_played_round():
    assert _colours({1: 0, 2: 0}, {1: "W", 2: "W"}, prefs=CPT.NONE) == (2, "C.04.6 4.3.8")


def test_c0406_4_3_9_otherwise_the_other_team_alternates_from_its_last_played_round():
    assert _colours({1: 0, 2: 0}, {1: "--", 2: "WB"}) == (2, "C.04.6 4.3.9")


def test_c0406_4_2_2_the_secondary_score_decides_the_first_team():
    # Equal match points; 2 has more game points: it is the first-team (4.3.7 grants its preference).
    colours = {1: "BB", 2: "BB"}
    assert _colours({1: 2, 2: 2}, colours, game_points={1: 5, 2: 6}) == (2, "C.04.6 4.3.7")


def test_c0406_board_order_follows_the_higher_score_then_the_sum_then_the_tpn():
    rp = pair(synthetic_state({1: 0, 2: 2, 3: 2, 4: 4, 5: 4, 6: 2}))
    boards = [{p.white, p.black} for p in rp.pairs]
    assert boards[0] == {4, 5}
    assert boards[1] == {2, 6}
    assert boards[2] == {1, 3}
