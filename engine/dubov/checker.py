"""What a given (for example hand-amended) Dubov pairing breaks, and why the engine's is preferred.

Absolute: somebody to be paired is missing or paired twice, somebody not to
be paired is in it, a second meeting or forbidden pair (2.1), a bye though
the number is even, more than one bye, a bye after a point without playing
(2.2). Quality: the colour limits 2.3 and 2.4 and the upfloat limits 2.5
(not in the last round); and, whenever the pairing differs from the
engine's, the reason the procedure prefers the engine's
(``engine.dubov.preference``): the first decision of the procedure (bye,
floater, transfer, row of 6.2/6.3) the pairing does not follow, with the
engine's own cause; more participants paired against their own due colour
(6.3) or outside their scoregroup (6.4) than the engine's pairing has; and
colours other than chapter 3 gives.

Quality violations come in this order: limitations the engine's pairing
keeps, the procedure's reason, the counts, limitations the engine's
pairing breaks too (a relaxed round), colours (3).
"""

from __future__ import annotations

from engine.common.checks import bye_barred, is_rematch, placed_more_than_once, placement
from engine.common.colours import beyond_difference
from engine.common.departures import colour_steps
from engine.dubov.colours import allocate
from engine.dubov.limits import STRICT, Limits, colour_allowed, max_upfloats
from engine.dubov.preference import preference
from engine.dubov.procedure import pair as engine_pair
from engine.dubov.profile import profiles
from engine.messages import Team, msg, msgn
from engine.messages.words import colour_lower
from engine.result import PairingImpossible, RoundPairing, Violation
from engine.state import Colour, TournamentState


def violations(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    out: list[Violation] = []
    profs = profiles(state)
    limits = Limits(state, profs, STRICT)
    placed = placement(state, pairing)
    for t, n in placed.placed():
        if n > 1:
            out.append(placed_more_than_once("Dubov 2.1", t, n))
        if t not in placed.to_be_paired:
            out.append(
                Violation("Dubov 6", True, msg("{team} is not to be paired this round", team=Team(t)), (t,))
            )
    for t in placed.unpaired():
        out.append(Violation("Dubov 6", True, msg("{team} is left unpaired", team=Team(t)), (t,)))
    if placed.bye_with_even_number:
        out.append(
            Violation(
                "Dubov 4",
                True,
                msg("bye to {team} though the number is even", team=Team(pairing.bye)),
                (pairing.bye,),
            )
        )
    if bye_barred(state, pairing.bye):
        out.append(
            Violation(
                "Dubov 2.2",
                True,
                msg("{team} has had a point without playing", team=Team(pairing.bye)),
                (pairing.bye,),
            )
        )
    limitations: list[Violation] = []
    colours: list[Violation] = []
    for pr in pairing.pairs:
        a, b = pr.white, pr.black
        if a not in profs or b not in profs:
            continue
        if a == b or is_rematch(state, a, b):
            out.append(
                Violation(
                    "Dubov 2.1",
                    True,
                    msg("{team} and {other} have played each other", team=Team(a), other=Team(b)),
                    (a, b),
                )
            )
            continue
        broken = _colour_limits(limits, a, b) + _upfloat_violations(state, limits, a, b)
        limitations += broken
        if not broken and state.rounds_played:  # round 1: the lot (5), not chapter 3
            colours += _colour_order(limits, a, b)
    engine = None if any(v.absolute for v in out) else _engine(state)
    if engine is None or pairing.same_pairing_as(engine):
        return out + limitations + colours
    shared = _limitation_keys(state, limits, engine)
    out += [v for v in limitations if (v.criterion, v.tpns) not in shared]
    out += preference(state, profs, engine, pairing)
    out += [v for v in limitations if (v.criterion, v.tpns) in shared]
    out += colours
    out += colour_steps(engine, pairing, {t for v in limitations + colours for t in v.tpns})
    return out


_last: list[tuple[TournamentState, RoundPairing | None]] = []


def _engine(state: TournamentState) -> RoundPairing | None:
    """The engine's pairing of ``state`` (kept for the last state asked about); None if there is none."""
    hit = _last[0] if _last else None
    if hit is not None and hit[0] is state:
        return hit[1]
    try:
        engine: RoundPairing | None = engine_pair(state)
    except PairingImpossible:
        engine = None
    _last[:] = [(state, engine)]
    return engine


def _limitation_keys(state: TournamentState, limits: Limits, pairing: RoundPairing) -> set[tuple]:
    keys = set()
    for pr in pairing.pairs:
        for v in _colour_limits(limits, pr.white, pr.black) + _upfloat_violations(
            state, limits, pr.white, pr.black
        ):
            keys.add((v.criterion, v.tpns))
    return keys


def _colour_limits(limits: Limits, white: int, black: int) -> list[Violation]:
    out = []
    for t, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
        p = limits.profiles[t]
        if not colour_allowed(p, colour):
            criterion = "Dubov 2.3" if beyond_difference(p.colours, colour) else "Dubov 2.4"
            out.append(
                Violation(
                    criterion,
                    False,
                    msg(
                        "{team} gets {colour} against the limitation",
                        team=Team(t),
                        colour=colour_lower(colour),
                    ),
                    (t,),
                )
            )
    return out


def _colour_order(limits: Limits, white: int, black: int) -> list[Violation]:
    alloc = allocate(limits, white, black)
    if alloc.white == white:
        return []
    return [
        Violation(
            "Dubov 3",
            False,
            msg(
                "{white}-{black}: chapter 3 gives White to {team} ({reason})",
                white=Team(white),
                black=Team(black),
                team=Team(alloc.white),
                reason=alloc.reason,  # the colour step's words (engine.dubov.colours)
            ),
            (white, black),
        )
    ]


def _upfloat_violations(state: TournamentState, limits: Limits, a: int, b: int) -> list[Violation]:
    pa, pb = limits.profiles[a], limits.profiles[b]
    if pa.score == pb.score or state.is_last_round:
        return []
    lower = pa if pa.score < pb.score else pb
    if lower.upfloated_last_round:
        return [
            Violation(
                "Dubov 2.5",
                False,
                msg("{team} would float up two rounds running", team=Team(lower.tpn)),
                (lower.tpn,),
            )
        ]
    if lower.upfloats >= max_upfloats(state):
        return [
            Violation(
                "Dubov 2.5",
                False,
                msgn(
                    "{team} has already floated up {count} times (limit {limit})",
                    "{team} has already floated up {count} times (limit {limit})",
                    team=Team(lower.tpn),
                    count=lower.upfloats,
                    limit=max_upfloats(state),
                ),
                (lower.tpn,),
            )
        ]
    return []
