"""Dubov 1 (R, ARO, due colour) and 9 (the published ARO list)."""

import pytest

from engine.dubov import aro_list, pair
from engine.dubov.profile import due_colour, profiles
from engine.result import MESSAGE_DATA
from engine.state import Colour
from tests.engine.dubov.builders import make_state, scripted, steps

W, B = Colour.WHITE, Colour.BLACK


def test_dubov_1_aro_is_the_average_rating_of_the_opponents_met():
    state = make_state({1: 2000, 2: 2400, 3: 2300, 4: 1000}, [[(1, 2, "=")], [(3, 1, "1")]])
    assert aro_list(state)[1] == 2350.0
    assert aro_list(state)[2] == 2000.0


def test_dubov_1_a_forfeited_game_does_not_enter_the_aro():
    state = make_state({1: 2000, 2: 2400, 3: 2300, 4: 1000}, [[(1, 2, "=")], [(1, 4, "+")]])
    assert aro_list(state)[1] == 2400.0
    assert aro_list(state)[4] == 0.0  # no game played: ARO 0


def test_dubov_1_aro_is_rounded_to_one_decimal_as_in_the_6_2_example():
    state = scripted(
        {1: 2000, 2: 2000},
        {
            1: [("W", 0, "=", 2000), ("B", 0, "=", 2000), ("W", 0, "=", 2001)],
            2: [("W", 0, "=", 2000), ("B", 0, "=", 2001), ("W", 0, "=", 2001)],
        },
    )
    assert aro_list(state)[1] == 2000.3
    assert aro_list(state)[2] == 2000.7


def test_dubov_1_team_aro_averages_the_opponent_teams_strengths():
    state = make_state({1: 2500.5, 2: 2400.25, 3: 2300.75}, [[(1, 2, "1")], [(3, 1, "=")]], team=True)
    assert aro_list(state)[1] == 2350.5


@pytest.mark.parametrize(
    ("colours", "due"),
    [
        ((B, B, W), W),  # more blacks
        ((W, B), W),  # equal, black last
        ((W, W, B), B),  # more whites
        ((B, W), B),  # equal, white last
        ((), None),  # no game yet
    ],
)
def test_dubov_1_due_colour(colours, due):
    assert due_colour(colours) is due


def test_dubov_1_due_colour_counts_only_games_played():
    state = make_state({1: 2000, 2: 2000, 3: 2000}, [[(1, 2, "1")], [(3, 1, "-")]])
    assert profiles(state)[1].due is B  # the forfeit gives no colour


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
def test_dubov_9_every_round_publishes_the_aro_list_in_the_explanation(team):
    state = make_state({1: 2400, 2: 2300, 3: 2200, 4: 2100}, [[(1, 3, "1"), (4, 2, "=")]], team=team)
    pairing = pair(state)
    (step,) = steps(pairing, topic="aro")
    assert step.article == "Dubov 9"
    aros = {t: aro for t, aro in step.data.items() if t != MESSAGE_DATA}  # beside it, the step as a message
    assert aros == aro_list(state) == {1: 2200.0, 2: 2100.0, 3: 2400.0, 4: 2300.0}
    assert step.message == "ARO after round 1 (Dubov 1): 1: 2200.0, 2: 2100.0, 3: 2400.0, 4: 2300.0"
