"""Dubov 6.4 (who floats) and 8 (treatment of floaters)."""

from engine.dubov import pair
from tests.engine.dubov.builders import scripted, steps


def star_group(team: bool = False):
    """Scoregroup 2: 1 may meet 2, 3, 4, who may not meet each other; 2 floated down before."""
    return scripted(
        {1: 2600, 2: 2500, 3: 2450, 4: 2400, 5: 2300, 6: 2250, 7: 2200, 8: 2150},
        {
            1: [("W", 0, "1"), ("B", 1, "1")],
            2: [("B", 0, "1"), ("W", 0, "1")],  # round 2 against a lower score: a floater before
            3: [("W", 0, "1"), ("B", 1, "1")],
            4: [("B", 0, "1"), ("W", 1, "1")],
            5: [("W", 0, "1"), ("B", 1, "0")],
            6: [("B", 0, "1"), ("W", 1, "0")],
            7: [("W", 0, "0"), ("B", 0, "1")],
            8: [("B", 0, "0"), ("W", 0, "1")],
        },
        team=team,
        forbidden_pairs=frozenset({frozenset({2, 3}), frozenset({2, 4}), frozenset({3, 4})}),
    )


def test_dubov_6_4_floaters_are_chosen_by_class_not_a_floater_before_first():
    pairing = pair(star_group())
    floats = [s for s in steps(pairing, article="Dubov 6.4") if "floater_class" in s.data]
    assert [s.data["tpn"] for s in floats] == [4, 3]  # class 1, lower R first; 2 (class 3) stays
    assert all(s.data["floater_class"] == 1 for s in floats)
    assert pairing.opponents()[1] == 2


def test_dubov_8_1_white_floaters_first_then_alternating():
    pairing = pair(star_group())
    (order,) = steps(pairing, article="Dubov 8.1")
    assert order.data["order"] == [3, 4]  # 3 due White, 4 due Black


def test_dubov_8_2_a_floater_meets_the_highest_r_with_the_opposite_due_colour():
    pairing = pair(star_group(team=True))
    opp = pairing.opponents()
    assert opp[3] == 6  # due Black, 2250 (5 is rated higher but due White like 3)
    assert opp[4] == 5
    assert opp[7] == 8
    assert [s.article for s in steps(pairing, topic="pairing") if s.data["white"] in (3, 4, 5, 6)] == [
        "Dubov 8.2",
        "Dubov 8.2",
    ]


def star_group_with_equal_r(aro6: float, aro8: float):
    """As ``star_group``, but 6 and 8 (both due Black, both 2250) differ only in ARO."""
    return scripted(
        {1: 2600, 2: 2500, 3: 2450, 4: 2400, 5: 2300, 6: 2250, 7: 2200, 8: 2250},
        {
            1: [("W", 0, "1"), ("B", 1, "1")],
            2: [("B", 0, "1"), ("W", 0, "1")],
            3: [("W", 0, "1"), ("B", 1, "1")],
            4: [("B", 0, "1"), ("W", 1, "1")],
            5: [("W", 0, "1"), ("B", 1, "0")],
            6: [("B", 0, "1", aro6), ("W", 1, "0", aro6)],
            7: [("W", 0, "0"), ("B", 0, "1")],
            8: [("B", 0, "1", aro8), ("W", 1, "0", aro8)],
        },
        forbidden_pairs=frozenset({frozenset({2, 3}), frozenset({2, 4}), frozenset({3, 4})}),
    )


def test_dubov_8_2_among_equal_r_the_floater_meets_the_lowest_aro():
    assert pair(star_group_with_equal_r(2100, 2000)).opponents()[3] == 8
    assert pair(star_group_with_equal_r(2000, 2100)).opponents()[3] == 6
