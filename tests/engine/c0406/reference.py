"""A plain, slow, exhaustive reading of C.04.6 3.3-3.6 (for tests only).

It enumerates what the text says to consider -- every bye candidate, every
set of potential upfloaters, every pairing of a bracket -- and keeps the
first in the text's order among the best. It shares with the engine only
the definitions read off the history (scores, colour preferences 1.7,
floaters 1.5, C1 conflicts) and the colour allocation of 4.3, which it uses
to *count* unfulfilled preferences (C8, C9) instead of the engine's pair
shortcut. Use with 10 teams or fewer.
"""

from __future__ import annotations

from itertools import combinations

from engine.c0406.context import Context, build_context
from engine.c0406.pairing import colour_pair
from engine.result import PairingImpossible
from engine.state import TournamentState


def pairings(teams: list[int], ctx: Context):
    """Every legal (C1) pairing of ``teams``, as lists of (smaller, larger)."""
    if not teams:
        yield []
        return
    a, rest = teams[0], teams[1:]
    for i, b in enumerate(rest):
        if ctx.compatible(a, b):
            for m in pairings(rest[:i] + rest[i + 1 :], ctx):
                yield [(a, b), *m]


def legal(teams, ctx: Context) -> bool:
    return next(pairings(sorted(teams), ctx), None) is not None


def reference_pair(state: TournamentState) -> tuple[int | None, list[list[tuple[int, int]]]]:
    """(bye, brackets), each bracket its pairs as (top, bottom) in identifier order."""
    ctx = build_context(state)
    score = ctx.score
    remaining = set(ctx.tpns)
    bye = None
    if len(remaining) % 2:
        played = {t: state.by_tpn[t].matches_played for t in remaining}
        order = sorted(
            (t for t in remaining if t not in ctx.bye_barred), key=lambda t: (score[t], -played[t], -t)
        )
        for t in order:
            if legal(remaining - {t}, ctx):
                bye = t
                break
        else:
            raise PairingImpossible("no bye")
        remaining.discard(bye)
    elif not legal(remaining, ctx):
        raise PairingImpossible("no pairing")
    brackets = []
    while remaining:
        top_score = max(score[t] for t in remaining)
        top = {t for t in remaining if score[t] == top_score}
        ups = choose_upfloaters(ctx, remaining, top, bye)
        brackets.append(pair_bracket(ctx, top | set(ups), set(ups)))
        remaining -= top | set(ups)
    return bye, brackets


def valid_sets(ctx: Context, remaining: set[int], top: set[int]) -> list[tuple[int, ...]]:
    """3.5.2 with C1 and C3: the legal sets with the fewest upfloaters (C4)."""
    lower = sorted(remaining - top)
    for k in range(len(lower) + 1):
        found = [
            s
            for s in combinations(lower, k)
            if legal(top | set(s), ctx) and legal(remaining - top - set(s), ctx)
        ]
        if found:
            return found
    return []


def following_scoregroup(ctx: Context, remaining: set[int], top: set[int], bye: int | None) -> set[int]:
    """2.3.3: the teams still to be paired of the scoregroup of the next lower score
    among the teams of the round; when none is left (earlier upfloaters, or only the
    bye receiver), nothing or the next scoregroup still to be paired, by the options."""
    score = ctx.score
    top_score = score[next(iter(top))]
    lower = remaining - top
    if not lower:
        return set()
    text_score = max(score[t] for t in ctx.tpns if score[t] < top_score)
    left = {t for t in lower if score[t] == text_score}
    if left:
        return left
    group = {t for t in ctx.tpns if score[t] == text_score}
    option = "c6_bye_only" if group == {bye} else "c6_emptied"
    if ctx.options[option] == "not_applied":
        return set()
    nxt = max(score[t] for t in lower)
    return {t for t in lower if score[t] == nxt}


def choose_upfloaters(ctx: Context, remaining: set[int], top: set[int], bye: int | None = None) -> list[int]:
    score = ctx.score
    sets = valid_sets(ctx, remaining, top)
    best5 = max(sorted(score[t] for t in s) for s in sets)  # C5
    sets = [s for s in sets if sorted(score[t] for t in s) == best5]
    measured = following_scoregroup(ctx, remaining, top, bye)

    def c6(s) -> int:
        following = measured - set(s)
        if not following:
            return 0  # that scoregroup is empty: C6 does not apply
        rest = remaining - top - set(s)
        return len(valid_sets(ctx, rest, following)[0])

    def parity(s) -> int:
        return len(measured - set(s)) % 2

    if ctx.options["c6"] == "graded":
        key6 = {s: c6(s) for s in sets}
    else:
        ok = {s: c6(s) == parity(s) for s in sets}
        key6 = {s: (0 if ok[s] else 1) if any(ok.values()) else 0 for s in sets}

    def c7(s) -> int:
        return sum(1 for t in s if t in ctx.prev_floaters) if ctx.c7_c10_apply else 0

    def order(s) -> list[int]:
        return sorted(s, key=lambda t: (-score[t], t))  # 3.5.3

    best = min(sets, key=lambda s: (key6[s], c7(s), order(s)))  # 3.5.4-3.5.5
    return order(best)


def pair_bracket(ctx: Context, bracket: set[int], ups: set[int]) -> list[tuple[int, int]]:
    # 3.6.1: the smaller TPN is the top member; the comparison aid top_member="seat"
    # (not a reading) numbers the residents first, then the upfloaters.
    if ctx.options["top_member"] == "seat":
        order = sorted(bracket - ups) + sorted(ups, key=lambda t: (-ctx.score[t], t))
    else:
        order = sorted(bracket)
    seat = {t: i for i, t in enumerate(order)}

    def criteria(p):
        c8 = c9 = c10 = 0
        for a, b in p:
            pr = colour_pair(ctx, a, b)
            for t, colour in ((pr.white, "w"), (pr.black, "b")):
                pref = ctx.pref[t]
                if pref.colour is not None and pref.colour.value != colour:
                    c8 += 1
                    c9 += pref.strong
            if ctx.c7_c10_apply:
                c10 += (a in ups and b in ctx.prev_floaters) + (b in ups and a in ctx.prev_floaters)
        seated = sorted(tuple(sorted((seat[a], seat[b]))) for a, b in p)
        ident = [a for a, _ in seated] + [b for _, b in seated]  # 3.6.2
        return (c8, c9, c10, ident)

    best = min(pairings(sorted(bracket), ctx), key=criteria)
    return sorted(best)
