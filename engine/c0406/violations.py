"""What a given (hand-amended) pairing of the next round breaks, and why the engine's is preferred (C.04.6).

Absolute: a team not to be paired that is paired, a team paired twice or not
at all, a bye when the number of teams is even, a rematch (C1), a bye to a
team that had a PAB or a forfeit win (C2).

Otherwise, when the given pairing differs from the engine's, exactly one
reason comes first: the given pairing is read as the text builds a round
(3.3.2: the bye, then bracket after bracket the top-scoregroup with the lower
teams its members meet as upfloaters), and at the first step where it departs
from the engine's, the first rule of that step on which the engine's choice
is better is named (``engine.c0406.first_difference``). Then the pairs whose
colours 4.3 would allocate the other way, each under its deciding article.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.c0406.colours import Preference
from engine.c0406.context import Context, build_context
from engine.c0406.first_difference import first_difference
from engine.c0406.pairing import colour_pair, pair
from engine.messages import Team, msg
from engine.result import PairingImpossible, RoundPairing, Violation
from engine.state import Colour, TournamentState


def violations(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    ctx = build_context(state)
    out = _absolute(ctx, pairing)
    if any(v.absolute for v in out):
        return out
    try:
        engine = pair(state)
    except PairingImpossible:
        return out
    if not _same_pairs(pairing, engine):
        out.append(first_difference(ctx, pairing, engine))
    for p in pairing.pairs:
        expected = colour_pair(ctx, p.white, p.black)
        if expected.white != p.white:
            out.append(
                Violation(
                    expected.colour_article.removeprefix("C.04.6 "),
                    False,
                    msg(
                        "{white}-{black}: {article} gives White to {team}",
                        white=p.white,
                        black=p.black,
                        article=expected.colour_article,
                        team=Team(expected.white),
                    ),
                    (p.white, p.black),
                )
            )
    return out


def _same_pairs(a: RoundPairing, b: RoundPairing) -> bool:
    return a.bye == b.bye and {frozenset((p.white, p.black)) for p in a.pairs} == {
        frozenset((p.white, p.black)) for p in b.pairs
    }


def _absolute(ctx: Context, pairing: RoundPairing) -> list[Violation]:
    out: list[Violation] = []
    teams = set(ctx.tpns)
    seen: dict[int, int] = {}
    for p in pairing.pairs:
        for t in (p.white, p.black):
            seen[t] = seen.get(t, 0) + 1
    if pairing.bye is not None:
        seen[pairing.bye] = seen.get(pairing.bye, 0) + 1
    for t in sorted(seen):
        if t not in teams:
            out.append(
                Violation(
                    "3.3.1", True, msg("team {team} is not to be paired in this round", team=Team(t)), (t,)
                )
            )
        elif seen[t] > 1:
            out.append(
                Violation("3.3.1", True, msg("team {team} is paired more than once", team=Team(t)), (t,))
            )
    missing = sorted(teams - seen.keys())
    if missing:
        out.append(Violation("3.3.1", True, msg("not paired: {tpns}", tpns=missing), tuple(missing)))
    if pairing.bye is not None and len(teams) % 2 == 0:
        out.append(
            Violation(
                "1.4",
                True,
                msg("team {team} has a bye but the number of teams is even", team=Team(pairing.bye)),
                (pairing.bye,),
            )
        )
    if pairing.bye is not None and pairing.bye in ctx.bye_barred:
        out.append(
            Violation(
                "C2",
                True,
                msg(
                    "team {team} already had a pairing-allocated bye or a forfeit win", team=Team(pairing.bye)
                ),
                (pairing.bye,),
            )
        )
    for p in pairing.pairs:
        if p.white in ctx.conflicts and p.black in ctx.conflicts[p.white]:
            met = msg("{team} and {other} have already met", team=Team(p.white), other=Team(p.black))
            out.append(Violation("C1", True, met, (p.white, p.black)))
    return out


# -- C4-C10 totals of a whole pairing (kept for callers that compare totals) --------


@dataclass
class Values:
    c4: int = 0
    c5: tuple[float, ...] = ()
    c6: int = 0
    c7: int = 0
    c8: int = 0
    c9: int = 0
    c10: int = 0


def _fulfilled(pref: Preference, got: Colour) -> bool:
    return pref.colour is None or pref.colour == got


def criteria_values(ctx: Context, pairing: RoundPairing) -> Values:
    """C4-C10 totals of a complete legal pairing, bracket by bracket (C8, C9 by the given colours)."""
    opp = {}
    for p in pairing.pairs:
        opp[p.white], opp[p.black] = p.black, p.white
    v = Values()
    c5: list[float] = []
    remaining = set(opp)
    first = True
    while remaining:
        top_score = max(ctx.score[t] for t in remaining)
        top = {t for t in remaining if ctx.score[t] == top_score}
        ups = {opp[t] for t in top if ctx.score[opp[t]] < top_score}
        if not first and len(ups) > len(top) % 2:
            v.c6 += 1
        first = False
        v.c4 += len(ups)
        c5.extend(ctx.score[u] for u in ups)
        if ctx.c7_c10_apply:
            v.c7 += sum(1 for u in ups if u in ctx.prev_floaters)
            v.c10 += sum(1 for u in ups if opp[u] in ctx.prev_floaters)
        remaining -= top | ups
    v.c5 = tuple(sorted(c5))
    for p in pairing.pairs:
        for t, got in ((p.white, Colour.WHITE), (p.black, Colour.BLACK)):
            pref = ctx.pref[t]
            if not _fulfilled(pref, got):
                v.c8 += 1
                if pref.strong:
                    v.c9 += 1
    return v
