"""Measure how often the Dubov rows (6.2-6.3) pair White against White (or Black against Black).

Run: .venv/bin/python bench/dubov_rows.py [events] [seed]
Plays the random events of ``bench/dubov_relaxation.py`` (2-14 players, 1-8
rounds, individual and team) and, for every scoregroup the rows of 6.2 pair,
counts the same-colour pairs the engine made there (6.3, last paragraph)
and the fewest the rows themselves allow: the same-colour pairs of a
largest pairing of the rows, under the limitations of chapter 2, that has
the most White-against-Black pairs (a maximum-weight matching; in a
relaxed round, with the limitations the engine set aside). A same-colour pair beyond that minimum is
one that a change of earlier rows would have avoided (6.3 orders that
change first), unless the rest of the round forbids it. Prints rounds,
scoregroups with rows, same-colour pairs made, and those beyond the rows'
minimum.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.dubov_relaxation import event  # noqa: E402
from engine.common.pairable import maximum_matching  # noqa: E402
from engine.dubov.limits import Limits  # noqa: E402
from engine.dubov.profile import profiles  # noqa: E402
from engine.dubov.relaxation import ART_DIFFERENCE, ART_THIRD, ART_UPFLOAT, Departures  # noqa: E402


def fewest_same_colour(adj: dict[int, set[int]], whites: list[int], blacks: list[int]) -> int:
    """Same-colour pairs in a largest pairing of the rows with the most White-against-Black pairs."""
    nodes = whites + blacks
    white = set(whites)
    cross = len(nodes) + 1
    edges = [
        (a, b, 1 + cross * ((a in white) != (b in white)))
        for i, a in enumerate(nodes)
        for b in nodes[i + 1 :]
        if b in adj[a]
    ]
    mate = maximum_matching(nodes, edges)
    return sum(1 for a, b in mate.items() if a < b and (a in white) == (b in white))


def departures(pairing) -> Departures:
    """The limitations the engine set aside this round, for whom (its relaxation Steps)."""
    given = {s.article: frozenset(s.data["exempt"]) for s in pairing.explanation if s.topic == "relaxation"}
    return Departures(
        given.get(ART_DIFFERENCE, frozenset()),
        given.get(ART_THIRD, frozenset()),
        given.get(ART_UPFLOAT, frozenset()),
    )


def main() -> None:
    events = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    rounds = groups = same = beyond = rounds_beyond = 0
    for _ in range(events):
        for state, pairing in event(rng):
            if pairing is None or state.rounds_played == 0:
                continue
            rounds += 1
            tpns = [p.tpn for p in state.to_be_paired()]
            adj = Limits(state, profiles(state), departures=departures(pairing)).adjacency(tpns)
            beyond_here = 0
            current = None
            made = 0
            for s in pairing.explanation + [None]:
                if s is None or s.topic in ("rows", "scoregroup"):
                    if current is not None:
                        whites, blacks = current
                        fewest = fewest_same_colour(adj, whites, blacks)
                        same += made
                        beyond_here += max(0, made - fewest)
                    current, made = None, 0
                    if s is not None and s.topic == "rows":
                        current = (s.data["whites"], s.data["blacks"])
                        groups += 1
                elif current is not None and s.topic == "pairing" and "can meet no" in s.message:
                    made += 1
            beyond += beyond_here
            rounds_beyond += beyond_here > 0
    print(f"{events} events, {rounds} rounds after the first, {groups} scoregroups paired by rows")
    print(f"  same-colour pairs made by 6.3:                  {same}")
    print(f"  beyond the fewest the rows allow:               {beyond} (in {rounds_beyond} rounds)")


if __name__ == "__main__":
    main()
