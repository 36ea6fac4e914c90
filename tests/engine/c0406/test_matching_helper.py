"""engine.matching.LexMatching: the greedy lexicographic choices among the optimal
perfect matchings equal a brute-force enumeration, also when the windows of
decisions are forced to be small (many calls)."""

from __future__ import annotations

import random

import pytest

import engine.matching as matching
from engine.matching import LexMatching, has_perfect_matching


def _matchings(vs, edges):
    if not vs:
        yield []
        return
    a, rest = vs[0], vs[1:]
    for i, b in enumerate(rest):
        if (a, b) in edges:
            for m in _matchings(rest[:i] + rest[i + 1 :], edges):
                yield [(a, b), *m]


def _brute(vs, edges):
    def key(m):
        cost = tuple(sum(edges[e][k] for e in m) for k in range(2))
        m = sorted(m)
        return (cost, [a for a, _ in m] + [b for _, b in m])

    ms = list(_matchings(vs, edges))
    return sorted(min(ms, key=key)) if ms else None


@pytest.mark.parametrize("total_bits", [matching.TOTAL_BITS, 26])
def test_lexmatching_first_identifier_among_optimal_matchings_equals_brute_force(monkeypatch, total_bits):
    monkeypatch.setattr(matching, "TOTAL_BITS", total_bits)
    rng = random.Random(7)
    for _ in range(300):
        n = rng.choice([2, 4, 6, 8, 10])
        vs = sorted(rng.sample(range(1, 30), n))
        edges = {
            (a, b): (rng.choice([0, 0, 1]), rng.choice([0, 1, 2]))
            for i, a in enumerate(vs)
            for b in vs[i + 1 :]
            if rng.random() < 0.75
        }
        expected = _brute(vs, edges)
        lm = LexMatching(vs, edges)
        if lm.optimum() is None:
            assert expected is None
            continue
        lm.fix_classes(vs, lambda v, u: u > v, max_preferred=n // 2, max_other=n // 2)
        rank = {v: i for i, v in enumerate(vs)}
        tops = [v for v in vs if lm.matching()[v] > v]
        lm.fix_partners(tops, lambda v, u, rank=rank: rank[u])
        mate = lm.matching()
        assert sorted((t, mate[t]) for t in tops) == expected


def test_has_perfect_matching_answers_exactly():
    assert has_perfect_matching([1, 2, 3, 4], lambda a, b: {a, b} != {1, 2})
    assert not has_perfect_matching([1, 2, 3, 4], lambda a, b: 2 in (a, b))  # a star
    assert not has_perfect_matching([1, 2, 3], lambda a, b: True)
