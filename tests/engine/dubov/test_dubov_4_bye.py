"""Dubov 4: the bye with an odd number of players."""

import pytest

from engine.dubov import pair
from tests.engine.dubov.builders import scripted, steps


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
def test_dubov_4_the_lowest_rated_of_the_lowest_scoregroup_gets_the_bye(team):
    state = scripted(
        {1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2350},
        {
            1: [("W", 0, "1")],
            2: [("B", 0, "1")],
            3: [("W", 0, "0")],
            4: [("B", 0, "1")],
            5: [("B", 0, "0")],
        },
        team=team,
    )
    pairing = pair(state)
    # Lowest scoregroup: 3 (2200) and 5 (2350); 4 is rated lower but scored.
    assert pairing.bye == 3
    (bye,) = steps(pairing, topic="bye")
    assert bye.article == "Dubov 4"


def test_dubov_4_equal_lowest_r_in_both_colour_subgroups_the_dominating_colour_gets_the_bye():
    # Lowest group: 3 and 4 (R 2000, due White / due Black), 5 due Black (R 2100): Black dominates.
    state = scripted(
        {1: 2400, 2: 2300, 3: 2000, 4: 2000, 5: 2100},
        {
            1: [("W", 0, "1")],
            2: [("B", 0, "1")],
            3: [("B", 0, "0", 2500)],
            4: [("W", 0, "0")],
            5: [("W", 0, "0")],
        },
    )
    assert pair(state).bye == 4


def test_dubov_4_equal_r_and_colour_the_higher_aro_gets_the_bye():
    state = scripted(
        {1: 2400, 2: 2300, 3: 2000, 4: 2000, 5: 2100},
        {
            1: [("W", 0, "1")],
            2: [("B", 0, "1")],
            3: [("W", 0, "0", 2100)],
            4: [("W", 0, "0", 2200)],
            5: [("B", 0, "0")],
        },
    )
    assert pair(state).bye == 4


def test_dubov_4_with_2_2_a_player_who_had_the_bye_gets_no_second_one():
    state = scripted(
        {1: 2400, 2: 2300, 3: 2000},
        {
            1: [("W", 0, "1"), ("B", 0, "=")],
            2: [("B", 0, "1"), ("W", 0, "1")],
            3: [("U", 0, ""), ("W", 0, "0")],
        },
    )
    # Scores: 3 has 1 (lowest, but had the bye), 1 has 1.5, 2 has 2.
    pairing = pair(state)
    assert pairing.bye == 1
    (bye,) = steps(pairing, topic="bye")
    assert bye.data["barred"] == [3]
