"""What a given (for example hand-amended) Dubov pairing breaks.

Absolute: somebody to be paired is missing or paired twice, somebody not to
be paired is in it, a second meeting or forbidden pair (2.1), a bye though
the number is even, more than one bye, a bye after a point without playing
(2.2). Quality: the colour limits 2.3 and 2.4, colours other than chapter 3
gives, and the upfloat limits 2.5 (not in the last round).
"""

from __future__ import annotations

from engine.common.checks import bye_barred, is_rematch, placement
from engine.common.colours import beyond_difference
from engine.dubov.colours import allocate
from engine.dubov.limits import STRICT, Limits, colour_allowed, max_upfloats
from engine.dubov.profile import profiles
from engine.result import RoundPairing, Violation
from engine.state import Colour, TournamentState


def violations(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    out: list[Violation] = []
    profs = profiles(state)
    limits = Limits(state, profs, STRICT)
    placed = placement(state, pairing)
    for t, n in placed.placed():
        if n > 1:
            out.append(Violation("Dubov 2.1", True, f"{t} appears {n} times in the pairing", (t,)))
        if t not in placed.to_be_paired:
            out.append(Violation("Dubov 6", True, f"{t} is not to be paired this round", (t,)))
    for t in placed.unpaired():
        out.append(Violation("Dubov 6", True, f"{t} is left unpaired", (t,)))
    if placed.bye_with_even_number:
        out.append(
            Violation("Dubov 4", True, f"bye to {pairing.bye} though the number is even", (pairing.bye,))
        )
    if bye_barred(state, pairing.bye):
        out.append(
            Violation("Dubov 2.2", True, f"{pairing.bye} has had a point without playing", (pairing.bye,))
        )
    for pr in pairing.pairs:
        a, b = pr.white, pr.black
        if a not in profs or b not in profs:
            continue
        if a == b or is_rematch(state, a, b):
            out.append(Violation("Dubov 2.1", True, f"{a} and {b} have played each other", (a, b)))
            continue
        out.extend(_colour_violations(limits, a, b))
        out.extend(_upfloat_violations(state, limits, a, b))
    return out


def _colour_violations(limits: Limits, white: int, black: int) -> list[Violation]:
    out = []
    for t, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
        p = limits.profiles[t]
        if not colour_allowed(p, colour):
            criterion = "Dubov 2.3" if beyond_difference(p.colours, colour) else "Dubov 2.4"
            out.append(
                Violation(criterion, False, f"{t} gets {colour.name.lower()} against the limitation", (t,))
            )
    alloc = allocate(limits, white, black)
    if not out and alloc.white != white:
        out.append(
            Violation(
                "Dubov 3",
                False,
                f"{white}-{black}: chapter 3 gives White to {alloc.white} ({alloc.reason})",
                (white, black),
            )
        )
    return out


def _upfloat_violations(state: TournamentState, limits: Limits, a: int, b: int) -> list[Violation]:
    pa, pb = limits.profiles[a], limits.profiles[b]
    if pa.score == pb.score or state.is_last_round:
        return []
    lower = pa if pa.score < pb.score else pb
    if lower.upfloated_last_round:
        return [Violation("Dubov 2.5", False, f"{lower.tpn} would float up two rounds running", (lower.tpn,))]
    if lower.upfloats >= max_upfloats(state):
        return [
            Violation(
                "Dubov 2.5",
                False,
                f"{lower.tpn} has already floated up {lower.upfloats} times (limit {max_upfloats(state)})",
                (lower.tpn,),
            )
        ]
    return []
