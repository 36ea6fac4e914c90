"""Board colours (Olympiad rule 19) and match scoring (rules 11, 53): pure functions."""

import pytest

from operations.domain.board_colours import board_colours, normalise_sequence
from operations.domain.match_scoring import MatchPoints, absent_team_results, normalise_result, score_match

MP = MatchPoints(2, 1, 0)


def test_olympiad_rule_19_board_three_has_the_colour_of_board_one_and_boards_alternate():
    assert board_colours("WBWB", 4) == ["W", "B", "W", "B"]
    assert board_colours("", 6) == ["W", "B", "W", "B", "W", "B"]


def test_a_custom_board_colour_sequence_is_followed():
    assert board_colours("WBBW", 4) == ["W", "B", "B", "W"]


def test_a_board_colour_sequence_must_start_with_white_and_hold_only_w_and_b():
    with pytest.raises(ValueError, match="starts with W"):
        normalise_sequence("BWBW", 4)
    with pytest.raises(ValueError, match="only W and B"):
        normalise_sequence("WXWB", 4)


def test_game_points_go_to_the_team_whose_player_had_the_colour():
    # Board 2: the first team has Black, so 0-1 is a point for it.
    s = score_match(["1-0", "0-1", "1/2-1/2", "0-1"], "WBWB", MP)
    assert (s.first_game_points, s.second_game_points) == (3.5, 0.5)
    assert (s.first_match_points, s.second_match_points) == (2, 0)
    assert s.complete and s.played and s.outcome == "played"


def test_a_two_all_match_is_a_drawn_match():
    s = score_match(["1-0", "1-0", "0-1", "0-1"], "WBWB", MP)
    assert (s.first_game_points, s.first_match_points, s.second_match_points) == (2, 1, 1)


def test_olympiad_rule_11_an_unfinished_game_counts_as_a_draw_and_the_match_is_provisional():
    s = score_match(["1-0", "*", "1-0", "1/2-1/2"], "WBWB", MP)
    assert (s.first_game_points, s.second_game_points) == (3, 1)
    assert s.provisional and not s.complete


def test_a_match_with_a_board_not_yet_in_is_pending():
    s = score_match(["1-0", "", "0-1", "0-1"], "WBWB", MP)
    assert s.outcome == "pending" and not s.complete


def test_board_forfeits_count_as_game_points_and_the_match_stays_played():
    s = score_match(["+-", "1-0", "-+", "1/2-1/2"], "WBWB", MP)
    assert (s.first_game_points, s.second_game_points) == (1.5, 2.5)
    assert s.outcome == "played"


def test_olympiad_rule_53_an_absent_team_loses_every_board_by_forfeit():
    results = absent_team_results("WBWB", 4, absent_is_first=False)
    assert results == ["+-", "-+", "+-", "-+"]
    s = score_match(results, "WBWB", MP)
    assert (s.first_game_points, s.second_game_points, s.first_match_points) == (4, 0, 2)
    assert s.outcome == "forfeit_second" and not s.played


def test_a_double_forfeit_gives_both_teams_nothing():
    s = score_match(["--"] * 4, "WBWB", MP)
    assert (s.first_match_points, s.second_match_points, s.first_game_points) == (0, 0, 0)
    assert s.outcome == "double_forfeit"


def test_c0406_1_6_1_a_match_where_each_team_won_a_board_by_forfeit_counts_as_played():
    s = score_match(["+-", "+-", "+-", "+-"], "WBWB", MP)  # boards 1, 3 to the first team, 2, 4 to the other
    assert s.outcome == "played" and s.played
    assert (s.first_match_points, s.second_match_points) == (1, 1)


def test_c0406_1_6_1_boards_won_by_one_team_by_forfeit_or_double_forfeited_are_its_forfeit_win():
    s = score_match(["--", "-+", "--", "--"], "WBWB", MP)  # board 2: the first team has Black
    assert s.outcome == "forfeit_second" and not s.played
    assert (s.first_match_points, s.second_match_points) == (2, 0)


def test_result_aliases_are_accepted_and_unknown_results_refused():
    assert normalise_result("½-½") == "1/2-1/2"
    with pytest.raises(ValueError, match="unknown result '2-0'"):
        normalise_result("2-0")
