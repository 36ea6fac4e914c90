"""violations(): what a hand-amended Dubov pairing breaks, and why the engine's pairing is preferred."""

import random

from engine import api
from engine.dubov import pair, violations
from engine.result import Pair, RoundPairing
from tests.engine.amendments import random_amendments
from tests.engine.dubov.builders import make_state, scripted
from tests.engine.dubov.test_dubov_2_limitations import leader_and_chasers
from tests.engine.dubov.test_dubov_6_standard_procedure import twelve_players_before_round_4
from tests.engine.dubov.test_dubov_8_floaters import star_group
from tests.engine.dubov.test_dubov_explanation import event


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


def test_dubov_6_3_the_former_white_against_white_pairing_of_the_round_4_case_is_told_by_the_row_change():
    state = twelve_players_before_round_4()
    engine = pair(state)
    # What the engine paired before 6.3 was read with the change of earlier rows:
    # 4-3, then 6 and 2 against each other and 7 against 5.
    rest = [p for p in engine.pairs if p.white not in (2, 3, 4, 5, 6, 7)]
    former = RoundPairing(4, [Pair(4, 3), Pair(6, 2), Pair(7, 5), *rest])
    found = violations(state, former)
    assert not any(v.absolute for v in found)
    first = found[0]
    assert (first.criterion, first.tpns) == ("Dubov 6.3", (4, 7))
    assert first.message.startswith("Dubov 6.3: the procedure pairs 4-7 at this point (row 1: ")
    assert "would leave Whites 6 (row 2) and 2 (row 3) only Black 5 between them" in first.message
    assert first.message.endswith("this pairing has 3-4, 5-7")
    assert found[1].message.startswith(
        "Dubov 6.3: 2 pair(s) of participants due the same colour, the engine's pairing has 0"
    )


def test_dubov_6_4_keeping_a_floater_in_his_scoregroup_is_told_by_the_choice_of_floaters():
    state = star_group()
    found = violations(state, RoundPairing(3, [Pair(1, 4), Pair(5, 2), Pair(3, 6), Pair(7, 8)]))
    assert (found[0].criterion, found[0].tpns) == ("Dubov 6.4", (4,))
    assert found[0].message.startswith("Dubov 6.4: 4 floats down from scoregroup 2 (")
    assert "the scoregroup of 4 can form at most 1 pair" in found[0].message
    assert found[0].message.endswith("this pairing keeps him there (1-4)")


def test_dubov_4_a_bye_to_another_is_told_by_the_order_of_4():
    state = scripted(
        {1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2350},
        {1: [("W", 0, "1")], 2: [("B", 0, "1")], 3: [("W", 0, "0")], 4: [("B", 0, "1")], 5: [("B", 0, "0")]},
    )
    found = violations(state, RoundPairing(2, [Pair(2, 1), Pair(4, 3)], bye=5))
    assert [(v.criterion, v.tpns) for v in found] == [("Dubov 4", (3,))]
    assert found[0].message == (
        "Dubov 4: the bye goes to 3 (3 Player 003 receives the bye: lowest scoregroup (0), lowest R (2200), "
        "ARO 2000.0); this pairing gives it to 5"
    )


def test_dubov_5_colours_other_than_the_lot_gives_in_round_1_are_told_by_5():
    state = make_state({1: 2400, 2: 2300, 3: 2200, 4: 2100})
    found = violations(state, RoundPairing(1, [Pair(3, 1), Pair(4, 2)]))
    assert [(v.criterion, v.tpns) for v in found] == [("Dubov 5", (3, 1))]
    assert "pair 1: 1 Player 001 White (odd pair: as the lot)" in found[0].message


def test_dubov_every_pairing_that_differs_from_the_engines_gets_a_reason():
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        state = event(team=seed % 3 == 0, rounds_played=seed % 5, n=8 + seed % 7)
        engine = pair(state)
        for given in random_amendments(engine, rng):
            checked += 1
            assert violations(state, given), (seed, given.pairs)
    assert checked > 100
