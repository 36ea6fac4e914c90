"""Legal-pairing existence (C.04.6 3.1.1 [C1], 2.2.1 [C3]) for a set of teams.

``certified`` is a cheap sufficient condition (Dirac: in a set of m >= 4
teams, if every team may meet at least m/2 of the others, the set has a
legal pairing); ``matchable`` answers exactly, trying the certificate first.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from engine.c0406.context import Context
from engine.matching import LexMatching


def certified(ctx: Context, teams: Collection[int]) -> bool:
    """Dirac's sufficient condition for a legal pairing of ``teams``."""
    m = len(teams)
    if m % 2:
        return False
    if m == 0:
        return True
    members = teams if isinstance(teams, (set, frozenset)) else set(teams)
    if m == 2:
        a, b = tuple(members)
        return ctx.compatible(a, b)
    limit = m / 2 - 1  # conflicts allowed: degree m-1-conflicts >= m/2
    conflicts = ctx.conflicts
    for t in members:
        c = conflicts[t]
        if len(c) > limit and sum(1 for o in c if o in members) > limit:
            return False
    return True


def certified_without(ctx: Context, teams: set[int]) -> Callable[[int], bool]:
    """``certified(ctx, teams - {t})`` for every ``t`` of ``teams``, without building each set.

    Removing ``t`` leaves ``m = len(teams) - 1`` teams, so every set has the same
    limit of conflicts; a team ``u`` breaks the condition unless it is ``t``, or
    exceeds the limit by exactly one conflict and ``t`` is one of its conflicts.
    So the teams that exceed the limit are found once, and each ``t`` is checked
    against them only (3.4.1 for every candidate of the bye in one pass).
    """
    m = len(teams) - 1
    if m % 2 or m <= 2:
        return lambda t: certified(ctx, teams - {t})
    limit = m // 2 - 1
    conflicts = ctx.conflicts
    over: list[int] = []  # more than limit + 1 conflicts in teams: fail unless removed
    edge: list[int] = []  # exactly limit + 1: fail unless removed or in conflict with the removed
    for u in teams:
        c = conflicts[u]
        if len(c) > limit:
            n = sum(1 for o in c if o in teams)
            if n > limit + 1:
                over.append(u)
            elif n == limit + 1:
                edge.append(u)
    if len(over) > 1:
        return lambda t: False

    def without(t: int) -> bool:
        return all(u == t for u in over) and all(u == t or t in conflicts[u] for u in edge)

    return without


def refuted(ctx: Context, teams: Collection[int]) -> bool:
    """A cheap proof that ``teams`` have no legal pairing: an odd number, or a
    team that has met every other one."""
    m = len(teams)
    if m % 2:
        return True
    members = teams if isinstance(teams, (set, frozenset)) else set(teams)
    for t in members:
        c = ctx.conflicts[t]
        if len(c) >= m - 1 and all(o in c for o in members if o != t):
            return True
    return False


EXACT_LIMIT = 24


def decide(ctx: Context, teams: Collection[int]) -> bool | None:
    """True / False when a legal pairing of ``teams`` provably exists / does not;
    None when the cheap tests cannot tell (sets larger than ``EXACT_LIMIT``)."""
    if refuted(ctx, teams):
        return False
    if certified(ctx, teams):
        return True
    if len(teams) <= EXACT_LIMIT:
        return LexMatching(teams, legal_edges(ctx, teams)).optimum() is not None
    return None


def legal_edges(ctx: Context, teams: Collection[int]) -> dict[tuple[int, int], tuple[int, ...]]:
    ts = sorted(teams)
    conflicts = ctx.conflicts
    return {(a, b): () for i, a in enumerate(ts) for b in ts[i + 1 :] if b not in conflicts[a]}


def matchable(ctx: Context, teams: Collection[int]) -> bool:
    """Whether ``teams`` admit a pairing complying with C1 (exact)."""
    if len(teams) % 2:
        return False
    if certified(ctx, teams):
        return True
    return LexMatching(teams, legal_edges(ctx, teams)).optimum() is not None
