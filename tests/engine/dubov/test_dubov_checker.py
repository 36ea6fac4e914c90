"""violations(): what a hand-amended Dubov pairing breaks."""

from engine import api
from engine.dubov import pair, violations
from engine.result import Pair, RoundPairing
from tests.engine.dubov.builders import make_state, scripted
from tests.engine.dubov.test_dubov_2_limitations import leader_and_chasers


def criteria(found):
    return {(v.criterion, v.absolute) for v in found}


def four_after_one_round():
    return make_state({1: 2400, 2: 2300, 3: 2200, 4: 2100}, [[(1, 3, "1"), (4, 2, "=")]])


def test_the_engine_pairing_breaks_nothing():
    state = four_after_one_round()
    assert violations(state, pair(state)) == []


def test_dubov_2_1_a_rematch_is_an_absolute_violation():
    state = four_after_one_round()
    amended = RoundPairing(2, [Pair(1, 3), Pair(2, 4)])
    assert ("Dubov 2.1", True) in criteria(violations(state, amended))


def test_dubov_6_a_player_left_unpaired_or_paired_twice_is_an_absolute_violation():
    state = four_after_one_round()
    found = violations(state, RoundPairing(2, [Pair(1, 2), Pair(2, 3)]))
    assert ("Dubov 2.1", True) in criteria(found)  # 2 twice
    assert any(v.absolute and v.tpns == (4,) and "unpaired" in v.message for v in found)


def test_dubov_2_2_a_second_bye_is_an_absolute_violation():
    state = scripted(
        {1: 2400, 2: 2300, 3: 2000},
        {
            1: [("W", 0, "1"), ("B", 0, "=")],
            2: [("B", 0, "1"), ("W", 0, "1")],
            3: [("U", 0, ""), ("W", 0, "0")],
        },
    )
    found = violations(state, RoundPairing(3, [Pair(1, 2)], bye=3))
    assert ("Dubov 2.2", True) in criteria(found)


def test_dubov_4_a_bye_with_an_even_number_is_an_absolute_violation():
    state = four_after_one_round()
    found = violations(state, RoundPairing(2, [Pair(1, 2)], bye=3))
    assert ("Dubov 4", True) in criteria(found)


def test_dubov_3_colours_other_than_chapter_3_gives_are_a_quality_departure():
    state = four_after_one_round()
    engine = pair(state)
    swapped = RoundPairing(2, [Pair(p.black, p.white) for p in engine.pairs])
    assert criteria(violations(state, swapped)) == {("Dubov 3", False)}


def test_dubov_2_4_a_third_colour_running_is_a_quality_departure():
    state = scripted(
        {1: 2000, 2: 2000},
        {1: [("W", 0, "="), ("B", 0, "="), ("B", 0, "=")], 2: [("B", 0, "="), ("W", 0, "="), ("W", 0, "=")]},
    )
    found = violations(state, RoundPairing(4, [Pair(2, 1)]))
    assert {(v.criterion, v.tpns) for v in found} == {("Dubov 2.4", (1,)), ("Dubov 2.4", (2,))}
    assert all(not v.absolute for v in found)


def test_dubov_2_3_a_colour_difference_beyond_two_is_a_quality_departure():
    state = scripted(
        {1: 2000, 2: 2000}, {1: [("B", 0, "="), ("-", 0, ""), ("B", 0, "=")], 2: [("W", 0, "=")]}
    )
    found = violations(state, RoundPairing(4, [Pair(2, 1)]))
    assert ("Dubov 2.3", False) in criteria(found)


def test_dubov_2_5_an_upfloat_two_rounds_running_is_a_quality_departure():
    state = leader_and_chasers(rounds_total=9)
    amended = RoundPairing(3, [Pair(1, 2), Pair(4, 3)])
    found = violations(state, amended)
    assert ("Dubov 2.5", False) in criteria(found)
    assert not any(v.absolute for v in found)


def test_dubov_2_5_is_not_checked_in_the_last_round():
    state = leader_and_chasers(rounds_total=3)
    amended = RoundPairing(3, [Pair(1, 2), Pair(4, 3)])
    assert ("Dubov 2.5", False) not in criteria(violations(state, amended))


def test_engine_api_check_compares_a_hand_amended_dubov_pairing_with_the_engine():
    state = four_after_one_round()
    report = api.check(state, RoundPairing(2, [Pair(1, 3), Pair(2, 4)]))
    assert report.has_absolute_violation
    assert report.engine_pairing is not None and report.engine_pairing.system == "dubov"
    assert not report.matches_engine
