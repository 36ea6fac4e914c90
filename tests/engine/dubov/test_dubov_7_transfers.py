"""Dubov 7: transfers, in their order 7.1, 7.2, 7.3/7.4."""

import pytest

from engine.dubov import pair
from tests.engine.dubov.builders import facts, scripted, steps

DUE_W_2 = [("W", 0, "1"), ("B", 1, "1")]
DUE_B_2 = [("B", 0, "1"), ("W", 1, "1")]


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
def test_dubov_7_1_the_transferred_player_has_the_opposite_due_colour_before_the_highest_r(team):
    state = scripted(
        {1: 2500, 2: 2400, 3: 2300, 4: 2200},
        {
            1: DUE_W_2,
            2: [("W", 0, "1"), ("B", 1, "0")],  # 1 point, due White, highest R
            3: [("B", 0, "1"), ("W", 1, "0")],  # 1 point, due Black
            4: [("B", 0, "0"), ("W", 0, "1")],  # 1 point, due Black
        },
        team=team,
    )
    pairing = pair(state)
    (t,) = steps(pairing, article="Dubov 7.1", topic="transfer")
    assert facts(t) == {"tpn": 1, "transferred": 3}
    assert pairing.opponents()[1] == 3


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
def test_dubov_7_2_an_odd_scoregroup_receives_the_highest_r_opposite_to_the_dominating_colour(team):
    state = scripted(
        {1: 2600, 2: 2550, 3: 2500, 4: 2450, 5: 2300, 6: 2200},
        {
            1: DUE_W_2,
            2: DUE_W_2,
            3: DUE_B_2,
            4: [("W", 0, "1"), ("B", 1, "0")],  # due White, highest R below
            5: [("B", 0, "1"), ("W", 1, "0")],  # due Black
            6: [("B", 0, "0"), ("W", 0, "1")],  # due Black
        },
        team=team,
    )
    pairing = pair(state)
    (t,) = steps(pairing, article="Dubov 7.2")
    assert t.data["transferred"] == 5 and t.data["dominating"] == "w"
    assert pairing.opponents()[5] in (1, 2)
    assert pairing.opponents()[4] == 6


def test_dubov_7_1_comes_before_7_2():
    # Scoregroup {1, 2, 3}: 1 may meet neither 2 nor 3, so 7.1 brings it an opponent
    # and the group is even: no 7.2 transfer follows.
    state = scripted(
        {1: 2600, 2: 2550, 3: 2500, 4: 2450, 5: 2300, 6: 2200, 7: 2100},
        {
            1: DUE_W_2,
            2: DUE_W_2,
            3: DUE_B_2,
            4: [("W", 0, "1"), ("B", 1, "0")],
            5: [("B", 0, "1"), ("W", 1, "0")],
            6: [("B", 0, "0"), ("W", 0, "1")],
            7: [("B", 0, "0"), ("W", 0, "0")],
        },
        forbidden_pairs=frozenset({frozenset({1, 2}), frozenset({1, 3})}),
    )
    pairing = pair(state)
    starts = [i for i, s in enumerate(pairing.explanation) if s.topic == "scoregroup"]
    top = pairing.explanation[starts[0] : starts[1]]
    articles = [s.article for s in top if s.topic == "transfer"]
    assert articles == ["Dubov 7.1"]
    assert facts(top[1]) == {"tpn": 1, "transferred": 5}  # due Black, highest R below
    assert pairing.opponents()[2] == 3


def test_dubov_7_4_blacks_with_the_highest_aro_move_to_the_white_subgroup():
    # 1.0 point: due Black 1, 2, 3, 4 (AROs 2000, 2200, 2200, 2100); due White 5, 6.
    state = scripted(
        {1: 2400, 2: 2390, 3: 2380, 4: 2370, 5: 2200, 6: 2100},
        {
            1: [("B", 0, "0"), ("W", 0, "1", 2000)],
            2: [("B", 0, "0", 2200), ("W", 0, "1", 2200)],
            3: [("B", 0, "0", 2200), ("W", 0, "1", 2200)],
            4: [("B", 0, "0", 2100), ("W", 0, "1", 2100)],
            5: [("W", 0, "0"), ("B", 0, "1")],
            6: [("W", 0, "0"), ("B", 0, "1")],
        },
    )
    pairing = pair(state)
    (move,) = steps(pairing, article="Dubov 7.4")
    # ARO 2200 for 2 and 3: the lower R (3) goes.
    assert move.data["moved"] == [3]


def test_dubov_7_transfers_run_in_the_order_7_1_then_7_2_then_7_3():
    # Scoregroup 2: 1-4 all due White; 1 may meet none of 2, 3, 4.
    due_white = [("W", 0, "1"), ("B", 1, "1")]
    state = scripted(
        {1: 2600, 2: 2550, 3: 2500, 4: 2450, 5: 2300, 6: 2200, 7: 2100, 8: 2000},
        {
            1: due_white,
            2: [("W", 0, "1", 2000), ("B", 1, "1", 2000)],
            3: [("W", 0, "1", 2100), ("B", 1, "1", 2100)],
            4: [("W", 0, "1", 2200), ("B", 1, "1", 2200)],
            5: [("B", 0, "1"), ("W", 1, "0")],
            6: [("B", 0, "1"), ("W", 1, "0")],
            7: [("W", 0, "1"), ("B", 1, "0")],
            8: [("B", 0, "1"), ("W", 1, "0")],
        },
        forbidden_pairs=frozenset({frozenset({1, 2}), frozenset({1, 3}), frozenset({1, 4})}),
    )
    pairing = pair(state)
    transfers = [s for s in steps(pairing, topic="transfer")]
    assert [s.article for s in transfers] == ["Dubov 7.1", "Dubov 7.2", "Dubov 7.3"]
    assert transfers[0].data["transferred"] == 5  # due Black, highest R
    assert transfers[1].data["transferred"] == 6  # due Black (opposite to the dominating White)
    assert transfers[2].data["moved"] == [2]  # lowest ARO of the Whites 2, 3, 4
    opp = pairing.opponents()
    assert opp[1] == 5 and opp[2] in (3, 4, 6) and opp[7] == 8


def four_whites_two_blacks(ratings_3_4: tuple[float, float], names: dict[int, str] | None = None):
    """Scoregroup 1: 3-6 due White (3 and 4 with ARO 2000), 1 and 2 due Black."""
    from tests.engine.dubov.builders import make_state

    ratings = {1: 2400, 2: 2300, 3: ratings_3_4[0], 4: ratings_3_4[1], 5: 2100, 6: 2100}
    ratings |= {11: 2000, 12: 2000, 13: 2020, 14: 2030, 15: 1900, 16: 1900}
    games = [(11, 3, "0"), (12, 4, "0"), (13, 5, "0"), (14, 6, "0"), (1, 15, "1"), (2, 16, "1")]
    return make_state(ratings, [games], withdrawn=set(range(11, 17)), names=names)


def test_dubov_7_3_with_equal_aro_the_white_with_the_higher_r_moves_to_the_black_subgroup():
    (moved,) = steps(pair(four_whites_two_blacks((2100, 2150))), article="Dubov 7.3")
    assert moved.data["moved"] == [4]


def test_dubov_7_3_with_equal_aro_and_r_the_alphabetical_list_decides_from_the_top():
    names = {t: f"Player {t:03d}" for t in range(1, 17)} | {3: "Zeller", 4: "Adler"}
    (moved,) = steps(pair(four_whites_two_blacks((2100, 2100), names)), article="Dubov 7.3")
    assert moved.data["moved"] == [4]
