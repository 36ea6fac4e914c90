"""Dubov 2 with 9: when no pairing keeps every limitation, the fewest give way (docs/interpretations/dubov.md).

The brute-force checker below enumerates every pairing of a small round and
counts its departures from 2.3, 2.4 and 2.5 (2.1 and 2.2 are never broken),
so the engine's pairing can be compared with the best one that exists.
"""

from engine.common.colours import beyond_difference, third_in_a_row
from engine.common.completion import Completion
from engine.dubov import pair, violations
from engine.dubov.context import RoundContext
from engine.dubov.limits import Limits, max_upfloats
from engine.dubov.procedure import _pair_leftovers
from engine.dubov.profile import profiles
from engine.result import RoundPairing
from engine.state import Colour
from tests.engine.dubov.builders import make_state, scripted, steps


def _departures(state, profs, white: int, black: int) -> tuple[int, int, int]:
    """(2.3, 2.4, 2.5) departures of one pair with these colours (the checker's classes)."""
    d23 = d24 = d25 = 0
    for t, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
        colours = profs[t].colours
        if beyond_difference(colours, colour):
            d23 += 1
        elif third_in_a_row(colours, colour):
            d24 += 1
    pw, pb = profs[white], profs[black]
    if pw.score != pb.score and not state.is_last_round:
        lower = pw if pw.score < pb.score else pb
        d25 += lower.upfloated_last_round or lower.upfloats >= max_upfloats(state)
    return d23, d24, d25


def _add(a, b):
    return tuple(x + y for x, y in zip(a, b, strict=True))


def best_departures(state, bye: int | None) -> tuple[int, int, int] | None:
    """Brute force: the fewest (2.3, 2.4, 2.5) departures over every legal pairing with this bye."""
    profs = profiles(state)
    players = sorted(p.tpn for p in state.to_be_paired() if p.tpn != bye)

    def best(rest: list[int]):
        if not rest:
            return (0, 0, 0)
        a, others = rest[0], rest[1:]
        found = None
        for b in others:
            if state.have_met(a, b):
                continue
            tail = best([x for x in others if x != b])
            if tail is None:
                continue
            here = min(_departures(state, profs, a, b), _departures(state, profs, b, a))
            total = _add(here, tail)
            found = total if found is None or total < found else found
        return found

    return best(players)


def engine_departures(state, pairing) -> tuple[int, int, int]:
    profs = profiles(state)
    total = (0, 0, 0)
    for p in pairing.pairs:
        total = _add(total, _departures(state, profs, p.white, p.black))
    return total


def two_upfloaters_state():
    # After two rounds: 2 (2 points) alone, 4 (1.5), 1 and 6 (1), 3 (0.5), 5 (0).
    # 3 and 5 both floated up in round 2 (3 against 2, 5 against 4 by forfeit).
    return make_state(
        {1: 2100, 2: 2000, 3: 2100, 4: 2200, 5: 2000, 6: 2100},
        [
            [(1, 4, "="), (5, 2, "0"), (3, 6, "=")],
            [(6, 1, "="), (2, 3, "1"), (4, 5, "+")],
        ],
        rounds_total=8,
    )


def test_dubov_2_5_only_the_one_participant_who_must_float_up_again_gives_way_everybody_else_keeps_it():
    state = two_upfloaters_state()
    pairing = pair(state)
    # 5 is last and alone: whoever it meets, it floats up again. 3 need not: it meets 5.
    assert pairing.opponents()[3] == 5
    upfloat = [v for v in violations(state, pairing) if v.criterion == "Dubov 2.5"]
    assert [v.tpns for v in upfloat] == [(5,)]
    assert engine_departures(state, pairing) == best_departures(state, pairing.bye) == (0, 0, 1)


def test_dubov_2_5_the_explanation_names_who_gave_way_and_why():
    pairing = pair(two_upfloaters_state())
    (relax,) = steps(pairing, topic="relaxation")
    assert relax.article == "Dubov 2.5"
    assert relax.data["exempt"] == [5]
    assert "floated up in round 2" in relax.data["reasons"][5]
    assert "5 Player 005" in relax.message and "everybody else keeps it" in relax.message
    assert "docs/interpretations/dubov.md" in relax.message
    # The participant's own "why" line says the limitation was set aside for him alone; nobody else's does.
    why = pairing.why()
    assert (
        why[5]
        .data["opponent_reason"]
        .endswith(
            "No pairing of the round keeps the upfloat limit of 2.5 for everybody; it was set aside for you alone "
            "(see the relaxation step)."
        )
    )
    assert not [t for t, s in why.items() if t != 5 and "set aside" in s.data["opponent_reason"]]


def test_dubov_2_5_a_lone_last_player_who_floated_up_last_round_is_the_only_one_to_give_way():
    state = scripted(
        {1: 2400, 2: 2300, 3: 2200, 4: 2100},
        {
            1: [("W", 0, "1"), ("B", 1, "1")],
            2: [("B", 0, "1"), ("W", 1, "1")],
            3: [("W", 0, "1"), ("B", 1, "0")],
            4: [("B", 0, "0"), ("W", 1, "0")],
        },
    )
    pairing = pair(state)
    (relax,) = steps(pairing, topic="relaxation")
    assert relax.article == "Dubov 2.5" and relax.data["exempt"] == [4]
    assert pairing.opponents()[4] == 3


def test_dubov_2_3_and_2_4_give_way_for_one_of_two_players_who_both_must_have_white_the_lower_placed():
    # Both had two Blacks running (difference -2), equal scores: one must have a third Black,
    # which breaks 2.4 and 2.3 for him; 2 has the lower R. 1 keeps both.
    state = scripted(
        {1: 2400, 2: 2300}, {1: [("B", 0, "1"), ("B", 1, "1")], 2: [("B", 0, "1"), ("B", 1, "1")]}
    )
    pairing = pair(state)
    assert [(p.white, p.black) for p in pairing.pairs] == [(1, 2)]
    relax = steps(pairing, topic="relaxation")
    assert [(s.article, s.data["exempt"]) for s in relax] == [("Dubov 2.4", [2]), ("Dubov 2.3", [2])]
    assert [v.tpns for v in violations(state, pairing) if v.criterion.startswith("Dubov 2")] == [(2,)]


def test_dubov_2_a_round_that_keeps_every_limitation_has_no_relaxation_step():
    state = make_state({1: 2400, 2: 2300, 3: 2200, 4: 2100}, [[(1, 3, "1"), (4, 2, "0")]])
    pairing = pair(state)
    assert steps(pairing, topic="relaxation") == []
    assert [v for v in violations(state, pairing) if v.criterion.startswith("Dubov 2")] == []


def test_dubov_4_the_bye_stays_in_the_lowest_scoregroup_though_a_bye_to_a_leader_would_spare_a_2_5_departure():
    # 1 and 3 lead with 2 points, 2 and 4 (1.5) floated up in round 3, 5 (0) may have the bye.
    # A bye to 1 would let 3-2 and 4-5 break 2.5 once; the bye to 5 (Dubov 4) breaks it twice.
    state = make_state(
        {1: 1800, 2: 1900, 3: 2200, 4: 2200, 5: 2100},
        [[(1, 3, "="), (4, 2, "1")], [(5, 1, "0"), ("bye", 2), (3, 4, "+")], [(2, 1, "="), (3, 4, "=")]],
        rounds_total=6,
    )
    pairing = pair(state)
    assert pairing.bye == 5
    assert best_departures(state, 1) == (0, 0, 1)
    assert engine_departures(state, pairing) == best_departures(state, 5) == (0, 0, 2)
    (relax,) = steps(pairing, topic="relaxation")
    assert relax.article == "Dubov 2.5" and relax.data["exempt"] == [2, 4]


def leftover_state():
    # A random-event round (property runs) that the engine once left half-paired: scoregroup 1.5
    # (1, 3, 8 and 4 by 7.2) can be paired whole by itself, but then 5 and 2 below find nobody.
    return make_state(
        {1: 2100, 2: 2100, 3: 2100, 4: 2100, 5: 1900, 6: 2200, 7: 1900, 8: 2200},
        [
            [(1, 5, "1"), (3, 7, "="), (6, 2, "1"), (8, 4, "=")],
            [(2, 5, "="), (4, 3, "0"), (6, 1, "1"), (7, 8, "=")],
            [(1, 7, "="), (3, 6, "0"), (5, 4, "="), (8, 2, "=")],
        ],
        rounds_total=5,
    )


def test_dubov_6_4_a_scoregroup_keeps_the_pairs_the_round_allows_and_nobody_is_left_unpaired():
    state = leftover_state()
    assert best_departures(state, None) is not None  # a legal pairing exists
    pairing = pair(state)
    seen = sorted(t for p in pairing.pairs for t in (p.white, p.black))
    assert seen == [p.tpn for p in state.to_be_paired()]
    assert [v for v in violations(state, pairing) if v.absolute] == []
    assert engine_departures(state, pairing) == best_departures(state, None)
    # One pair within scoregroup 1.5 (8-1); 3 floats by 6.4 (R 2100, higher ARO than 1), 4 goes back.
    assert pairing.opponents()[8] == 1
    floated = [s.data["tpn"] for s in steps(pairing, topic="floater", article="Dubov 6.4")]
    assert floated == [3, 4]
    assert steps(pairing, topic="leftover") == []


def test_dubov_6_4_floaters_no_lower_scoregroup_takes_are_paired_citing_6_4_and_the_reading():
    # The safety net after the procedure: 1 and 3 are left (as the engine once left them).
    state = leftover_state()
    limits = Limits(state, profiles(state))
    tpns = [1, 3]
    ctx = RoundContext(
        state, limits, Completion(tpns, adj=limits.adjacency(tpns)), RoundPairing(4, []), remaining={1, 3}
    )
    _pair_leftovers(ctx)
    assert {(p.white, p.black) for p in ctx.pairs} in ({(1, 3)}, {(3, 1)})
    (left,) = steps(ctx.pairing, topic="leftover")
    assert left.article == "Dubov 6.4" and left.data["tpns"] == [1, 3]
    assert "docs/interpretations/dubov.md, Leftovers" in left.message
    assert [s.article for s in steps(ctx.pairing, topic="pairing")] == ["Dubov 6.4"]
