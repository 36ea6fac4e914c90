"""Dubov 5: the first round."""

import pytest

from engine.dubov import pair
from engine.state import Colour
from tests.engine.dubov.builders import make_state, pairs_of, steps

RATINGS = {t: 2500 - 10 * t for t in range(1, 9)}


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
def test_dubov_5_upper_half_meets_lower_half_with_colours_by_lot_alternating(team):
    pairing = pair(make_state(RATINGS, team=team, initial_colour=Colour.WHITE))
    assert [(p.white, p.black) for p in pairing.pairs] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert all(s.article == "Dubov 5" for s in steps(pairing, topic="colour"))


def test_dubov_5_the_lot_may_give_the_first_player_black():
    pairing = pair(make_state(RATINGS, initial_colour=Colour.BLACK))
    assert [(p.white, p.black) for p in pairing.pairs] == [(5, 1), (2, 6), (7, 3), (4, 8)]


def test_dubov_5_with_an_odd_number_the_last_in_the_list_gets_the_bye():
    ratings = {t: r for t, r in RATINGS.items() if t <= 7}
    pairing = pair(make_state(ratings))
    assert pairing.bye == 7
    assert pairs_of(pairing) == {(1, 4), (5, 2), (3, 6)}
    (bye,) = steps(pairing, topic="bye")
    assert bye.article == "Dubov 5"


def test_dubov_5_a_forbidden_pair_is_improved_as_in_6_3():
    pairing = pair(make_state(RATINGS, forbidden_pairs=frozenset({frozenset({1, 5})})))
    opp = pairing.opponents()
    assert opp[1] == 6 and opp[2] == 5
    assert steps(pairing, topic="pairing")[0].article == "Dubov 6.3"
