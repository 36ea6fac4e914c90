"""Dubov 3: colour allocation, its five priorities in order, after 2.3 and 2.4."""

from engine.dubov.colours import allocate
from engine.dubov.limits import Limits
from engine.dubov.profile import profiles
from tests.engine.dubov.builders import scripted


def allocation(scripts, ratings=None, team=False):
    ratings = ratings or {1: 2000, 2: 2000}
    state = scripted(ratings, scripts, team=team)
    return allocate(Limits(state, profiles(state)), 1, 2)


def test_dubov_3_first_both_players_get_their_due_colour():
    a = allocation({1: [("B", 0, "=")], 2: [("W", 0, "=")]}, {1: 1000, 2: 3000})
    assert (a.white, a.black, a.reason) == (1, 2, "both get their due colour")


def test_dubov_3_second_the_colours_played_are_equalised():
    # Both due White; 1 has played more Blacks.
    a = allocation(
        {1: [("B", 0, "="), ("W", 0, "="), ("B", 0, "=")], 2: [("W", 0, "="), ("-", 0, ""), ("B", 0, "=")]}
    )
    assert (a.white, a.reason) == (1, "equalises the whites and blacks played")


def test_dubov_3_third_colours_alternate_from_the_first_difference_going_back():
    # Both due Black, equal counts; rounds 4 and 3 alike, round 2 differs: 1 had White then.
    a = allocation(
        {
            1: [("B", 0, "="), ("W", 0, "="), ("B", 0, "="), ("W", 0, "=")],
            2: [("W", 0, "=", 2500), ("B", 0, "=", 2500), ("B", 0, "=", 2500), ("W", 0, "=", 2500)],
        }
    )
    assert (a.white, a.reason) == (2, "alternates from the first difference of the colour histories")


def test_dubov_3_fourth_white_goes_to_the_higher_aro():
    a = allocation({1: [("B", 0, "=", 2100), ("W", 0, "=")], 2: [("B", 0, "=", 2300), ("W", 0, "=")]})
    assert (a.white, a.reason) == (2, "White to the higher ARO")


def test_dubov_3_fifth_white_goes_to_the_lower_rating():
    a = allocation({1: [("B", 0, "="), ("W", 0, "=")], 2: [("B", 0, "="), ("W", 0, "=")]}, {1: 2300, 2: 2200})
    assert (a.white, a.reason) == (2, "White to the lower R")


def test_dubov_3_team_colours_follow_the_same_priorities():
    a = allocation(
        {1: [("B", 0, "=", 2100), ("W", 0, "=")], 2: [("B", 0, "=", 2300), ("W", 0, "=")]}, team=True
    )
    assert (a.white, a.reason) == (2, "White to the higher ARO")


def test_dubov_2_4_before_3_a_player_with_two_blacks_running_gets_white_whatever_the_priorities():
    # 3 alone would give 2 White (at round 1 1 had White, 2 Black); 2.4 forbids 1 a third Black.
    a = allocation(
        {
            1: [("W", 0, "="), ("-", 0, ""), ("B", 0, "="), ("B", 0, "=")],
            2: [("B", 0, "="), ("W", 0, "="), ("B", 0, "=")],
        }
    )
    assert (a.white, a.article) == (1, "Dubov 2.3-2.4")
