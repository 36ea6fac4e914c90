"""Selection of upfloaters for the top-scoregroup (C.04.6 3.5, criteria C3-C7).

The sets of potential upfloaters (3.5.1) are ranked by the key

    (C4 number of upfloaters, C5 their scores, C6, C7, 3.5.4 lexicographic order)

among the sets that give a legal pairing of the bracket and leave a legal
pairing for all the other teams (C1, C3). The first set of that order is
the set 3.5.5 chooses.

Exact method. A set S is valid iff some legal pairing of *all* the remaining
teams pairs each member of S with a resident and no other lower team with a
resident (a smallest valid set never pairs two upfloaters together: they
could both be dropped). So every criterion becomes a cost on the edges of
one matching problem over the remaining teams:

- resident-upfloater edge: C4 one upfloater; C5 ``(k+1)**(depth-1)`` where
  depth 1 is the highest score below the top-scoregroup (so the number of
  upfloaters at the deepest level is minimised first, which is "maximise the
  scores taken in ascending order"); C7 one if the upfloater floated in the
  previous round;
- edge between a team of the following scoregroup and a lower team (neither
  an upfloater): C6 one more upfloater needed where that scoregroup is paired
  (the minimum over the pairings of the rest is exactly what that bracket's
  C4 will achieve);

and 3.5.4's order is resolved by :meth:`LexMatching.fix_classes` over the
potential upfloaters sorted by score then TPN (3.5.3).

Fast path (no matching over all the remaining teams): the sets of the
smallest conceivable size (the residents that cannot be paired among
themselves) are tried in the order (C5, C7, 3.5.4); sets whose legal
pairings are provably impossible are passed over, and so are sets that
provably leave the following scoregroup more than its parity (C6); the first
set with certified legal pairings and C6 at its parity is the answer. As
soon as something cannot be decided cheaply, the exact method runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from math import comb

import rustworkx as rx

from engine.c0406.context import Context
from engine.c0406.feasibility import EXACT_LIMIT, decide
from engine.c0406.following import Following, following_scoregroup
from engine.c0406.upfloaters_exact import exact_upfloaters
from engine.messages import Message, msg


@dataclass
class UpfloaterChoice:
    upfloaters: list[int]  # 3.5.3 order: score descending, then TPN ascending
    c4: int
    c5: list[float]  # scores of the upfloaters, ascending
    c6: int | None  # upfloaters the following scoregroup will need (None: not computed)
    c7: int | None  # upfloaters that floated in the previous round (None: last two rounds)
    method: str  # "fast" or "exact"
    notes: list[Message] = field(default_factory=list)
    following: Following | None = None  # the scoregroup C6 measured (2.3.3)


def _levels(ctx: Context, lower: set[int]) -> list[float]:
    return sorted({ctx.score[p] for p in lower}, reverse=True)


def select_upfloaters(ctx: Context, remaining: set[int], top: set[int]) -> UpfloaterChoice:
    lower = remaining - top
    if not lower:
        return _choice(ctx, [], remaining, top, "fast")
    following = following_scoregroup(ctx, remaining, ctx.score[next(iter(top))])
    choice = _fast(ctx, remaining, top, lower, following.teams)
    if choice is None:
        choice = _exact(ctx, remaining, top, lower, following.teams)
    choice.following = following
    return choice


def upfloater_sequence(score: dict[int, float], teams) -> list[int]:
    """3.5.3: a set of upfloaters sorted by descending score, then ascending TPN;
    3.5.4 compares sets by these sequences, lexicographically."""
    return sorted(teams, key=lambda t: (-score[t], t))


def _sorted(ctx: Context, teams) -> list[int]:
    return upfloater_sequence(ctx.score, teams)


def _choice(ctx: Context, ups: list[int], remaining: set[int], top: set[int], method: str) -> UpfloaterChoice:
    ups = _sorted(ctx, ups)
    c7 = sum(1 for u in ups if u in ctx.prev_floaters) if ctx.c7_c10_apply else None
    return UpfloaterChoice(
        upfloaters=ups,
        c4=len(ups),
        c5=sorted(ctx.score[u] for u in ups),
        c6=None,
        c7=c7,
        method=method,
    )


FAST_SETS = 200  # sets the fast path may try before leaving it to the exact method


def _deficiency(ctx: Context, top: set[int]) -> int:
    """A lower bound of C4: residents that cannot be paired among themselves
    (exact for small scoregroups, the parity otherwise)."""
    parity = len(top) % 2
    if len(top) > EXACT_LIMIT or (parity == 0 and decide(ctx, top)):
        return parity
    nodes = sorted(top)
    g = rx.PyGraph()
    g.add_nodes_from(nodes)
    g.add_edges_from_no_data(
        [(i, j) for i, a in enumerate(nodes) for j in range(i + 1, len(nodes)) if ctx.compatible(a, nodes[j])]
    )
    return len(top) - 2 * len(rx.max_weight_matching(g, max_cardinality=True))


def _candidate_sets(ctx: Context, lower: set[int], k: int, floaters: frozenset[int]):
    """Sets of k potential upfloaters in the order of the key (C5, C7, 3.5.4),
    as sequences (3.5.3). All sets from the top score levels (whole levels,
    at least k + 6 teams) when they are few; otherwise only the sets with the
    best C5 profile (whole levels above the last one used, plus ``need`` teams
    of that one). Any set not yielded comes after all those yielded."""
    levels = _levels(ctx, lower)
    groups = [sorted(p for p in lower if ctx.score[p] == level) for level in levels]
    pool: list[int] = []
    for g in groups:
        if len(pool) >= k + 6:
            break
        pool += g
    if len(pool) < k:
        return
    if comb(len(pool), k) <= 3000:
        sets = [upfloater_sequence(ctx.score, c) for c in combinations(pool, k)]
        sets.sort(
            key=lambda c: (
                tuple(-x for x in sorted(ctx.score[p] for p in c)),
                sum(1 for p in c if p in floaters),
                c,
            )
        )
        yield from sets
        return
    fixed: list[int] = []
    need = k
    for g in groups:
        if len(g) < need:
            fixed += g
            need -= len(g)
            continue
        fixed_floaters = sum(1 for p in fixed if p in floaters)
        for f in range(k + 1):
            for part in combinations(g, need):
                if fixed_floaters + sum(1 for p in part if p in floaters) == f:
                    yield [*fixed, *part]
        return


def _fast(
    ctx: Context, remaining: set[int], top: set[int], lower: set[int], following: frozenset[int]
) -> UpfloaterChoice | None:
    """The first set, in the order of (C5, C7, 3.5.4) among the sets of the
    smallest conceivable size (C4 lower bound), that provably gives legal
    pairings and leaves the following scoregroup its parity (C6 at its best);
    every set passed over must be provably illegal. None when that cannot be
    shown cheaply (the exact method then decides)."""
    k = _deficiency(ctx, top)
    if k == 0:
        if decide(ctx, top) and decide(ctx, lower):
            return _choice(ctx, [], remaining, top, "fast")
        return None
    first_group = set(following)
    floaters = ctx.prev_floaters if ctx.c7_c10_apply else frozenset()
    skipped: list[list[int]] = []
    worse_c6: list[list[int]] = []
    legal_profile = None
    for tried, seq in enumerate(_candidate_sets(ctx, lower, k, floaters)):
        if tried >= FAST_SETS:
            return None
        ups = set(seq)
        profile = sorted(ctx.score[p] for p in seq)
        if legal_profile is not None and profile != legal_profile:
            return None  # a legal set of a better C5 profile exists, all with C6 above parity
        bracket = top | ups
        rest = remaining - bracket
        in_bracket, in_rest = decide(ctx, bracket), decide(ctx, rest)
        if in_bracket is False or in_rest is False:
            skipped.append(seq)  # provably no legal pairing with this set
            continue
        if not (in_bracket and in_rest):
            return None
        legal_profile = profile
        c6 = _c6_certified(ctx, rest, first_group - ups)
        if c6 is None:
            return None
        if c6 == ABOVE:
            worse_c6.append(seq)  # beaten by any set of this profile at the parity
            continue
        choice = _choice(ctx, seq, remaining, top, "fast")
        choice.c6 = c6
        if worse_c6:
            shown = "; ".join("{" + ", ".join(map(str, c)) + "}" for c in worse_c6[:5])
            choice.notes.append(
                msg("C6 decided: {sets} would leave the following scoregroup more upfloaters", sets=shown)
            )
        passed = sorted(
            p
            for p in lower
            if p in floaters and p not in ups and any(ctx.score[p] == ctx.score[u] and p < u for u in ups)
        )
        if passed:
            choice.notes.append(msg("C7: {teams} floated in the previous round", teams=passed))
        if skipped:
            shown = "; ".join("{" + ", ".join(map(str, c)) + "}" for c in skipped[:5])
            more = " ..." if len(skipped) > 5 else ""
            choice.notes.append(msg("C1/C3: no legal pairing with {sets}{more}", sets=shown, more=more))
        return choice
    return None


ABOVE = -1  # C6 provably above the parity of the following scoregroup


def _c6_certified(ctx: Context, rest: set[int], following: set[int]) -> int | None:
    """Upfloaters the following scoregroup needs, when provably its parity
    (0 or 1); ``ABOVE`` when provably more; None when the cheap tests cannot tell."""
    if not following:
        return 0
    if len(following) % 2 == 0:
        inside, outside = decide(ctx, following), decide(ctx, rest - following)
        if inside and outside:
            return 0
        if inside is False or outside is False:
            return ABOVE  # no set of 0 upfloaters: at least 2
        return None
    if len(following) <= EXACT_LIMIT and _deficiency(ctx, following) > 1:
        return ABOVE
    deeper = _sorted(ctx, rest - following)
    for s2 in deeper[:4]:
        if decide(ctx, following | {s2}) and decide(ctx, rest - following - {s2}):
            return 1
    return None


def _exact(
    ctx: Context, remaining: set[int], top: set[int], lower: set[int], following: frozenset[int]
) -> UpfloaterChoice:
    ups, c6, notes = exact_upfloaters(ctx, remaining, top, lower, following)
    choice = _choice(ctx, ups, remaining, top, "exact")
    choice.c6 = c6
    choice.notes.extend(notes)
    return choice
