"""Benchmark of the Lim engine: 300 players, 9 rounds, random results.

Prints each round's pairing time in seconds and the maximum (target: any
round <= 0.5 s). Run: ``.venv/bin/python bench/bench_lim.py [players] [rounds] [seed] [--team]``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.api import pair  # noqa: E402
from engine.state import (  # noqa: E402
    Colour,
    Outcome,
    Participant,
    RoundRecord,
    ScoreKind,
    Scoring,
    TournamentState,
)


def simulate(n: int, rounds: int, seed: int, team: bool) -> list[float]:
    rng = random.Random(seed)
    parts = tuple(Participant(tpn=i, rating=2700 - 3 * i) for i in range(1, n + 1))
    scoring = Scoring() if team else Scoring(primary=ScoreKind.GAME_POINTS)
    state = TournamentState(participants=parts, system="lim", team=team, rounds_total=rounds, scoring=scoring)
    times = []
    for rnd in range(1, rounds + 1):
        t0 = time.perf_counter()
        rp = pair(state)
        times.append(time.perf_counter() - t0)
        recs: dict[int, RoundRecord] = {}
        for p in rp.pairs:
            x = rng.random()
            if team:
                w, b = (2.0, 0.0) if x < 0.4 else ((1.0, 1.0) if x < 0.6 else (0.0, 2.0))
            else:
                w = 1.0 if x < 0.4 else (0.5 if x < 0.6 else 0.0)
                b = 1.0 - w
            recs[p.white] = RoundRecord(rnd, Outcome.PLAYED, p.black, Colour.WHITE, w, w)
            recs[p.black] = RoundRecord(rnd, Outcome.PLAYED, p.white, Colour.BLACK, b, b)
        if rp.bye is not None:
            recs[rp.bye] = RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, 1.0, 1.0)
        state = state.with_round(recs)
        print(f"round {rnd}: {times[-1]:.3f} s ({len(rp.pairs)} pairs)")
    return times


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 300
    rounds = int(args[1]) if len(args) > 1 else 9
    seed = int(args[2]) if len(args) > 2 else 1
    team = "--team" in sys.argv
    print(f"Lim, {n} {'teams' if team else 'players'}, {rounds} rounds, seed {seed}")
    times = simulate(n, rounds, seed, team)
    print(f"max: {max(times):.3f} s (target <= 0.5 s)")


if __name__ == "__main__":
    main()
