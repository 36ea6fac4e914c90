"""Maximum matchings on the compatibility graph of a score-group.

The Lim text pairs by scrutiny and exchanges (Lim 11); these helpers only
answer "can the rest still be paired?" so that the exchange search never
walks into a dead end it would have to back out of. They never choose a
pairing themselves: the choice is always the exchange order's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import rustworkx as rx

Compat = Callable[[int, int], bool]


def greedy(nodes: Sequence[int], compat: Compat) -> dict[int, int]:
    mate: dict[int, int] = {}
    for i, a in enumerate(nodes):
        if a in mate:
            continue
        for b in nodes[i + 1 :]:
            if b not in mate and compat(a, b):
                mate[a] = b
                mate[b] = a
                break
    return mate


def maximum(nodes: Sequence[int], compat: Compat, required: frozenset[int] = frozenset()) -> dict[int, int]:
    """A maximum-cardinality matching; among those, one covering most of ``required``."""
    nodes = list(nodes)
    if not required:
        mate = greedy(nodes, compat)
        if len(mate) >= len(nodes) - 1:
            return mate
    g = rx.PyGraph()
    g.add_nodes_from(nodes)
    for i, a in enumerate(nodes):
        for j in range(i + 1, len(nodes)):
            b = nodes[j]
            if compat(a, b):
                g.add_edge(i, j, 1 + (a in required) + (b in required))
    found = rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)
    mate = {}
    for i, j in found:
        mate[nodes[i]] = nodes[j]
        mate[nodes[j]] = nodes[i]
    return mate


def size(nodes: Sequence[int], compat: Compat) -> int:
    return len(maximum(nodes, compat)) // 2


def unpaired_in_scrutiny_order(order: Sequence[int], compat: Compat) -> list[int]:
    """Who cannot be paired, read from the top of the scrutiny order (Lim 11.4).

    Each player in turn is kept in the pairing if a maximum pairing still
    covers him and everyone kept before him; otherwise he is floated. (The
    coverable sets form a matroid, so this greedy reading is well defined.)
    """
    target = size(order, compat) * 2
    kept: set[int] = set()
    for p in order:
        if len(kept) == target:
            break
        trial = frozenset(kept | {p})
        mate = maximum(order, compat, required=trial)
        if all(x in mate for x in trial):
            kept.add(p)
    return [p for p in order if p not in kept]


class PerfectOracle:
    """Answers "does the rest have a complete pairing?" while pairs are fixed one by one.

    Keeps one complete pairing ``mate`` of the current rest; most questions
    are answered from it (the pair is in it, or the two freed partners are
    compatible, or a short alternating path joins them) and only the rest go
    to the blossom algorithm.
    """

    def __init__(self, nodes: Sequence[int], compat: Compat) -> None:
        self.compat = compat
        self.rest = set(nodes)
        mate = maximum(list(nodes), compat)
        self.mate: dict[int, int] | None = mate if len(mate) == len(self.rest) else None

    @property
    def feasible(self) -> bool:
        return self.mate is not None

    def _short_path(self, mate: dict[int, int], x: int, y: int) -> dict[int, int] | None:
        """Augment x..y by a path x-u=v-y (u, v matched to each other)."""
        for u in self.rest:
            if u in (x, y) or u not in mate or not self.compat(x, u):
                continue
            v = mate[u]
            if v not in (x, y) and self.compat(v, y):
                new = dict(mate)
                new[x], new[u] = u, x
                new[v], new[y] = y, v
                return new
        return None

    def try_fix(self, a: int, b: int) -> bool:
        """Fix the pair a-b if the rest can still be completely paired."""
        if self.mate is None:
            return False
        mate = self.mate
        rest = self.rest - {a, b}
        if mate[a] == b:
            new = {k: v for k, v in mate.items() if k not in (a, b)}
        else:
            ma, mb = mate[a], mate[b]
            new = {k: v for k, v in mate.items() if k not in (a, b, ma, mb)}
            if self.compat(ma, mb):
                new[ma], new[mb] = mb, ma
            else:
                self.rest = rest
                path = self._short_path(new, ma, mb)
                if path is None:
                    full = maximum(sorted(rest), self.compat)
                    path = full if len(full) == len(rest) else None
                if path is None:
                    self.rest = rest | {a, b}
                    return False
                new = path
        self.rest = rest
        self.mate = new
        return True
