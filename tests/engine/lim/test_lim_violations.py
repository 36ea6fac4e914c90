"""violations(state, pairing) for hand-amended Lim pairings; engine.api.check with the Lim system."""

from engine.api import check, pair
from engine.lim import violations
from engine.result import Pair, RoundPairing
from tests.engine.amendments import random_amendments
from tests.engine.lim.helpers import Event

# Round 3 of a 6-player event: the engine pairs 1-4, 2-3 (after cracking) and 5-6.
STATE = Event(6).round((3, 4, 1), (1, 5, 1), (2, 6, 1)).round((3, 1, 0), (5, 2, 0), (6, 4, 0)).state()


def amended(*pairs, bye=None):
    return RoundPairing(round=3, pairs=[Pair(w, b) for w, b in pairs], bye=bye)


def crit(vs, absolute=None):
    return [v.criterion for v in vs if absolute is None or v.absolute is absolute]


def test_lim_violations_the_engines_own_pairing_breaks_nothing():
    assert violations(STATE, pair(STATE)) == []


def test_lim_9_1_violations_a_rematch_is_absolute():
    vs = violations(STATE, amended((4, 3), (1, 2), (5, 6)))
    assert "Lim 9.1" in crit(vs, absolute=True)


def test_lim_9_violations_a_player_left_out_or_paired_twice_is_absolute():
    vs = violations(STATE, amended((4, 1), (2, 3)))
    assert crit(vs, absolute=True).count("Lim 9") == 2  # 5 and 6 unpaired
    vs = violations(STATE, amended((4, 1), (2, 3), (5, 6), (1, 6)))
    assert any(v.criterion == "Lim 9" and v.tpns in ((1,), (6,)) for v in vs if v.absolute)


def test_lim_8_2_violations_a_second_bye_is_absolute():
    st = Event(5).round((1, 3, 1), (2, 4, 1), byes=[5]).state()
    engine = pair(st)
    assert engine.bye != 5
    vs = violations(st, RoundPairing(round=2, pairs=[Pair(1, 2), Pair(3, 4)], bye=5))
    assert "Lim 8.2" in crit(vs, absolute=True)
    assert "Lim 8.1" in crit(vs, absolute=False)


def test_lim_12_violations_swapped_colours_are_a_quality_departure():
    engine = {(p.white, p.black) for p in pair(STATE).pairs}
    assert (5, 6) in engine  # 5 and 6 both due Black, identical histories below the median
    vs = violations(STATE, amended((4, 1), (2, 3), (6, 5)))
    assert [(v.criterion, v.absolute, v.tpns) for v in vs] == [("Lim 12.4", False, (6, 5))]


def test_lim_12_1_violations_a_third_white_in_a_row_is_absolute_except_in_the_last_round():
    # 3 had White twice; giving him White again breaks 12.1(a).
    vs = violations(STATE, amended((1, 4), (3, 2), (5, 6)))
    assert "Lim 12.1(a)" in crit(vs, absolute=True)
    last = (
        Event(6).round((3, 4, 1), (1, 5, 1), (2, 6, 1)).round((3, 1, 0), (5, 2, 0), (6, 4, 0)).state(rounds=3)
    )
    vs = violations(last, amended((1, 4), (3, 2), (5, 6)))
    assert "Lim 13" in crit(vs, absolute=False) and not crit(vs, absolute=True)


def test_lim_10_violations_floaters_the_engine_does_not_make_are_reported():
    # 5-6 is the engine's; pairing 1-6 and 5-2 floats players across score-groups.
    vs = violations(STATE, amended((4, 3), (1, 6), (5, 2)))
    assert "Lim 10" in crit(vs, absolute=False)


def test_lim_check_compares_an_amended_pairing_with_the_engine():
    report = check(STATE, amended((1, 3), (2, 4), (5, 6)))
    assert report.has_absolute_violation  # 1-3 met in round 2
    assert report.differences


def eleven_after_three_rounds():
    """11 players after three rounds; round 4: score-group 2 = {6, 9, 11} is odd and 9 floated in round 3."""
    return (
        Event(11)
        .round((1, 6, 1), (3, 8, 1), (5, 10, 0), (7, 2, 0.5), (9, 4, 0), byes=[11])
        .round((2, 11, 0), (4, 1, 1), (6, 7, 1), (8, 5, 1), (10, 3, 1), byes=[9])
        .round((1, 10, 0.5), (3, 2, 0.5), (7, 9, 0), (8, 6, 0), (11, 4, 0), byes=[5])
        .state()
    )


def test_lim_9_3_d_keeping_the_parity_floater_in_his_group_is_told_by_the_floater_choice():
    state = eleven_after_three_rounds()
    engine = pair(state)
    assert {frozenset((6, 3)), frozenset((9, 11))} <= {frozenset((p.white, p.black)) for p in engine.pairs}
    given = RoundPairing(4, [Pair(4, 10), Pair(9, 6), Pair(11, 3), Pair(5, 1), Pair(2, 8)], bye=7)
    vs = violations(state, given)
    assert not any(v.absolute for v in vs)
    first = vs[0]
    assert (first.criterion, first.tpns) == ("Lim 9.3(d)", (6,))
    assert "before him in the order of 10.2 (lowest numbered first): 11 (type d): due Black" in first.message
    assert "9 (type d): floated in the round just before (Lim 10.10)" in first.message
    assert first.message.endswith("this pairing keeps him in it (6-9)")


def test_lim_9_4_a_pairing_that_skips_the_proposed_pairing_is_told_by_9_4():
    from tests.engine.lim.test_lim_explanation import exchange_case

    vs = violations(exchange_case(), RoundPairing(3, [Pair(1, 6), Pair(2, 5), Pair(3, 4)]))
    assert [(v.criterion, v.absolute, v.tpns) for v in vs] == [("Lim 9.4", False, (2, 4))]
    assert vs[0].message == (
        "Lim 9.4: the procedure pairs 2-4 at this point (2 v 4: proposed pairing confirmed (top half against "
        "bottom half)); this pairing has 2-5, 3-4"
    )


def test_lim_every_pairing_that_differs_from_the_engines_gets_a_reason():
    import random

    from tests.engine.lim.test_lim_explanation import after

    rng = random.Random(5)
    checked = 0
    for seed in range(30):
        state = after(seed % 5, n=8 + seed % 7, team=seed % 3 == 0, seed=seed)
        engine = pair(state)
        for given in random_amendments(engine, rng):
            checked += 1
            assert violations(state, given), (seed, given.pairs)
    assert checked > 80
