"""Pairing of a bracket (C.04.6 3.6, criteria C1, C8, C9, C10).

3.6.1: in each pair the team with the smaller TPN is the top member.
3.6.2: a pairing is identified by its tops in ascending order, followed by
their partners in the same order. 3.6.4: the first identifier (3.6.3)
among the legal pairings (C1) that comply best with C8, then C9, then C10.

Exact method: the criteria are edge costs of a matching problem on the
bracket (C8: one when both teams prefer the same colour, since colour
allocation 4.3 then fulfils all preferences but one; C9 likewise for two
strong Type B preferences; C10: each team, previously a floater, facing an
upfloater). The identifier order is resolved greedily: first each team in
ascending TPN is a top member whenever an optimal pairing still allows it
(:meth:`LexMatching.fix_classes`), then each top in ascending order gets the
smallest partner still allowed (:meth:`LexMatching.fix_partners`).

Fast path: the natural pairing (the smaller half are the tops, each top
with the smallest legal bottom still free) has the smallest identifier
there can be; it is taken as is when its C8, C9, C10 values reach their
lower bounds (C8 >= preferences for one colour beyond half the bracket).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.c0406.context import Context
from engine.matching import LexMatching


@dataclass
class BracketPairing:
    pairs: list[tuple[int, int]]  # (top, bottom), tops ascending: the identifier order
    c8: int
    c9: int
    c10: int | None
    method: str

    @property
    def identifier(self) -> list[int]:
        return identifier(self.pairs)


def identifier(pairs) -> list[int]:
    """3.6.1-3.6.2: tops (smaller TPN of each pair) ascending, then their partners."""
    norm = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return [a for a, _ in norm] + [b for _, b in norm]


def pair_cost(ctx: Context, a: int, b: int, upfloaters: set[int] | frozenset[int]) -> tuple[int, int, int]:
    """(C8, C9, C10) of pairing a with b."""
    pa, pb = ctx.pref[a], ctx.pref[b]
    c8 = c9 = 0
    if pa.colour is not None and pa.colour == pb.colour:
        c8 = 1
        if pa.strong and pb.strong:
            c9 = 1
    c10 = 0
    if ctx.c7_c10_apply:
        pf = ctx.prev_floaters
        c10 = (a in upfloaters and b in pf) + (b in upfloaters and a in pf)
    return c8, c9, c10


def lower_bounds(ctx: Context, teams: list[int]) -> tuple[int, int, int]:
    half = len(teams) // 2
    w = sum(1 for t in teams if ctx.pref[t].colour is not None and ctx.pref[t].colour.value == "w")
    b = sum(1 for t in teams if ctx.pref[t].colour is not None and ctx.pref[t].colour.value == "b")
    sw = sum(1 for t in teams if ctx.pref[t].strong and ctx.pref[t].colour.value == "w")  # type: ignore[union-attr]
    sb = sum(1 for t in teams if ctx.pref[t].strong and ctx.pref[t].colour.value == "b")  # type: ignore[union-attr]
    return max(0, w - half) + max(0, b - half), max(0, sw - half) + max(0, sb - half), 0


def seat_order(ctx: Context, bracket: set[int], upfloaters: set[int]) -> list[int]:
    """The bracket's teams in the order 3.6.1-3.6.2 read them: ascending TPN. With the
    comparison aid ``top_member="seat"`` (not a reading of the text): the residents in
    TPN order, then the upfloaters by descending score, then TPN."""
    if ctx.options["top_member"] == "seat":
        residents = sorted(bracket - upfloaters)
        return residents + sorted(upfloaters, key=lambda t: (-ctx.score[t], t))
    return sorted(bracket)


def pair_bracket(ctx: Context, bracket: set[int], upfloaters: set[int]) -> BracketPairing:
    teams = seat_order(ctx, bracket, upfloaters)
    rank = {t: i for i, t in enumerate(teams)}
    fast = _natural(ctx, teams, upfloaters)
    if fast is not None:
        return fast
    edges = {}
    conflicts = ctx.conflicts
    for i, a in enumerate(teams):
        for b in teams[i + 1 :]:
            if b not in conflicts[a]:
                edges[(a, b)] = pair_cost(ctx, a, b, upfloaters)
    lm = LexMatching(teams, edges)
    opt = lm.optimum()
    if opt is None:
        raise AssertionError("the bracket was chosen with a legal pairing (bug)")
    half = len(teams) // 2

    def is_top(v: int, u: int) -> bool:
        return rank[u] > rank[v]

    # The smaller half as tops is the first conceivable choice (3.6.2); else greedily.
    if not lm.try_classes({t: i < half for i, t in enumerate(teams)}, is_top):
        lm.fix_classes(teams, is_top, max_preferred=half, max_other=half)
    witness = lm.matching()
    tops = [t for t in teams if rank[witness[t]] > rank[t]]
    lm.fix_partners(tops, lambda v, u: rank[u])
    mate = lm.matching()
    pairs = [(t, mate[t]) for t in tops]
    c8, c9, c10 = (opt + (0, 0, 0))[:3]
    return BracketPairing(pairs, c8, c9, c10 if ctx.c7_c10_apply else None, "exact")


def _natural(ctx: Context, teams: list[int], upfloaters: set[int]) -> BracketPairing | None:
    """The smaller half are the tops; each top, in ascending order, takes the
    smallest free bottom that is legal (C1) and after which the lower bounds of
    C8, C9 and C10 stay reachable (counted without C1, so a rejection is a
    proof). Accepted only if it ends on the lower bounds: then it is optimal,
    and each choice was the smallest possible, so it is the first identifier."""
    half = len(teams) // 2
    tops, free = teams[:half], teams[half:]
    target = lower_bounds(ctx, teams)
    conflicts = ctx.conflicts
    kind = {t: _kind(ctx, t) for t in teams}
    rest_tops = _Counts([kind[t] for t in tops])
    rest_bottoms = _Counts([kind[t] for t in free])
    spent = [0, 0, 0]
    pairs = []
    for t in tops:
        rest_tops.remove(kind[t])
        for i, b in enumerate(free):
            if b in conflicts[t]:
                continue
            cost = pair_cost(ctx, t, b, upfloaters)
            if cost[2] or spent[0] + cost[0] > target[0] or spent[1] + cost[1] > target[1]:
                continue
            rest_bottoms.remove(kind[b])
            c8, c9 = rest_tops.conflicts_with(rest_bottoms)
            if spent[0] + cost[0] + c8 <= target[0] and spent[1] + cost[1] + c9 <= target[1]:
                pairs.append((t, b))
                spent[0] += cost[0]
                spent[1] += cost[1]
                del free[i]
                break
            rest_bottoms.add(kind[b])
        else:
            return None
    if tuple(spent) != target:
        return None
    return BracketPairing(pairs, spent[0], spent[1], 0 if ctx.c7_c10_apply else None, "fast")


def _kind(ctx: Context, t: int) -> tuple[str, bool]:
    pref = ctx.pref[t]
    return (pref.colour.value if pref.colour is not None else "", pref.strong)


class _Counts:
    """Colour-preference counts of a set of teams (for the counting bounds)."""

    def __init__(self, kinds: list[tuple[str, bool]]):
        self.n = {"w": 0, "b": 0, "": 0}
        self.strong = {"w": 0, "b": 0}
        self.total = 0
        for k in kinds:
            self.add(k)

    def add(self, k: tuple[str, bool]) -> None:
        self.n[k[0]] += 1
        self.total += 1
        if k[1]:
            self.strong[k[0]] += 1

    def remove(self, k: tuple[str, bool]) -> None:
        self.n[k[0]] -= 1
        self.total -= 1
        if k[1]:
            self.strong[k[0]] -= 1

    def conflicts_with(self, bottoms: _Counts) -> tuple[int, int]:
        """Fewest same-colour pairs (C8) and strong same-colour pairs (C9) when
        these tops are paired with those bottoms (Hall's deficiency)."""
        w, b = self.n["w"], self.n["b"]
        c8 = max(0, w - bottoms.total + bottoms.n["w"], b - bottoms.total + bottoms.n["b"])
        sw, sb = self.strong["w"], self.strong["b"]
        c9 = max(0, sw - bottoms.total + bottoms.strong["w"], sb - bottoms.total + bottoms.strong["b"])
        return c8, c9
