"""Score groups: the participants with the same score, the highest score first.

Every Swiss text pairs score group by score group (C.04.6 1.3.1 "scoregroup";
Olympiad 1998 rule 16; Dubov 6; Lim 9.2). Where each system starts, in
which order it visits the groups and how it lists a group's members is its
own; the grouping itself is this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")


def scoregroups(members: Iterable[T], score: Callable[[T], float]) -> dict[float, list[T]]:
    """``members`` grouped by ``score``: highest score first, each group in the order of ``members``."""
    groups: dict[float, list[T]] = {}
    for m in members:
        groups.setdefault(score(m), []).append(m)
    return {s: groups[s] for s in sorted(groups, reverse=True)}
