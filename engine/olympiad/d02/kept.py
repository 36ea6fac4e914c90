"""Kept Pairings (D.02 8.4, 9.5): how many pairings a group keeps.

A group pairs as many of its own teams as it can while every team not yet
paired can still be paired in the round (the rest float, one group towards
the Median Group, 6.4). "Can still be paired" asks only 6.1 (no two teams
meet twice): the colour limits of 7.3 yield to 7.4. The answer is a
heaviest perfect matching of every team still unpaired, a pairing inside the
group weighing more than any other; every step of the group's pairing must
still reach the same number.

Most questions are answered without the matching: once the teams outside
the group are at least ``2 * (most teams one team has met) + 2``, any set of
them with the group's leftovers can be paired (Dirac), so only the group's
own largest pairing counts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.common.pairable import maximum_matching

Ok = Callable[[int, int], bool]


def _largest(nodes: list[int], ok: Ok) -> int:
    """The number of pairs of a largest pairing of ``nodes`` under ``ok``."""
    if len(nodes) < 2:
        return 0
    mate: set[int] = set()
    pairs = 0
    for i, a in enumerate(nodes):
        if a in mate:
            continue
        for b in nodes[i + 1 :]:
            if b not in mate and ok(a, b):
                mate |= {a, b}
                pairs += 1
                break
    if pairs == len(nodes) // 2:
        return pairs
    edges = [(a, b, 1) for i, a in enumerate(nodes) for b in nodes[i + 1 :] if ok(a, b)]
    return len(maximum_matching(nodes, edges)) // 2


class Kept:
    """Answers "how many pairings can this group keep" for one round.

    ``met`` maps every team to the teams it may not meet (6.1).
    """

    def __init__(self, met: dict[int, frozenset[int]]) -> None:
        self.met = met
        self.robust_size = 2 * max((len(m) for m in met.values()), default=0) + 2
        self.calls = 0

    def free(self, a: int, b: int) -> bool:
        return b not in self.met[a]

    def pairable(self, nodes: Iterable[int]) -> bool:
        """Can ``nodes`` all be paired among themselves (6.1 only)?"""
        nodes = sorted(nodes)
        if len(nodes) % 2:
            return False
        if len(nodes) >= self.robust_size:
            return True
        return 2 * _largest(nodes, self.free) == len(nodes)

    def best(self, inner: Iterable[int], outside: Iterable[int], ok: Ok) -> int | None:
        """The most pairs under ``ok`` among ``inner`` such that the teams of ``inner`` left
        over and ``outside`` (the floaters already chosen, the groups still to pair) can all
        be paired; None when no complete pairing of all of them exists."""
        self.calls += 1
        inner = sorted(inner)
        outside = sorted(outside)
        largest = _largest(inner, ok)
        if len(outside) >= self.robust_size and (len(inner) + len(outside)) % 2 == 0:
            return largest
        if 2 * largest == len(inner) and self.pairable(outside):
            return largest
        nodes = inner + outside
        if len(nodes) % 2:
            return None
        inside = set(inner)
        edges = []
        for i, a in enumerate(nodes):
            for b in nodes[i + 1 :]:
                if self.free(a, b):
                    heavy = a in inside and b in inside and ok(a, b)
                    edges.append((a, b, 2 if heavy else 1))
        mate = maximum_matching(nodes, edges)
        if len(mate) != len(nodes):
            return None
        return sum(1 for a, b in mate.items() if a < b and a in inside and b in inside and ok(a, b))
