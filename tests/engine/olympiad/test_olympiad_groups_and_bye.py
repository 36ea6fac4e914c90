"""Rule 16 (median and group order), rule 10 and 14(b) (the bye), rule 11."""

import pytest

from engine import api
from engine.olympiad.bye import bye_points
from engine.olympiad.groups import make_groups, median_place, processing_order
from engine.olympiad.options import parse_options
from engine.result import PairingImpossible

from .builders import tournament, tv


def test_olympiad_1998_rule_16_median_team_of_88_is_place_44_as_printed():
    assert median_place(88) == 44
    assert median_place(85) == 43


def test_olympiad_1998_rule_16_printed_example_middle_group_is_the_20_point_group():
    teams = (
        [tv(t, 21) for t in range(1, 43)] + [tv(43, 20), tv(44, 20)] + [tv(t, 19.5) for t in range(45, 89)]
    )
    groups, middle, median = make_groups(teams, section_j=False)
    assert median.tpn == 44
    assert groups[middle].score == 20


def test_olympiad_1998_rule_16_top_down_then_bottom_up_then_the_middle_group():
    teams = [tv(t, s) for t, s in zip(range(1, 11), [5, 5, 4, 4, 3, 3, 2, 2, 1, 1], strict=True)]
    groups, middle, _ = make_groups(teams, section_j=False)
    assert [groups[i].score for i in processing_order(groups, middle)] == [5, 4, 1, 2, 3]


def test_olympiad_1998_rule_10_round_1_bye_goes_to_the_highest_ranking_number():
    pairing = api.pair(tournament(7))
    assert pairing.bye == 7
    assert "[Olympiad 1998 rule 10] T7 (7) receives the bye" in pairing.explanation_text()


def test_olympiad_1998_rule_10_later_bye_goes_to_the_highest_number_of_the_lowest_group():
    # Round 1: 1-4 4-0, 2-5 3-1, 3-6 2-2, bye 7.  Lowest group: 4 (0 GP).  Then 5 (1).
    state = tournament(7, [[(1, 4, 4), (2, 5, 3), (3, 6, 2)]], byes={1: 7})
    assert api.pair(state).bye == 4


def test_olympiad_1998_rule_14b_a_team_that_scored_without_playing_gets_no_second_bye():
    # 7 had the bye of round 1 and is alone at the bottom after round 2.
    state = tournament(
        7, [[(1, 4, 2), (2, 5, 2), (3, 6, 2)], [(7, 1, 0), (2, 3, 2), (4, 5, 2)]], byes={1: 7, 2: 6}
    )
    pairing = api.pair(state)
    assert pairing.bye not in (6, 7)
    assert "has already scored without playing" in pairing.explanation_text()


def test_olympiad_1998_rule_10_bye_is_two_game_points_for_men_one_and_a_half_for_women():
    assert bye_points(parse_options({"version": "1998"}), 4) == (1.0, 2.0)
    assert bye_points(parse_options({"version": "1998", "section": "women"}), 3) == (1.0, 1.5)


def test_olympiad_2007_amended_rule_10_bye_is_one_match_point_and_two_game_points():
    assert bye_points(parse_options({"version": "2007"}), 4) == (1.0, 2.0)


def test_olympiad_2007_amended_rule_10_bye_from_the_lowest_match_point_group():
    # Match points: 1 beats 4 by 2.5-1.5 (1: 2 MP), 2-5 and 3-6 drawn, 7 bye (1 MP); 4 has 0 MP.
    state = tournament(7, [[(1, 4, 2.5), (2, 5, 2), (3, 6, 2)]], byes={1: 7}, version="2007")
    assert api.pair(state).bye == 4


def test_olympiad_1998_rule_14a_impossible_round_is_reported_not_guessed():
    state = tournament(4, [[(1, 2, 2), (3, 4, 2)], [(1, 3, 2), (2, 4, 2)], [(1, 4, 2), (2, 3, 2)]])
    with pytest.raises(PairingImpossible, match="14"):
        api.pair(state)


def test_olympiad_1998_rule_11_unfinished_games_are_draws_already_in_the_snapshot():
    """The snapshot carries an unfinished game as a draw (0.5): the pairing only adds the points."""
    state = tournament(4, [[(1, 3, 2.5), (2, 4, 1.5)]])
    assert state.by_tpn[1].game_points == 2.5
    pairing = api.pair(state)
    assert "unfinished games count as draws (Olympiad 1998 rule 11)" in pairing.explanation_text()


def test_olympiad_options_bad_version_is_named_in_the_error():
    with pytest.raises(ValueError, match="version"):
        api.pair(tournament(4, options={"version": "2010"}))


def test_olympiad_1998_rule_52_unavailable_teams_are_not_paired():
    pairing = api.pair(tournament(8, unavailable=frozenset({3})))
    paired = {t for p in pairing.pairs for t in (p.white, p.black)} | {pairing.bye}
    assert 3 not in paired
    assert pairing.bye == 8
    assert "not paired this round: T3 (3)" in pairing.explanation_text()


def test_olympiad_1998_rule_50_search_budget_exhausted_pairs_all_groups_as_one_group():
    state = tournament(8, [[(1, 5, 3), (2, 6, 2), (3, 7, 1), (4, 8, 2)]], options={"max_search_steps": 0})
    pairing = api.pair(state)
    assert len(pairing.pairs) == 4
    assert not any(state.have_met(p.white, p.black) for p in pairing.pairs)
    assert "all groups are considered as one group" in pairing.explanation_text()
