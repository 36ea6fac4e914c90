"""Completion check: can the participants still unpaired all be paired?

The Dubov text pairs greedily, group by group, and trusts the arbiter to
"proceed wisely" (Dubov 9) when a choice would leave someone unpairable. The
engine makes every choice through this check: a choice is taken only if the
rest can still be paired (or, inside one score group, still reaches the
group's largest number of pairs). It keeps one maximum matching of the
remaining players and repairs it cheaply when a choice departs from it;
only when the cheap repair fails it recomputes (rustworkx, Edmonds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import rustworkx as rx


class Completion:
    """A maximum matching of ``nodes`` under ``compatible``, kept as choices are made."""

    def __init__(
        self,
        nodes: Iterable[int],
        compatible: Callable[[int, int], bool] | None = None,
        adj: dict[int, set[int]] | None = None,
    ) -> None:
        """Either ``compatible`` (a predicate) or ``adj`` (neighbour sets) gives the edges."""
        self.nodes: set[int] = set(nodes)
        order = sorted(self.nodes)
        if adj is not None:
            self.adj = {n: adj[n] & self.nodes for n in order}
        else:
            assert compatible is not None
            self.adj = {n: set() for n in order}
            for i, a in enumerate(order):
                for b in order[i + 1 :]:
                    if compatible(a, b):
                        self.adj[a].add(b)
                        self.adj[b].add(a)
        self.mate: dict[int, int] = self._solve(self.nodes)
        self.target = len(self.mate) // 2  # pairs the remaining nodes can still reach

    # -- matching ------------------------------------------------------------
    def _solve(self, nodes: set[int]) -> dict[int, int]:
        order = sorted(nodes)
        index = {n: i for i, n in enumerate(order)}
        g = rx.PyGraph()
        g.add_nodes_from(order)
        g.add_edges_from_no_data(
            [(index[a], index[b]) for a in order for b in self.adj[a] if b in index and a < b]
        )
        mate: dict[int, int] = {}
        for i, j in rx.max_weight_matching(g, max_cardinality=True):
            mate[order[i]] = order[j]
            mate[order[j]] = order[i]
        return mate

    @property
    def perfect(self) -> bool:
        return 2 * self.target == len(self.nodes)

    def can_pair(self, a: int, b: int) -> bool:
        return b in self.adj.get(a, ())

    # -- choices -------------------------------------------------------------
    def fix(self, a: int, b: int) -> bool:
        """Pair ``a`` with ``b`` if the rest still reaches ``target - 1`` pairs."""
        if a not in self.nodes or b not in self.nodes or not self.can_pair(a, b):
            return False
        mate = dict(self.mate)
        ma, mb = mate.pop(a, None), mate.pop(b, None)
        if ma is not None and ma != b:
            mate.pop(ma, None)
        if mb is not None and mb != a:
            mate.pop(mb, None)
        if ma is not None and mb is not None and ma != b:
            self._repair(mate, ma, mb)
        rest = self.nodes - {a, b}
        if len(mate) // 2 < self.target - 1:
            mate = self._solve(rest)
            if len(mate) // 2 < self.target - 1:
                return False
        self.nodes = rest
        self.mate = mate
        self.target -= 1
        return True

    def _repair(self, mate: dict[int, int], u: int, v: int) -> None:
        """Match the exposed ``u`` and ``v`` again: directly, or through one matched pair."""
        if self.can_pair(u, v):
            mate[u], mate[v] = v, u
            return
        adj_v = self.adj[v]
        for x in self.adj[u]:
            y = mate.get(x)
            if y is not None and y in adj_v:
                mate[u], mate[x], mate[v], mate[y] = x, u, y, v
                return

    def remove(self, x: int) -> bool:
        """Take ``x`` out (bye, floater) if the rest still reaches ``target`` pairs."""
        if x not in self.nodes:
            return False
        rest = self.nodes - {x}
        mate = dict(self.mate)
        mx = mate.pop(x, None)
        if mx is not None:
            mate.pop(mx, None)
            free = [y for y in self.adj[mx] if y in rest and y not in mate]
            if free:
                mate[mx], mate[free[0]] = free[0], mx
            else:
                mate = self._solve(rest)
        if len(mate) // 2 < self.target:
            return False
        self.nodes = rest
        self.mate = mate
        return True

    def could_remove(self, x: int) -> bool:
        """Whether ``remove(x)`` would succeed, without removing."""
        keep_nodes, keep_mate = set(self.nodes), dict(self.mate)
        ok = self.remove(x)
        self.nodes, self.mate = keep_nodes, keep_mate
        return ok

    def could_fix(self, a: int, b: int) -> bool:
        keep = (set(self.nodes), dict(self.mate), self.target)
        ok = self.fix(a, b)
        self.nodes, self.mate, self.target = keep
        return ok
