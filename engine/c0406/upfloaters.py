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
potential upfloaters sorted by score then TPN (3.5.3). A fast path first
tries the natural candidate and accepts it only with a proof that it reaches
the lower bound of every criterion (parity of the group, best score level,
no previous floater) and is first in order; otherwise the exact method runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.c0406.context import Context
from engine.c0406.feasibility import decide
from engine.matching import LexMatching


@dataclass
class UpfloaterChoice:
    upfloaters: list[int]  # 3.5.3 order: score descending, then TPN ascending
    c4: int
    c5: list[float]  # scores of the upfloaters, ascending
    c6: int | None  # upfloaters the following scoregroup will need (None: not computed)
    c7: int | None  # upfloaters that floated in the previous round (None: last two rounds)
    method: str  # "fast" or "exact"
    notes: list[str] = field(default_factory=list)


def _levels(ctx: Context, lower: set[int]) -> list[float]:
    return sorted({ctx.score[p] for p in lower}, reverse=True)


def select_upfloaters(ctx: Context, remaining: set[int], top: set[int]) -> UpfloaterChoice:
    lower = remaining - top
    if not lower:
        return _choice(ctx, [], remaining, top, "fast")
    fast = _fast(ctx, remaining, top, lower)
    if fast is not None:
        return fast
    return _exact(ctx, remaining, top, lower)


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


def _fast(ctx: Context, remaining: set[int], top: set[int], lower: set[int]) -> UpfloaterChoice | None:
    if len(top) % 2 == 0:
        if decide(ctx, top) and decide(ctx, lower):
            choice = _choice(ctx, [], remaining, top, "fast")
            return choice
        return None
    level1 = _levels(ctx, lower)[0]
    first_group = {p for p in lower if ctx.score[p] == level1}
    use_c7 = ctx.c7_c10_apply
    cands = sorted(first_group, key=lambda p: (use_c7 and p in ctx.prev_floaters, p))
    skipped = []
    for s in cands:
        bracket = top | {s}
        rest = remaining - bracket
        in_bracket, in_rest = decide(ctx, bracket), decide(ctx, rest)
        if in_bracket is False or in_rest is False:
            skipped.append(s)  # provably no legal pairing with this set: not a candidate
            continue
        if not (in_bracket and in_rest):
            return None
        c6 = _c6_certified(ctx, rest, first_group - {s})
        if c6 is None:
            return None
        choice = _choice(ctx, [s], remaining, top, "fast")
        choice.c6 = c6
        before = [p for p in sorted(first_group) if p < s and p not in skipped]
        if before:
            choice.notes.append(f"C7: {', '.join(map(str, before))} floated in the previous round")
        if skipped:
            choice.notes.append(f"C1/C3: no legal pairing with {', '.join(map(str, skipped))}")
        return choice
    return None


def _c6_certified(ctx: Context, rest: set[int], following: set[int]) -> int | None:
    """Upfloaters the following scoregroup needs (its parity), if provably so."""
    if not following:
        return 0
    if len(following) % 2 == 0:
        if decide(ctx, following) and decide(ctx, rest - following):
            return 0
        return None
    deeper = _sorted(ctx, rest - following)
    for s2 in deeper[:4]:
        if decide(ctx, following | {s2}) and decide(ctx, rest - following - {s2}):
            return 1
    return None


def _exact(ctx: Context, remaining: set[int], top: set[int], lower: set[int]) -> UpfloaterChoice:
    levels = _levels(ctx, lower)
    depth = {p: levels.index(ctx.score[p]) + 1 for p in lower}
    teams = sorted(remaining)
    conflicts = ctx.conflicts
    pairs = [(a, b) for i, a in enumerate(teams) for b in teams[i + 1 :] if b not in conflicts[a]]

    def is_up_edge(a: int, b: int) -> bool:
        return (a in top) != (b in top)

    # C4: the smallest number of upfloaters.
    lm = LexMatching(remaining, {(a, b): (1 if is_up_edge(a, b) else 0,) for a, b in pairs})
    if lm.optimum() is None:
        raise AssertionError("C3 was guaranteed by the previous step (bug)")
    k = lm.optimum()[0]
    if k == 0:
        return _choice(ctx, [], remaining, top, "exact")
    # C5: the deepest score level needed (one call when the levels fit in the weights).
    deepest = len(levels)
    if len(levels) * (k + 1).bit_length() > 40:
        for d in range(1, len(levels)):
            edges = {
                (a, b): (1 if is_up_edge(a, b) else 0,)
                for a, b in pairs
                if not is_up_edge(a, b) or depth[b if a in top else a] <= d
            }
            opt = LexMatching(remaining, edges).optimum()
            if opt is not None and opt[0] == k:
                deepest = d
                break
    following = {p for p in lower if depth[p] == 1}
    use_c7 = ctx.c7_c10_apply

    def build(with_c6: bool, with_c7: bool = True) -> LexMatching:
        edges = {}
        for a, b in pairs:
            if is_up_edge(a, b):
                up = b if a in top else a
                if depth[up] > deepest:
                    continue
                c7 = 1 if with_c7 and use_c7 and up in ctx.prev_floaters else 0
                edges[(a, b)] = (1, (k + 1) ** (depth[up] - 1), 0, c7)
            else:
                c6 = 0
                if with_c6 and a not in top and b not in top and (depth[a] == 1) != (depth[b] == 1):
                    c6 = 1
                edges[(a, b)] = (0, 0, c6, 0)
        return LexMatching(remaining, edges)

    lm = build(True)
    opt = lm.optimum()
    assert opt is not None and opt[0] == k
    c6 = opt[2]
    notes = []
    if ctx.options["c6"] == "pass_fail":
        n1 = sum(1 for p, q in lm.matching().items() if p in following and q in top)
        parity = (len(following) - n1) % 2
        if c6 > parity:
            notes.append("C6 cannot be complied with by any set (pass/fail reading): not applied")
            lm = build(False)
            lm.optimum()
    c6_applied = not notes
    used = max(depth[p] for p, q in lm.matching().items() if p in lower and q in top)
    order = [p for p in _sorted(ctx, lower) if depth[p] <= used]

    def first_set(lm: LexMatching) -> list[int]:
        lm.optimum()
        lm.fix_classes(order, lambda v, u: u in top, max_preferred=k)
        mate = lm.matching()
        return [p for p in order if mate[p] in top]

    ups = first_set(lm)
    # Which criterion passed over the sets that come first in 3.5.4's order?
    if (c6_applied and c6) or (use_c7 and any(p in ctx.prev_floaters for p in order)):
        plain = first_set(build(False, False))
        if plain != ups:
            by_c6 = first_set(build(True, False)) if c6_applied else plain
            crit = "C6" if by_c6 == ups else "C7"
            notes.append(f"{crit} decided: the set {', '.join(map(str, plain))} comes first in 3.5.4 order")
    choice = _choice(ctx, ups, remaining, top, "exact")
    choice.c6 = c6
    choice.notes.extend(notes)
    return choice
