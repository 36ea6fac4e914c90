"""Hand amendments of an engine's pairing, drawn at random, for the checkers' property tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.result import Pair, RoundPairing


def random_amendments(engine: RoundPairing, rng: random.Random, tries: int = 4) -> Iterator[RoundPairing]:
    """Up to ``tries`` amendments of ``engine``: two pairs exchange opponents, or one pair swaps
    colours; those that come back to the engine's pairing are left out."""
    for _ in range(tries):
        pairs = list(engine.pairs)
        i, j = rng.sample(range(len(pairs)), 2)
        a, b, c, d = pairs[i].white, pairs[i].black, pairs[j].white, pairs[j].black
        pairs[i], pairs[j] = (Pair(a, d), Pair(c, b)) if rng.random() < 0.5 else (Pair(b, a), pairs[j])
        given = RoundPairing(engine.round, pairs, bye=engine.bye)
        if not given.same_pairing_as(engine):
            yield given
