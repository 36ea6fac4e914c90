"""What a given (hand-amended) pairing of the next round breaks (C.04.6).

Absolute: a team not to be paired that is paired, a team paired twice or not
at all, a bye when the number of teams is even, a rematch (C1), a bye to a
team that had a PAB or a forfeit win (C2). Quality: the C4-C10 values of
the given pairing, read bracket by bracket as the text builds them (the top
scoregroup with the lower teams its members meet as upfloaters), compared
with the engine's pairing; colours that 4.3 would allocate otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.c0406.colours import Preference
from engine.c0406.context import Context, build_context
from engine.c0406.pairing import colour_pair, pair
from engine.result import PairingImpossible, RoundPairing, Violation
from engine.state import Colour, TournamentState


@dataclass
class Values:
    c4: int = 0
    c5: tuple[float, ...] = ()
    c6: int = 0
    c7: int = 0
    c8: int = 0
    c9: int = 0
    c10: int = 0


def violations(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    ctx = build_context(state)
    out = _absolute(ctx, pairing)
    if any(v.absolute for v in out):
        return out
    try:
        engine = pair(state)
    except PairingImpossible:
        return out
    mine, best = criteria_values(ctx, pairing), criteria_values(ctx, engine)
    out.extend(_compare(ctx, mine, best))
    for p in pairing.pairs:
        expected = colour_pair(ctx, p.white, p.black)
        if expected.white != p.white:
            out.append(
                Violation(
                    expected.colour_article.removeprefix("C.04.6 "),
                    False,
                    f"{p.white}-{p.black}: {expected.colour_article} gives White to {expected.white}",
                    (p.white, p.black),
                )
            )
    return out


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
            out.append(Violation("3.3.1", True, f"team {t} is not to be paired in this round", (t,)))
        elif seen[t] > 1:
            out.append(Violation("3.3.1", True, f"team {t} is paired more than once", (t,)))
    missing = sorted(teams - seen.keys())
    if missing:
        out.append(Violation("3.3.1", True, f"not paired: {', '.join(map(str, missing))}", tuple(missing)))
    if pairing.bye is not None and len(teams) % 2 == 0:
        out.append(
            Violation(
                "1.4", True, f"team {pairing.bye} has a bye but the number of teams is even", (pairing.bye,)
            )
        )
    if pairing.bye is not None and pairing.bye in ctx.bye_barred:
        out.append(
            Violation(
                "C2",
                True,
                f"team {pairing.bye} already had a pairing-allocated bye or a forfeit win",
                (pairing.bye,),
            )
        )
    for p in pairing.pairs:
        if p.white in ctx.conflicts and p.black in ctx.conflicts[p.white]:
            out.append(Violation("C1", True, f"{p.white} and {p.black} have already met", (p.white, p.black)))
    return out


def _fulfilled(pref: Preference, got: Colour) -> bool:
    return pref.colour is None or pref.colour == got


def criteria_values(ctx: Context, pairing: RoundPairing) -> Values:
    """C4-C10 of a complete legal pairing, bracket by bracket."""
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


def _compare(ctx: Context, mine: Values, best: Values) -> list[Violation]:
    out = []
    texts = {
        "C4": ("upfloater(s)", mine.c4, best.c4),
        "C6": ("scoregroup(s) needing more upfloaters than their parity", mine.c6, best.c6),
        "C7": ("upfloater(s) that floated in the previous round", mine.c7, best.c7),
        "C8": ("colour preference(s) not fulfilled", mine.c8, best.c8),
        "C9": ("strong colour preference(s) not fulfilled", mine.c9, best.c9),
        "C10": ("upfloaters' opponent(s) that floated in the previous round", mine.c10, best.c10),
    }
    for crit in ("C4", "C5", "C6", "C7", "C8", "C9", "C10"):
        if crit == "C5":
            if mine.c4 == best.c4 and mine.c5 != best.c5:
                out.append(
                    Violation(
                        "C5",
                        False,
                        f"C5: upfloaters' scores {', '.join(f'{s:g}' for s in mine.c5)}, "
                        f"the engine's pairing has {', '.join(f'{s:g}' for s in best.c5)}",
                    )
                )
            continue
        if crit in ("C7", "C10") and not ctx.c7_c10_apply:
            continue
        if crit == "C9" and not ctx.type_b:
            continue
        label, a, b = texts[crit]
        if a != b:
            out.append(Violation(crit, False, f"{crit}: {a} {label}, the engine's pairing has {b}"))
    return out
