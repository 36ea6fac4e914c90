"""Benchmark of the standings: median seconds to rank an event with a tie-break list.

    .venv/bin/python bench/bench_standings.py [--sizes 200,1000] [--rounds 11] [--repeat 5] [--seed 1]

A random team event (4 boards, 2/1/0 match points, one PAB per round when
the number is odd, a few forfeits) is generated directly as a
TournamentState (no pairing engine: random opponents each round), then
``engine.standings.standings`` ranks it with the list
BH-C1, SB, ESB, DE, olympiad2007 (when that module is present).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.standings import known_names, standings  # noqa: E402
from engine.state import Colour, Outcome, Participant, RoundRecord, TournamentState  # noqa: E402


def simulate(n: int, rounds: int, rng: random.Random) -> TournamentState:
    histories: dict[int, list[RoundRecord]] = {t: [] for t in range(1, n + 1)}
    for r in range(1, rounds + 1):
        teams = list(histories)
        rng.shuffle(teams)
        if len(teams) % 2:
            bye = teams.pop()
            histories[bye].append(
                RoundRecord(r, Outcome.PAIRING_ALLOCATED_BYE, match_points=1, game_points=2)
            )
        for a, b in zip(teams[::2], teams[1::2], strict=True):
            if rng.random() < 0.01:
                histories[a].append(RoundRecord(r, Outcome.FORFEIT_WIN, b, None, 2, 4))
                histories[b].append(RoundRecord(r, Outcome.FORFEIT_LOSS, a, None, 0, 0))
                continue
            ga = rng.choice([0, 0.5, 1, 1.5, 2, 2, 2.5, 3, 3.5, 4])
            mp = (2, 0) if ga > 2 else (0, 2) if ga < 2 else (1, 1)
            histories[a].append(RoundRecord(r, Outcome.PLAYED, b, Colour.WHITE, mp[0], ga))
            histories[b].append(RoundRecord(r, Outcome.PLAYED, a, Colour.BLACK, mp[1], 4 - ga))
    parts = tuple(Participant(t, name=f"T{t}", history=tuple(h)) for t, h in histories.items())
    return TournamentState(participants=parts, rounds_total=rounds)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="200,1000")
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    names = ["BH-C1", "SB", "ESB", "DE"]
    try:
        from engine.standings import get

        get("olympiad2007")
        names.append("olympiad2007")
    except ValueError:
        pass
    print(f"tie-breaks: {', '.join(names)} (known: {', '.join(known_names())})")
    for n in (int(x) for x in args.sizes.split(",")):
        state = simulate(n, args.rounds, random.Random(args.seed))
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            standings(state, names)
            times.append(time.perf_counter() - start)
        print(f"{n:>5} teams, {args.rounds} rounds: median {statistics.median(times):.3f} s")


if __name__ == "__main__":
    main()
