"""D.02 8.4 / 9.5, Kept Pairings: the engine's count equals an exhaustive count on small rounds."""

from __future__ import annotations

import random

import pytest

from engine.olympiad.d02.kept import Kept


def _exhaustive(nodes: list[int], inner: set[int], free, ok) -> int | None:
    """The most pairs under ``ok`` inside ``inner`` over every complete pairing of ``nodes`` (None: none)."""
    if not nodes:
        return 0
    first, rest = nodes[0], nodes[1:]
    best = None
    for other in rest:
        if not free(first, other):
            continue
        sub = _exhaustive([t for t in rest if t != other], inner, free, ok)
        if sub is None:
            continue
        gain = 1 if first in inner and other in inner and ok(first, other) else 0
        best = sub + gain if best is None else max(best, sub + gain)
    return best


@pytest.mark.parametrize("seed", range(40))
def test_d02_9_5_kept_pairings_equal_an_exhaustive_count(seed):
    rng = random.Random(seed)
    n = rng.choice([4, 6, 8, 10])
    teams = list(range(1, n + 1))
    met = {t: set() for t in teams}
    for a in teams:
        for b in teams:
            if a < b and rng.random() < 0.35:
                met[a].add(b)
                met[b].add(a)
    barred = {frozenset(p) for p in (rng.sample(teams, 2) for _ in range(2))}  # as if 7.3 barred them

    def free(a, b):
        return b not in met[a]

    def ok(a, b):
        return free(a, b) and frozenset((a, b)) not in barred

    inner = set(rng.sample(teams, rng.randint(1, n)))
    outside = [t for t in teams if t not in inner]
    kept = Kept({t: frozenset(m) for t, m in met.items()})
    assert kept.best(inner, outside, ok) == _exhaustive(teams, inner, free, ok)
