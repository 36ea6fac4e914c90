"""Two-sided matchings by augmenting paths (Kuhn's method), for the systems' feasibility questions.

Dubov 6.2/6.3 asks how many Whites of the rows can get a Black; Lim 10.3/10.4 asks
whether some floaters can all be given distinct opponents in the adjacent
score-group. Both are a matching between two lists under a compatibility test:
the left side is taken in its order, the right side tried in its order, so the
matching found is always the same one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Compatible = Callable[[int, int], bool]


def _augment(
    u: int, right: Sequence[int], compatible: Compatible, owner: dict[int, int], seen: set[int]
) -> bool:
    for v in right:
        if v in seen or not compatible(u, v):
            continue
        seen.add(v)
        if v not in owner or _augment(owner[v], right, compatible, owner, seen):
            owner[v] = u
            return True
    return False


def bipartite_matching(left: Sequence[int], right: Sequence[int], compatible: Compatible) -> dict[int, int]:
    """A maximum matching of ``left`` with ``right``: {right member: its left partner}."""
    owner: dict[int, int] = {}
    for u in left:
        _augment(u, right, compatible, owner, set())
    return owner


def matches_every(left: Sequence[int], right: Sequence[int], compatible: Compatible) -> bool:
    """Can every member of ``left`` get a distinct compatible partner from ``right``?"""
    owner: dict[int, int] = {}
    return all(_augment(u, right, compatible, owner, set()) for u in left)
