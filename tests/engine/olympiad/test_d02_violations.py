"""D.02 checks of a proposed pairing (checker -c): absolute breaches and the article preferring the engine's."""

from __future__ import annotations

from engine import systems
from engine.result import Pair, RoundPairing
from tests.engine.olympiad.builders import tournament


def _check(state, pairs, bye=None):
    proposal = RoundPairing(state.next_round, [Pair(w, b) for w, b in pairs], bye, system="olympiad")
    return systems.get("olympiad").violations(state, proposal)


def test_d02_violations_the_engines_own_pairing_has_none():
    state = tournament(8, version="2022")
    assert _check(state, [(p.white, p.black) for p in systems.get("olympiad").pair(state).pairs]) == []


def test_d02_9_3_a_proposal_leaving_the_order_is_answered_with_9_3():
    state = tournament(8, version="2022")
    found = _check(state, [(1, 6), (5, 2), (3, 7), (8, 4)])
    assert [v.criterion for v in found] == ["D.02 9.3"]
    assert not found[0].absolute
    assert "the rules pair T1 (1) with T5 (5)" in found[0].message


def test_d02_7_2_colours_reversed_on_board_1_cite_the_colour_article():
    state = tournament(8, version="2022")
    found = _check(state, [(5, 1), (6, 2), (3, 7), (8, 4)])
    assert [(v.criterion, v.tpns) for v in found] == [("D.02 7.2", (1, 5))]


def test_d02_6_1_a_rematch_is_absolute():
    state = tournament(4, [[(1, 3, 3), (2, 4, 3)]], version="2022")
    found = _check(state, [(1, 3), (2, 4)])
    assert any(v.criterion == "D.02 6.1" and v.absolute for v in found)


def test_d02_4_2_1_a_second_bye_is_absolute():
    state = tournament(5, [[(1, 2, 3), (3, 4, 3)]], byes={1: 5}, version="2022")
    found = _check(state, [(1, 3), (2, 4)], bye=5)
    assert any(v.criterion == "D.02 4.2.1" and v.absolute for v in found)


def test_d02_7_3_a_third_white_running_is_reported():
    # 1 had White in rounds 1 and 2; it can only meet 2 now.
    state = tournament(4, [[(1, 3, 3), (2, 4, 1)], [(1, 4, 2), (3, 2, 2)]], version="2022")
    engine = systems.get("olympiad").pair(state)
    assert (2, 1) in [(p.white, p.black) for p in engine.pairs]
    found = _check(state, [(1, 2), (4, 3)])
    assert any(v.criterion == "D.02 7.3" and v.tpns == (1,) for v in found)


def test_d02_8_3_1_a_proposal_keeping_the_floater_in_its_group_is_answered_with_8_3_1():
    # After round 1, 1, 2 and 3 have 2 matchpoints: 3, the lowest ranked, floats down (8.3.1).
    state = tournament(6, [[(1, 4, 3), (5, 2, 1), (3, 6, 3)]], version="2022")
    engine = systems.get("olympiad").pair(state)
    assert {frozenset((p.white, p.black)) for p in engine.pairs} == {
        frozenset((1, 2)),
        frozenset((3, 4)),
        frozenset((5, 6)),
    }
    found = _check(state, [(1, 3), (2, 4), (5, 6)])
    assert [v.criterion for v in found] == ["D.02 8.3.1"]
    assert "float" in found[0].message


def test_d02_7_4_the_checker_follows_the_option_colour_limits_lifted():
    # After two rounds 1, 2 and 3 (4 MP) had White twice running; 4, 5, 6 (2 MP) can take White. By
    # default the 4-point group is paired without the limits (1-2, 3 floats); with no_floater it floats
    # all three, within the limits, so 1-2 then breaks 7.3 and is not what the rules pair.
    rounds = [
        [(1, 7, 3), (2, 8, 3), (3, 9, 3), (4, 10, 2), (5, 11, 2), (6, 12, 2)],
        [(1, 10, 3), (2, 11, 3), (3, 12, 3), (7, 4, 2), (8, 5, 2), (9, 6, 2)],
    ]
    proposal = [(2, 1), (4, 3), (5, 6), (10, 7), (11, 8), (12, 9)]
    fewer = tournament(12, rounds, version="2022")
    assert {frozenset((p.white, p.black)) for p in systems.get("olympiad").pair(fewer).pairs} == {
        frozenset(p) for p in proposal
    }
    assert not [v for v in _check(fewer, proposal) if v.criterion == "D.02 7.3"]
    narrow = tournament(12, rounds, version="2022", options={"colour_limits_lifted": "no_floater"})
    assert {frozenset((p.white, p.black)) for p in systems.get("olympiad").pair(narrow).pairs} == {
        frozenset(p) for p in [(1, 4), (2, 5), (3, 6), (7, 10), (8, 11), (9, 12)]
    }
    found = _check(narrow, proposal)
    assert [(v.criterion, v.tpns) for v in found] == [("D.02 7.3", (2,)), ("D.02 9.4", (2, 1))]
