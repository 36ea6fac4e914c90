"""A proposed pairing that differs from the engine's always gets a reason.

Either the rule the proposal breaks, or the rule whose order puts the
engine's pairing first (``engine.olympiad.departures``), or the colour rule.
"""

import random

from engine import api
from engine.olympiad import violations
from engine.olympiad.simulate import simulate_round
from engine.result import Pair, RoundPairing

from .builders import tournament
from .test_olympiad_simulated_events import field


def proposal(state, *pairs, bye=None):
    return RoundPairing(round=state.next_round, pairs=[Pair(w, b) for w, b in pairs], bye=bye)


COLOUR_RULES = {f"Olympiad 1998 rule {n}" for n in ("17", "19", "20", "21", "22(a)", "23", "24")}


def reasons(state, prop):
    """The quality reasons, the colour ones left out (the proposals below do not mind colours)."""
    return [v for v in violations(state, prop) if not v.absolute and v.criterion not in COLOUR_RULES]


def test_olympiad_1998_rule_36_a_later_combination_is_reported_with_both_numbers():
    state = tournament(8)
    found = reasons(state, proposal(state, (1, 5), (2, 6), (3, 8), (4, 7)))
    assert [v.criterion for v in found] == ["Olympiad 1998 rule 36"]
    assert found[0].message.startswith(
        "in the 0 group, combination (1) of the order of Olympiad 1998 rule 36 comes before the proposal's "
        "combination (2): the engine pairs T1 (1) - T5 (5), T2 (2) - T6 (6), T3 (3) - T7 (7), T4 (4) - T8 (8)"
    )


def test_olympiad_1998_rule_24_colours_swapped_on_board_1_are_reported_with_the_colour_rule():
    state = tournament(8)
    engine = api.pair(state)
    swapped = [(p.black, p.white) if i == 0 else (p.white, p.black) for i, p in enumerate(engine.pairs)]
    found = [v for v in violations(state, proposal(state, *swapped)) if not v.absolute]
    first = engine.pairs[0]
    assert len(found) == 1 and found[0].criterion == "Olympiad 1998 rule 24"
    assert found[0].message.startswith(
        f"{first.black}-{first.white}: Olympiad 1998 rule 24 gives White on board 1 to {first.white}: "
    )
    assert "the lot gave" in found[0].message


def test_olympiad_1998_rule_25_another_team_dropped_is_reported_with_the_cause():
    state = tournament(10, [[(1, 6, 3), (2, 7, 3), (3, 8, 3), (4, 9, 2), (5, 10, 2)]])
    # The engine: 1-2, 3 drops to meet 4. The proposal drops 2 instead: 1-3, 2-4.
    found = reasons(state, proposal(state, (1, 3), (2, 4), (6, 10), (7, 8), (5, 9)))
    assert [v.criterion for v in found] == ["Olympiad 1998 rule 25"]
    assert found[0].message == (
        "in the 3 group, T3 (3) leaves the group (Olympiad 1998 rule 25): its group has an odd number of teams "
        "and T3 (3) is its weakest team; the proposal sends T2 (2) instead"
    )


def test_olympiad_1998_rule_25_dropped_team_meeting_another_opponent_is_reported():
    state = tournament(10, [[(1, 6, 3), (2, 7, 3), (3, 8, 3), (4, 9, 2), (5, 10, 2)]])
    # The engine: 3 meets 4, the strongest team of the 2 group it has not played. The proposal: 3-5.
    found = reasons(state, proposal(state, (1, 2), (3, 5), (4, 10), (6, 9), (7, 8)))
    rule_25 = [v for v in found if v.criterion == "Olympiad 1998 rule 25"]
    assert rule_25 and rule_25[0].message.startswith(
        "in the 2 group, T3 (3) meets T4 (4) (Olympiad 1998 rule 25); in the proposal it meets T5 (5)."
    )


def test_olympiad_1998_rule_44_proposal_sending_three_teams_out_of_a_group_that_keeps_two_is_reported():
    from .test_olympiad_section_i_entries import dropped_into_a_group_whose_weak_pair_has_met

    teams = dropped_into_a_group_whose_weak_pair_has_met()
    from engine.olympiad.departures import departures
    from engine.olympiad.options import parse_options

    opts = parse_options({"version": "1998"})
    engine = RoundPairing(round=2, pairs=[Pair(1, 2), Pair(3, 6), Pair(4, 7), Pair(5, 8), Pair(9, 10)])
    engine.pairs += [Pair(11, 14), Pair(12, 15), Pair(13, 16)]
    # The old reading: X - A, and B, C, D all leave for the middle group.
    prop = RoundPairing(round=2, pairs=[Pair(1, 2), Pair(3, 4), Pair(5, 8), Pair(6, 9), Pair(7, 10)])
    prop.pairs += [Pair(11, 14), Pair(12, 15), Pair(13, 16)]
    found = departures(teams, prop, engine, opts, section_j=False)
    assert [v.criterion for v in found] == ["Olympiad 1998 rule 44"]
    assert "the engine sends B (5) out of it" in found[0].message
    assert found[0].message.endswith("the proposal sends B (5), C (6), D (7)")


def test_olympiad_1998_rule_47_section_j_later_combination_is_reported():
    from engine.olympiad.departures import departures
    from engine.olympiad.options import parse_options

    from .builders import tv

    teams = [tv(t, 5, eb=100 - t) for t in range(1, 7)]  # one group, in Extended Buchholz order 1-6
    engine = RoundPairing(round=6, pairs=[Pair(1, 6), Pair(2, 5), Pair(3, 4)])
    prop = RoundPairing(round=6, pairs=[Pair(1, 6), Pair(2, 4), Pair(3, 5)])
    found = departures(teams, prop, engine, parse_options({"version": "1998"}), section_j=True)
    assert [v.criterion for v in found] == ["Olympiad 1998 rule 47"]
    assert found[0].message.startswith(
        "in the 5 group, combination (1) of the order of Olympiad 1998 rule 47 comes before the proposal's "
        "combination (2)"
    )


def test_olympiad_every_proposal_that_differs_from_the_engine_gets_a_reason():
    rng = random.Random(11)
    checked = 0
    for version, n, seed in (("1998", 13, 1), ("2007", 16, 2), ("2007", 21, 3)):
        state = field(n, version, seed)
        for _ in range(8):
            engine = api.pair(state)
            for _ in range(6):
                pairs = list(engine.pairs)
                i, j = rng.sample(range(len(pairs)), 2)
                a, b = pairs[i], pairs[j]
                kind = rng.random()
                if kind < 0.25:
                    pairs[i] = Pair(a.black, a.white)
                elif kind < 0.6:
                    pairs[i], pairs[j] = Pair(a.white, b.white), Pair(a.black, b.black)
                else:
                    pairs[i], pairs[j] = Pair(a.white, b.black), Pair(b.white, a.black)
                prop = RoundPairing(round=engine.round, pairs=pairs, bye=engine.bye)
                if prop.same_pairing_as(engine):
                    continue
                checked += 1
                assert violations(state, prop), f"no reason for {pairs} in round {engine.round}"
            state = simulate_round(state, engine, rng)
    assert checked > 100
