"""Maximum matchings on the compatibility graph of a score-group.

The Lim text pairs by scrutiny and exchanges (Lim 11); these helpers only
answer "can the rest still be paired?" so that the exchange search never
walks into a dead end it would have to back out of. They never choose a
pairing themselves: the choice is always the exchange order's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.common.pairable import maximum_matching

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
    edges = [
        (a, nodes[j], 1 + (a in required) + (nodes[j] in required))
        for i, a in enumerate(nodes)
        for j in range(i + 1, len(nodes))
        if compat(a, nodes[j])
    ]
    return maximum_matching(nodes, edges)


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
