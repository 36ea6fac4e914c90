"""Dubov 2 with 9: when no pairing keeps every limitation, the fewest give way (docs/interpretations/dubov.md).

The brute-force checker below enumerates every pairing of a small round and
counts its departures from 2.3, 2.4 and 2.5 (2.1 and 2.2 are never broken),
so the engine's pairing can be compared with the best one that exists.
"""

from engine.common.colours import beyond_difference, third_in_a_row
from engine.dubov import pair, violations
from engine.dubov.limits import max_upfloats
from engine.dubov.profile import profiles
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


def leftover_state():
    # A random-event round (property runs) where 6.4/8.2 leave 1 and 3 with no lower opponent.
    return make_state(
        {1: 2100, 2: 2100, 3: 2100, 4: 2100, 5: 1900, 6: 2200, 7: 1900, 8: 2200},
        [
            [(1, 5, "1"), (3, 7, "="), (6, 2, "1"), (8, 4, "=")],
            [(2, 5, "="), (4, 3, "0"), (6, 1, "1"), (7, 8, "=")],
            [(1, 7, "="), (3, 6, "0"), (5, 4, "="), (8, 2, "=")],
        ],
        rounds_total=5,
    )


def test_dubov_6_4_floaters_no_lower_scoregroup_takes_are_paired_and_nobody_is_left_unpaired():
    state = leftover_state()
    assert best_departures(state, None) is not None  # a legal pairing exists
    pairing = pair(state)
    seen = sorted(t for p in pairing.pairs for t in (p.white, p.black))
    assert seen == [p.tpn for p in state.to_be_paired()]
    assert [v for v in violations(state, pairing) if v.absolute] == []
    assert engine_departures(state, pairing) == best_departures(state, None)


def test_dubov_6_4_the_leftover_pairing_cites_6_4_and_the_reading_not_dubov_9():
    pairing = pair(leftover_state())
    (left,) = steps(pairing, topic="leftover")
    assert left.article == "Dubov 6.4" and left.data["tpns"] == [1, 3]
    assert "docs/interpretations/dubov.md, Leftovers" in left.message
    assert all(s.article != "Dubov 9" for s in steps(pairing, topic="pairing"))
