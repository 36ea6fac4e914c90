"""Exact "first in the text's order among the best" perfect matchings.

Swiss texts written as criteria (C.04.6 3.5, 3.6; the Dutch system) say:
among all pairings complying with the absolute criteria, keep those that
comply best with the quality criteria (in priority order), then take the
first one in a stated lexicographic order. Enumerating pairings explodes;
this module answers the same question exactly with weighted matching.

:class:`LexMatching` holds a graph (vertices are ints, edges are the
allowed pairs) whose edges carry a tuple of non-negative integer costs,
compared lexicographically (criterion 0 first). It offers:

- :meth:`LexMatching.optimum` -- the lexicographically smallest total cost
  of a perfect matching (``None`` if there is no perfect matching);
- :meth:`LexMatching.fix_classes` -- for vertices in a given order, the
  greedy "give the vertex its preferred kind of partner whenever an optimal
  perfect matching still allows it" (C.04.6 3.6.2: a team is a top member if
  it can be; 3.5.4: a team is an upfloater if it can be);
- :meth:`LexMatching.try_classes` -- take many class decisions at once when an
  optimal perfect matching honours them all (one plain call; for a likely answer);
- :meth:`LexMatching.fix_partners` -- for vertices in a given order, the
  smallest-ranked partner an optimal perfect matching still allows (3.6.2:
  the bottoms of the tops, in ascending order).

Every decision is kept as a per-vertex constraint; every later question is
asked under all earlier decisions, so the result is exactly the greedy
lexicographic choice. To save calls, one call of the weighted matching
decides a *window* of consecutive decisions at once: the preferences of the
window are encoded as low-order digits below the costs (a binary digit per
class decision, a base-``n`` digit per partner decision), which is exact
because maximising such a number is the same as deciding the window greedily.
A decision the current witness matching already takes in the preferred way
needs no call at all.

Weights are Python ints handed to ``rustworkx.max_weight_matching`` with
``max_cardinality=True``; its weights are 128-bit, so the whole encoding is
kept below 2**100.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import rustworkx as rx

TOTAL_BITS = 100

Constraint = Callable[[int], bool]


class EncodingTooLarge(Exception):
    """The criteria do not fit in the matching's integer weights."""


class LexMatching:
    """A graph with lexicographic edge costs; see the module docstring."""

    def __init__(self, vertices: Iterable[int], edges: Mapping[tuple[int, int], Sequence[int]]):
        self.vertices: list[int] = sorted(vertices)
        self.n = len(self.vertices)
        self.index = {v: i for i, v in enumerate(self.vertices)}
        self.calls = 0
        items = [(ab, c) for ab, c in edges.items() if ab[0] != ab[1]]
        ncrit = max((len(c) for _, c in items), default=0)
        half = max(1, self.n // 2)
        columns = list(zip(*(c for _, c in items), strict=True)) if ncrit else []
        radices = [half * max(col) + 1 for col in columns]
        place = [1] * ncrit
        for k in range(ncrit - 2, -1, -1):
            place[k] = place[k + 1] * radices[k + 1]
        self._place = place
        self._radices = radices
        self._u = [a for (a, _), _ in items]
        self._v = [b for (_, b), _ in items]
        if ncrit == 0:
            costs = [0] * len(items)
        elif ncrit == 1:
            costs = list(columns[0])
        else:
            costs = [0] * len(items)
            for col, p in zip(columns, place, strict=True):
                if p and any(col):
                    costs = [c + x * p for c, x in zip(costs, col, strict=True)]
        self._cost = costs
        self._cost_tuple = {}
        for (a, b), c in items:
            self._cost_tuple[(a, b)] = c
            self._cost_tuple[(b, a)] = c
        self._maxcost = max(costs, default=0)
        self.bonus_bits = TOTAL_BITS - half.bit_length() - (self._maxcost + 1).bit_length() - 1
        if self.bonus_bits < 1:
            raise EncodingTooLarge(
                f"criteria need {(self._maxcost + 1).bit_length()} bits; the matching allows fewer"
            )
        self.constraints: dict[int, Constraint] = {}
        self._live = list(range(len(self._u)))
        self._dirty: set[int] = set()
        self._paired: dict[int, int] = {}
        self.mate: dict[int, int] | None = None
        self._optimum: int | None = None
        self._optimum_tuple: tuple[int, ...] | None = None
        self._solved = False

    # -- low level ----------------------------------------------------------
    def _allowed(self, a: int, b: int) -> bool:
        ca = self.constraints.get(a)
        if ca is not None and not ca(b):
            return False
        cb = self.constraints.get(b)
        return cb is None or cb(a)

    def _refresh(self) -> None:
        """Drop the edges that the decisions taken since the last call forbid."""
        if not self._dirty:
            return
        dirty, u, v = self._dirty, self._u, self._v
        allowed = self._allowed
        self._live = [
            e for e in self._live if (u[e] not in dirty and v[e] not in dirty) or allowed(u[e], v[e])
        ]
        self._dirty = set()

    def _solve(self, bonus: Callable[[int, int], int] | None, bonus_bits: int) -> dict[int, int] | None:
        """A perfect matching maximising ``-cost * 2**bonus_bits + bonus``.

        Vertices already given a partner are left out of the call (their pair is
        the only one they may have) and added back to the result."""
        self.calls += 1
        self._refresh()
        scale = 1 << bonus_bits
        top = self._maxcost + 1
        paired = self._paired
        free = [x for x in self.vertices if x not in paired]
        idx = {x: i for i, x in enumerate(free)}
        g = rx.PyGraph()
        g.add_nodes_from(range(len(free)))
        us, vs, cs = self._u, self._v, self._cost
        batch = []
        for e in self._live:
            a, b = us[e], vs[e]
            if a in paired or b in paired:
                continue
            w = (top - cs[e]) * scale + 1
            if bonus is not None:
                w += bonus(a, b)
            batch.append((idx[a], idx[b], w))
        g.add_edges_from(batch)
        m = rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)
        if 2 * len(m) != len(free):
            return None
        mate: dict[int, int] = dict(paired)
        for i, j in m:
            mate[free[i]] = free[j]
            mate[free[j]] = free[i]
        return mate

    def _cost_of(self, mate: Mapping[int, int]) -> int:
        total = [0] * len(self._place)
        for a, b in mate.items():
            if a < b:
                for k, x in enumerate(self._cost_tuple[(a, b)]):
                    total[k] += x
        return sum(x * p for x, p in zip(total, self._place, strict=False))

    def cost_tuple(self, mate: Mapping[int, int] | None = None) -> tuple[int, ...]:
        """Total cost, criterion by criterion, of ``mate`` (default: the witness)."""
        mate = self.mate if mate is None else mate
        assert mate is not None
        total = [0] * len(self._place)
        for a, b in mate.items():
            if a < b:
                for k, x in enumerate(self._cost_tuple[(a, b)]):
                    total[k] += x
        return tuple(total)

    def _accept(self, mate: dict[int, int] | None) -> dict[int, int]:
        if mate is None or self._cost_of(mate) != self._optimum:
            raise AssertionError("an earlier decision lost the optimum (bug)")
        self.mate = mate
        return mate

    # -- public -------------------------------------------------------------
    def optimum(self) -> tuple[int, ...] | None:
        """The best total cost of a perfect matching, or ``None`` if none exists."""
        if not self._solved:
            self._solved = True
            if self.n == 0:
                self.mate = {}
                self._optimum = 0
            else:
                mate = self._solve(None, 0)
                if mate is not None:
                    self.mate = mate
                    self._optimum = self._cost_of(mate)
        if self._optimum is None:
            return None
        if self._optimum_tuple is None:
            self._optimum_tuple = self.cost_tuple()
        return self._optimum_tuple

    def fix_classes(
        self,
        order: Sequence[int],
        preferred: Callable[[int, int], bool],
        max_preferred: int | None = None,
        max_other: int | None = None,
    ) -> None:
        """Greedy class decisions: ``preferred(v, u)`` says whether partner u is of
        v's preferred kind; each v in ``order`` gets its preferred kind if an optimal
        perfect matching (under earlier decisions) still allows it.

        ``max_preferred`` / ``max_other``: when the caller knows that every optimal
        matching has exactly that many vertices of ``order`` in the preferred / other
        kind, the remaining decisions are taken without calls once it is reached."""
        if self.optimum() is None:
            raise ValueError("no perfect matching")
        tail_bits = max(2, self.n).bit_length()
        if self.bonus_bits - tail_bits < 8:
            tail_bits = 0
        width = self.bonus_bits - tail_bits
        pos = 0
        order = [v for v in order if v not in self.constraints]
        n_pref = n_other = 0

        def fix(w: int, want: bool) -> None:
            nonlocal n_pref, n_other
            self._fix_class(w, preferred, want)
            n_pref += want
            n_other += not want

        while pos < len(order):
            v = order[pos]
            assert self.mate is not None
            if max_preferred is not None and n_pref >= max_preferred:
                fix(v, False)
                pos += 1
                continue
            if max_other is not None and n_other >= max_other:
                fix(v, True)
                pos += 1
                continue
            if preferred(v, self.mate[v]):
                fix(v, True)
                pos += 1
                continue
            window = order[pos : pos + width]
            weight = {w: 1 << (len(window) - 1 - i + tail_bits) for i, w in enumerate(window)}
            tail = set(order[pos + width :]) if tail_bits else set()  # a nudge, as in fix_partners

            def bonus(a: int, b: int, weight=weight, tail=tail) -> int:
                s = 0
                if (a in weight or a in tail) and preferred(a, b):
                    s += weight.get(a, 1)
                if (b in weight or b in tail) and preferred(b, a):
                    s += weight.get(b, 1)
                return s

            mate = self._accept(self._solve(bonus, len(window) + tail_bits))
            for w in window:
                fix(w, preferred(w, mate[w]))
            pos += len(window)

    def try_classes(self, decisions: Mapping[int, bool], preferred: Callable[[int, int], bool]) -> bool:
        """Take all these class decisions at once (``True``: preferred kind) if an
        optimal perfect matching honours them all; otherwise change nothing.
        One plain call: useful when the natural answer is likely (3.6.2: the
        smaller half of a bracket as top members)."""
        if self.optimum() is None:
            raise ValueError("no perfect matching")
        saved = (dict(self.constraints), list(self._live), set(self._dirty))
        for v, want in decisions.items():
            self._fix_class(v, preferred, want)
        mate = self._solve(None, 0)
        if mate is not None and self._cost_of(mate) == self._optimum:
            self.mate = mate
            return True
        self.constraints, self._live, self._dirty = saved
        return False

    def _fix_class(self, v: int, preferred: Callable[[int, int], bool], want: bool) -> None:
        self._dirty.add(v)
        if want:
            self.constraints[v] = lambda u, v=v: preferred(v, u)
        else:
            self.constraints[v] = lambda u, v=v: not preferred(v, u)

    def fix_partners(self, order: Sequence[int], rank: Callable[[int, int], int]) -> None:
        """Greedy partner decisions: each v in ``order`` (not yet given a partner)
        gets the partner u of smallest ``rank(v, u)`` (0 <= rank < n) that an
        optimal perfect matching under earlier decisions still allows."""
        if self.optimum() is None:
            raise ValueError("no perfect matching")
        base = max(2, self.n)
        digit = (base - 1).bit_length()
        if digit > self.bonus_bits:
            raise EncodingTooLarge(f"a partner rank needs {digit} bits; only {self.bonus_bits} are left")
        width = max(1, self.bonus_bits // digit)
        fixed: set[int] = set()
        pos = 0
        order = list(order)
        while pos < len(order):
            v = order[pos]
            if v in fixed:
                pos += 1
                continue
            assert self.mate is not None
            best = self._best_candidate(v, fixed, rank)
            if self.mate[v] == best:
                self._fix_pair(v, best, fixed)
                pos += 1
                continue
            window = [w for w in order[pos:] if w not in fixed][:width]
            weight = {w: base ** (len(window) - 1 - i) for i, w in enumerate(window)}

            def bonus(a: int, b: int, weight=weight) -> int:
                s = 0
                if a in weight:
                    s += weight[a] * (base - 1 - rank(a, b))
                if b in weight:
                    s += weight[b] * (base - 1 - rank(b, a))
                return s

            mate = self._accept(self._solve(bonus, digit * len(window)))
            for w in window:
                if w not in fixed:
                    self._fix_pair(w, mate[w], fixed)
            pos += 1

    def _best_candidate(self, v: int, fixed: set[int], rank: Callable[[int, int], int]) -> int | None:
        best, best_rank = None, None
        for u in self.vertices:
            if u == v or u in fixed or (v, u) not in self._cost_tuple or not self._allowed(v, u):
                continue
            r = rank(v, u)
            if best_rank is None or r < best_rank:
                best, best_rank = u, r
        return best

    def _fix_pair(self, v: int, u: int, fixed: set[int]) -> None:
        self.constraints[v] = lambda x, u=u: x == u
        self.constraints[u] = lambda x, v=v: x == v
        self._paired[v], self._paired[u] = u, v
        fixed.add(v)
        fixed.add(u)

    def matching(self) -> dict[int, int]:
        """The current witness: an optimal perfect matching honouring all decisions."""
        if self.optimum() is None:
            raise ValueError("no perfect matching")
        assert self.mate is not None
        return dict(self.mate)


def has_perfect_matching(vertices: Iterable[int], allowed: Callable[[int, int], bool]) -> bool:
    """Whether the graph on ``vertices`` with edges ``allowed(a, b)`` has a perfect
    matching. Cheap exits: odd order; every vertex misses fewer than half of the
    others (Dirac: a Hamiltonian cycle exists, so a perfect matching too)."""
    vs = sorted(vertices)
    n = len(vs)
    if n % 2:
        return False
    if n == 0:
        return True
    if dirac(vs, allowed):
        return True
    edges = {(a, b): () for i, a in enumerate(vs) for b in vs[i + 1 :] if allowed(a, b)}
    return LexMatching(vs, edges).optimum() is not None


def dirac(vs: Sequence[int], allowed: Callable[[int, int], bool]) -> bool:
    """Dirac's condition on an even vertex set (sufficient for a perfect matching)."""
    n = len(vs)
    if n == 2:
        return allowed(vs[0], vs[1])
    need = n / 2
    for a in vs:
        deg = 0
        for b in vs:
            if b != a and allowed(a, b):
                deg += 1
                if deg >= need:
                    break
        if deg < need:
            return False
    return True
