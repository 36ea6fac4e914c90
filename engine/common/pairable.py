"""Maximum pairings of a compatibility graph (Edmonds' blossom algorithm, rustworkx).

Every system must at times ask whether the participants still to be paired
can all be paired (C.04.6 3.3.3 "the pairing is impossible"; Olympiad 1998
rules 26, 30, 36 "the subgroup is unsolvable"; Dubov 9 "proceed wisely";
Lim 11.4). The answer is a maximum-cardinality matching of the graph whose
vertices are the participants and whose edges are the pairs their rules
allow. Which maximum matching is returned depends on the order of the
vertices and edges; callers that rely on a particular one keep their order.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

import rustworkx as rx

N = TypeVar("N", bound=Hashable)


def maximum_matching(nodes: Sequence[N], edges: Iterable[tuple[N, N, int]]) -> dict[N, N]:
    """A maximum-cardinality matching of ``nodes`` and, among those, one of greatest weight.

    ``edges`` are ``(a, b, weight)`` with ``a`` and ``b`` among ``nodes`` and an
    integer weight (give 1 everywhere for cardinality alone). Nodes are
    usually TPNs; any hashable will do (a placeholder for "floats out").
    Returns the partner of every matched node, both ways.
    """
    index = {n: i for i, n in enumerate(nodes)}
    g = rx.PyGraph()
    g.add_nodes_from(list(nodes))
    g.add_edges_from([(index[a], index[b], w) for a, b, w in edges])
    mate: dict[N, N] = {}
    for i, j in rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w):
        mate[nodes[i]] = nodes[j]
        mate[nodes[j]] = nodes[i]
    return mate
