"""The exact selection of upfloaters (C.04.6 3.5) by weighted matching.

See ``engine.c0406.upfloaters`` for the method: every criterion (C4 count,
C5 scores, C6 the following scoregroup's upfloaters, C7 previous floaters) is
an edge cost of one matching problem over the remaining teams, and 3.5.4's
order is fixed greedily with :meth:`LexMatching.fix_classes`.

Large fields are first solved on a *reduced* problem: the top-scoregroup,
the "near" lower teams (the whole next score level, then the next ones in
3.5.3 order, at least ``2 * residents + 10``), and "joker" vertices standing
for the "far" teams (each joker may meet anyone who may meet some far team,
jokers meet each other, and a joker upfloater costs what the best far team
would). That is
a relaxation (every legal pairing of the field maps onto it at the same or
a lower cost), so when its first optimal set uses no joker as an upfloater
and its matching can be completed with the real lower teams (certified),
it is the exact answer; otherwise the full problem is solved.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.c0406.context import Context
from engine.c0406.feasibility import decide
from engine.matching import LexMatching
from engine.messages import Message, msg

REDUCE_FROM = 150  # fields smaller than this are solved in full
REDUCE_RATIO = 2  # ... and so are fields whose lower teams are fewer than this times the near ones
NEAR_EXTRA = 10
EXPLAIN_UP_TO = 300  # vertices up to which the exact method also says whether C6 or C7 decided  # near teams: whole levels, at least 2 * residents + NEAR_EXTRA


def exact_upfloaters(
    ctx: Context, remaining: set[int], top: set[int], lower: set[int], following: frozenset[int]
) -> tuple[list[int], int, list[Message]]:
    """(upfloaters in 3.5.4 order, C6 value, explanation notes). ``following``: the
    teams of the scoregroup C6 measures (empty when it has nothing to measure)."""
    if len(remaining) >= REDUCE_FROM:
        reduced = _reduced(ctx, remaining, top, lower, following)
        if reduced is not None:
            return reduced
    levels = sorted({ctx.score[p] for p in lower}, reverse=True)
    depth = {p: levels.index(ctx.score[p]) + 1 for p in lower}
    teams = sorted(remaining)
    conflicts = ctx.conflicts
    pairs = [(a, b) for i, a in enumerate(teams) for b in teams[i + 1 :] if b not in conflicts[a]]
    result = _solve(ctx, remaining, pairs, top, depth, following, lambda p: (-ctx.score[p], p))
    assert result is not None
    return result


def _reduced(ctx: Context, remaining: set[int], top: set[int], lower: set[int], following: frozenset[int]):
    levels = sorted({ctx.score[p] for p in lower}, reverse=True)
    ordered = sorted(lower, key=lambda p: (-ctx.score[p], p))
    # Near teams: the whole next level (the following scoregroup of C6), then
    # teams in 3.5.3 order up to 2 * residents + NEAR_EXTRA. The far teams all
    # rank after every near team of their level.
    size = max(sum(1 for p in lower if ctx.score[p] == levels[0]), 2 * len(top) + NEAR_EXTRA)
    near = ordered[:size]
    far = set(ordered[size:])
    if len(far) < REDUCE_RATIO * len(near) or not far:
        return None  # not worth it
    cut_depth = levels.index(max(ctx.score[p] for p in far)) + 1
    conflicts = ctx.conflicts
    n_far = len(far)
    jokers_needed = min(n_far, len(near) + len(top))
    if (n_far - jokers_needed) % 2:
        jokers_needed += 1
    jokers = [-(i + 1) for i in range(jokers_needed)]
    teams = sorted(top) + sorted(near)
    pairs = [(a, b) for i, a in enumerate(teams) for b in teams[i + 1 :] if b not in conflicts[a]]
    for u in teams:
        c = conflicts[u]
        if len(c) < n_far or any(w not in c for w in far):  # u may meet some lower team
            pairs += [(j, u) for j in jokers]
    pairs += [(a, b) for i, a in enumerate(jokers) for b in jokers[i + 1 :]]
    depth = {p: levels.index(ctx.score[p]) + 1 for p in near}
    depth.update({j: cut_depth for j in jokers})  # no deeper than any team they stand for
    vertices = set(teams) | set(jokers)

    def key(p: int) -> tuple:
        return (-ctx.score[p], p) if p > 0 else (float("inf"), -p)

    result = _solve(ctx, vertices, pairs, top, depth, following, key, keep_witness=True)
    if result is None:
        return None
    ups, c6, notes, mate = result
    escaping = {u for u in near if mate[u] < 0}
    if decide(ctx, escaping | far) is not True:
        return None
    return ups, c6, notes


def _solve(
    ctx: Context,
    vertices: set[int],
    pairs: list[tuple[int, int]],
    top: set[int],
    depth: dict[int, int],
    following: frozenset[int],
    order_key: Callable[[int], tuple],
    keep_witness: bool = False,
):
    """The first optimal set on the given graph; None if an optimal set needs
    a joker as upfloater (only possible on the reduced problem)."""
    lower = vertices - top
    n_levels = max(depth.values(), default=0)

    def is_up_edge(a: int, b: int) -> bool:
        return (a in top) != (b in top)

    def up_of(a: int, b: int) -> int:
        return b if a in top else a

    # C4 and C5 in one problem when the score levels fit in the weights (C5 in
    # base |residents| + 1, which bounds the number of upfloaters); otherwise C4
    # first, then the deepest level needed, then C5 in base k + 1.
    base = len(top) + 1
    deepest = n_levels
    if n_levels * base.bit_length() > 30:
        lm = LexMatching(vertices, {(a, b): (1 if is_up_edge(a, b) else 0,) for a, b in pairs})
        opt = lm.optimum()
        if opt is None:
            if keep_witness:
                return None
            raise AssertionError("C3 was guaranteed by the previous step (bug)")
        k = opt[0]
        if k == 0:
            return ([], 0, [], lm.matching()) if keep_witness else ([], 0, [])
        base = k + 1
        if n_levels * base.bit_length() > 30:
            for d in range(1, n_levels):
                edges = {
                    (a, b): (1 if is_up_edge(a, b) else 0,)
                    for a, b in pairs
                    if not is_up_edge(a, b) or depth[up_of(a, b)] <= d
                }
                o = LexMatching(vertices, edges).optimum()
                if o is not None and o[0] == k:
                    deepest = d
                    break
    use_c7 = ctx.c7_c10_apply
    floaters = ctx.prev_floaters

    def build(with_c6: bool, with_c7: bool = True) -> LexMatching:
        edges = {}
        for a, b in pairs:
            if is_up_edge(a, b):
                up = up_of(a, b)
                if depth[up] > deepest:
                    continue
                c7 = 1 if with_c7 and use_c7 and up in floaters else 0
                edges[(a, b)] = (1, base ** (depth[up] - 1), 0, c7)
            else:
                c6 = 0
                if with_c6 and a not in top and b not in top and (a in following) != (b in following):
                    c6 = 1
                edges[(a, b)] = (0, 0, c6, 0)
        return LexMatching(vertices, edges)

    lm = build(True)
    opt = lm.optimum()
    if opt is None:
        if keep_witness:
            return None
        raise AssertionError("C3 was guaranteed by the previous step (bug)")
    k = opt[0]
    if k == 0:
        return ([], 0, [], lm.matching()) if keep_witness else ([], 0, [])
    c6 = opt[2]
    notes: list[Message] = []
    if ctx.options["c6"] == "pass_fail":
        n1 = sum(1 for p, q in lm.matching().items() if p in following and q in top)
        parity = (len(following) - n1) % 2
        if c6 > parity:
            notes.append(msg("C6 cannot be complied with by any set (pass/fail reading): not applied"))
            lm = build(False)
            lm.optimum()
    c6_applied = not notes
    used = max(depth[p] for p, q in lm.matching().items() if p in lower and q in top)
    order = sorted((p for p in lower if depth[p] <= used and p > 0), key=order_key)

    def first_set(lm: LexMatching) -> list[int]:
        lm.optimum()
        lm.fix_classes(order, lambda v, u: u in top, max_preferred=k)
        mate = lm.matching()
        return [p for p in order if mate[p] in top]

    ups = first_set(lm)
    witness = lm.matching()
    if len(ups) < k:
        return None  # a joker is an upfloater: the reduced problem cannot tell
    # Which criterion passed over the sets that come first in 3.5.4's order?
    # (Two more problems: only said for fields of moderate size.)
    explain = len(vertices) <= EXPLAIN_UP_TO
    if explain and ((c6_applied and c6) or (use_c7 and any(p in floaters for p in order))):
        plain = first_set(build(False, False))
        if plain != ups:
            by_c6 = first_set(build(True, False)) if c6_applied else plain
            crit = "C6" if by_c6 == ups else "C7"
            notes.append(
                msg(
                    "{criterion} decided: the set {teams} comes first in 3.5.4 order",
                    criterion=crit,
                    teams=plain,
                )
            )
    return (ups, c6, notes, witness) if keep_witness else (ups, c6, notes)
