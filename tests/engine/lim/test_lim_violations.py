"""violations(state, pairing) for hand-amended Lim pairings; engine.api.check with the Lim system."""

from engine.api import check, pair
from engine.lim import violations
from engine.result import Pair, RoundPairing
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
