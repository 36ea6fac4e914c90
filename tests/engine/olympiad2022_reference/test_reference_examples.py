"""The 2022 reference itself: the text's worked examples and plain cases of its articles.

Teams are given as ``RefTeam`` (TPN, matchpoints, opponents met, board-1 colours by round).
"""

from tests.engine.olympiad2022_reference.matching import order_9_3, pairings_in_9_3_order
from tests.engine.olympiad2022_reference.reference import (
    BLACK,
    NO_FLOATER,
    PLAYED,
    WHITE,
    WITH_FLOATERS,
    RefTeam,
    median_group_score,
    median_index,
    pair_round,
)


def teams(*mps, met=(), colours=None, ineligible=()):
    """Teams 1..n with the given matchpoints; ``met`` pairs of TPNs; ``colours`` {tpn: "wb.."}."""
    opponents = {t: set() for t in range(1, len(mps) + 1)}
    for a, b in met:
        opponents[a].add(b)
        opponents[b].add(a)
    colours = colours or {}
    return [
        RefTeam(
            tpn=t,
            mp=mp,
            met=frozenset(opponents[t]),
            colours=tuple(enumerate(colours.get(t, ""), 1)),
            bye_ineligible=t in ineligible,
            rating=2700 - 10 * t,
        )
        for t, mp in enumerate(mps, 1)
    ]


def unordered(pairing):
    return {frozenset(p) for p in pairing.pairs}


def test_d02_9_3_six_team_group_first_team_tries_4_5_6_3_2():
    assert [t + 1 for t in order_9_3(list(range(6)))] == [4, 5, 6, 3, 2]


def test_d02_9_3_six_team_order_table():
    anyone = [0b111111 & ~(1 << i) for i in range(6)]
    table = [[(a + 1, b + 1) for a, b in p] for p in pairings_in_9_3_order(list(range(6)), anyone)]
    assert table == [
        [(1, 4), (2, 5), (3, 6)],
        [(1, 4), (2, 6), (3, 5)],
        [(1, 4), (2, 3), (5, 6)],
        [(1, 5), (2, 4), (3, 6)],
        [(1, 5), (2, 6), (3, 4)],
        [(1, 5), (2, 3), (4, 6)],
        [(1, 6), (2, 4), (3, 5)],
        [(1, 6), (2, 5), (3, 4)],
        [(1, 6), (2, 3), (4, 5)],
        [(1, 3), (2, 5), (4, 6)],
        [(1, 3), (2, 6), (4, 5)],
        [(1, 3), (2, 4), (5, 6)],
        [(1, 2), (3, 5), (4, 6)],
        [(1, 2), (3, 6), (4, 5)],
        [(1, 2), (3, 4), (5, 6)],
    ]


def test_d02_9_3_first_opponent_with_which_the_rest_of_the_group_can_be_paired():
    pairing = pair_round(teams(2, 2, 2, 2, 2, 2, met=[(1, 4), (3, 6)]))
    assert unordered(pairing) == {frozenset(p) for p in [(1, 5), (2, 6), (3, 4)]}


def test_d02_6_4_median_team_of_88_teams_is_the_45th_so_the_9_point_group_is_the_median_group():
    field = teams(*([10] * 44 + [9] * 44))
    assert median_index(88) == 44  # the 45th team, the lower of the two middle teams 44 and 45
    assert median_group_score(field) == 9


def test_d02_6_4_top_down_bottom_up_median_group_last_with_floaters_from_both_sides():
    # 4 MP: 1 2 3 | Median Group 2 MP: 4 5 | 0 MP: 6 7 8 (median team: the 5th, team 5)
    pairing = pair_round(teams(4, 4, 4, 2, 2, 0, 0, 0))
    assert unordered(pairing) == {frozenset(p) for p in [(1, 2), (3, 4), (5, 6), (7, 8)]}


def test_d02_8_3_3_above_the_median_the_floater_has_an_opponent_in_the_next_group():
    # 3 has met both teams of the next group, so 2 floats down instead of 3, and meets 4 (9.4).
    pairing = pair_round(teams(4, 4, 4, 2, 2, 0, 0, 0, met=[(3, 4), (3, 5)]))
    assert unordered(pairing) == {frozenset(p) for p in [(1, 3), (2, 4), (5, 6), (7, 8)]}


def test_d02_8_2_3_below_the_median_the_upfloater_has_an_opponent_in_the_next_group():
    # 6 has met both teams of the Median Group, so 7 floats up and meets its lowest ranked team, 5.
    pairing = pair_round(teams(4, 4, 4, 2, 2, 0, 0, 0, met=[(6, 4), (6, 5)]))
    assert unordered(pairing) == {frozenset(p) for p in [(1, 2), (3, 4), (5, 7), (6, 8)]}


def test_d02_8_3_1_downfloater_meets_the_highest_ranked_team_it_has_not_played():
    pairing = pair_round(teams(4, 4, 4, 2, 2, 2, 2, 2, 2, 2, met=[(3, 4)]))
    assert frozenset((3, 5)) in unordered(pairing)


def test_d02_4_1_bye_to_the_lowest_ranked_eligible_team():
    assert pair_round(teams(2, 2, 0, 0, 0)).bye == 5
    assert pair_round(teams(2, 2, 0, 0, 0, ineligible={5})).bye == 4
    assert pair_round(teams(2, 2, 0, 0, 0, ineligible={3, 4, 5})).bye == 2


def test_d02_4_1_bye_leaves_the_other_teams_pairable():
    # With the bye to 5, team 4 (which has met 1, 2 and 3) could not be paired: 4 has it.
    pairing = pair_round(teams(2, 2, 0, 0, 0, met=[(4, 1), (4, 2), (4, 3)]))
    assert pairing.bye == 4


def test_d02_7_2_round_one_odd_teams_of_the_top_half_take_the_colour_drawn_by_lot():
    pairing = pair_round(teams(0, 0, 0, 0, 0, 0, 0, 0), lot=WHITE)
    assert pairing.pairs == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert pair_round(teams(0, 0, 0, 0), lot=BLACK).pairs == [(3, 1), (2, 4)]


def test_d02_7_3_a_pair_outside_the_colour_limits_is_not_made_when_the_group_keeps_its_pairings():
    # 1 and 3 have had White twice: 1-3 would give one of them a third White (7.3).
    field = teams(2, 2, 2, 2, colours={1: "ww", 2: "bb", 3: "ww", 4: "bb"})
    assert pair_round(field).pairs == [(4, 1), (2, 3)]


def test_d02_7_4_the_colour_limits_are_disregarded_when_the_group_would_keep_fewer_pairings():
    # The only pairing breaks 7.3 whatever the colours: it is made, the higher ranked team alternates.
    field = teams(2, 2, colours={1: "ww", 2: "ww"})
    assert pair_round(field).pairs == [(2, 1)]


def test_d02_7_5_1_equalisation_the_larger_colour_difference_gets_black():
    field = teams(2, 2, colours={1: "bw", 2: "w"})
    assert pair_round(field).pairs == [(1, 2)]


def test_d02_7_6_the_colours_of_the_latest_round_in_which_they_differed_are_reversed():
    # Round 2 is the latest in which they differed: 1 had Black, 2 White, so 1 has White now
    # (alternating its last colour would have given it Black).
    field = teams(2, 2, colours={1: "wbbw", 2: "bwbw"})
    assert pair_round(field).pairs == [(1, 2)]


def test_d02_11_1_board_order_higher_ranked_team_matchpoints_then_sum_then_rating():
    # 6 MP: 1 2 | 4 MP: 3 4 5 6 | 2 MP: 7 8
    pairing = pair_round(teams(6, 6, 4, 4, 4, 4, 2, 2))
    order = [min(p, key=lambda t: t) for p in pairing.pairs]
    assert order == [1, 3, 4, 7]


def test_d02_7_4_both_readings_on_a_group_that_must_float_a_team_anyway():
    # 4 MP: 1-5, each with White twice running, so no pair among them keeps 7.3; 2 MP: 6-12.
    field = teams(4, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2, 2, colours={t: "ww" for t in range(1, 6)})
    # Default: the limits cost the group two pairings, so they go: 1-3, 2-4 (9.3), 5 floats to 6.
    assert unordered(pair_round(field)) == {
        frozenset(p) for p in [(1, 3), (2, 4), (5, 6), (7, 10), (8, 11), (9, 12)]
    }
    # Narrow reading: the group must float a team anyway, so the limits stay and all five float.
    narrow = pair_round(field, reading_7_4=NO_FLOATER)
    assert unordered(narrow) == {frozenset(p) for p in [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10), (11, 12)]}


def test_d02_8_3_4_a_downfloater_nobody_can_take_floats_on_to_the_median_group():
    # 4 MP: 1 2 3 | 3 MP: 4 5 (3 has met both) | Median Group 2 MP: 6-9 | 0 MP: 10 11
    field = teams(4, 4, 4, 3, 3, 2, 2, 2, 2, 0, 0, met=[(3, 4), (3, 5), (2, 4), (2, 5), (1, 4), (1, 5)])
    pairing = pair_round(field)
    assert pairing.bye == 11
    assert frozenset((4, 5)) in unordered(pairing)
    assert any("8.3.4" in step for step in pairing.steps)


def test_d02_8_2_3_both_readings_of_an_opponent_in_the_next_group():
    # 4 MP: 1 2 3 | Median Group 2 MP: 4-7 | 0 MP: 8 9 10; 8 has met every team of the Median Group.
    field = teams(4, 4, 4, 2, 2, 2, 2, 0, 0, 0, met=[(8, 4), (8, 5), (8, 6), (8, 7)])
    # Default: only the Median Group's own teams count, so 9 floats up, not 8.
    assert unordered(pair_round(field)) == {frozenset(p) for p in [(1, 2), (3, 4), (5, 6), (7, 9), (8, 10)]}
    # Other reading: 3, sent down into the Median Group, counts, so 8 floats up and meets it.
    other = pair_round(field, reading_8_x_3=WITH_FLOATERS)
    assert unordered(other) == {frozenset(p) for p in [(1, 2), (3, 8), (4, 6), (5, 7), (9, 10)]}


def test_d02_7_6_both_readings_of_the_latest_round_in_which_the_colours_differed():
    # 1 did not play rounds 5 and 6; both teams have a colour difference of 0.
    field = teams(2, 2, colours={1: "bwbw", 2: "bbwwwb"})
    # By rounds: round 3 is the latest in which both played with different colours (1 Black): 1 White.
    assert pair_round(field).pairs == [(1, 2)]
    # By played matches: their latest ones already differ (1 White, 2 Black): 1 Black.
    assert pair_round(field, reading_7_6=PLAYED).pairs == [(2, 1)]
