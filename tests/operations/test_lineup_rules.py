"""Lineup validation (Olympiad rule 61, fixed roster order of rule 4): pure functions."""

import pytest

from operations.domain.lineup_rules import (
    IllegalLineup,
    RosterEntry,
    default_lineup,
    lineup_problems,
    top_boards,
    validate_lineup,
)

# Roster of five in board order: ids 11..15, the fifth is the reserve.
ROSTER = [RosterEntry(10 + i, i, f"P{i}") for i in range(1, 6)]


def codes(lineup, **kw):
    return [p.code for p in lineup_problems(ROSTER, lineup, 4, **kw)]


def test_olympiad_rule_61_the_top_four_in_roster_order_is_legal():
    assert validate_lineup(ROSTER, [11, 12, 13, 14], 4) == [11, 12, 13, 14]


def test_olympiad_rule_61_a_reserve_moves_up_keeping_the_relative_order():
    assert codes([11, 13, 14, 15]) == []
    assert codes([12, 13, 14, 15]) == []


def test_olympiad_rule_4_swapping_two_players_breaks_the_fixed_board_order():
    problems = lineup_problems(ROSTER, [12, 11, 13, 14], 4)
    assert [p.code for p in problems] == ["board_order"]
    assert problems[0].board == 2
    assert "P1 (roster no. 1) cannot play below P2 (roster no. 2) on board 1" in problems[0].message


def test_olympiad_rule_61_a_player_not_on_the_roster_is_refused():
    problems = lineup_problems(ROSTER, [11, 12, 13, 99], 4)
    assert problems[0].code == "not_on_roster" and problems[0].board == 4


def test_olympiad_rule_61_a_withdrawn_player_is_refused():
    roster = [*ROSTER[:2], RosterEntry(13, 3, "P3", withdrawn=True), *ROSTER[3:]]
    assert [p.code for p in lineup_problems(roster, [11, 12, 13, 14], 4)] == ["withdrawn"]


def test_a_player_on_two_boards_is_refused():
    assert "duplicate" in codes([11, 12, 12, 14])


def test_more_players_than_boards_is_refused():
    assert codes([11, 12, 13, 14, 15]) == ["too_many"]


def test_an_incomplete_team_leaves_only_the_bottom_boards_empty():
    assert codes([11, 12, 13, None]) == []
    assert codes([11, 12, 13]) == []
    assert codes([11, None, 13, 14]) == ["empty_board_above_player"]


def test_empty_boards_can_be_forbidden_and_a_minimum_of_players_required():
    assert codes([11, 12, 13], allow_empty_boards=False) == ["empty_board"]
    assert codes([11, None, None, None], min_players=2) == ["too_few"]


def test_an_illegal_lineup_is_refused_with_every_reason():
    with pytest.raises(IllegalLineup) as err:
        validate_lineup(ROSTER, [12, 11, 99, 14], 4)
    assert {p.code for p in err.value.problems} == {"board_order", "not_on_roster"}
    assert "roster" in str(err.value)


def test_default_lineup_is_the_previous_rounds_when_still_legal():
    assert default_lineup(ROSTER, 4, "previous", [11, 13, 14, 15]) == [11, 13, 14, 15]


def test_default_lineup_falls_back_to_the_top_boards_when_the_previous_one_is_no_longer_legal():
    roster = [*ROSTER[:2], RosterEntry(13, 3, "P3", withdrawn=True), *ROSTER[3:]]
    assert default_lineup(roster, 4, "previous", [11, 12, 13, 14]) == [11, 12, 14, 15]
    assert default_lineup(roster, 4, "previous", None) == [11, 12, 14, 15]


def test_default_lineup_top_boards_ignores_the_previous_round():
    assert default_lineup(ROSTER, 4, "top_boards", [11, 13, 14, 15]) == [11, 12, 13, 14]


def test_top_boards_pads_a_short_roster_with_empty_boards():
    assert top_boards(ROSTER[:3], 4) == [11, 12, 13, None]


def test_unknown_default_policy_is_refused():
    with pytest.raises(ValueError, match="default lineup policy"):
        default_lineup(ROSTER, 4, "random")
