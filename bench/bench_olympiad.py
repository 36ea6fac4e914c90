"""Benchmark: the Olympiad pairing of 180 teams over 11 rounds.

Results are simulated from the teams' ratings; every round's pairing time
and the maximum are printed (target: every round within 0.5 s).

    .venv/bin/python bench/bench_olympiad.py [--teams 180] [--rounds 11] [--version 2007] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import api  # noqa: E402
from engine.olympiad.simulate import simulate_round  # noqa: E402
from engine.state import Colour, Participant, ScoreKind, Scoring, TournamentState  # noqa: E402


def make_state(teams: int, rounds: int, version: str, seed: int) -> TournamentState:
    rng = random.Random(seed)
    ratings = sorted((rng.gauss(2200, 250) for _ in range(teams)), reverse=True)
    parts = tuple(
        Participant(tpn=i + 1, name=f"T{i + 1:03d}", rating=round(r)) for i, r in enumerate(ratings)
    )
    primary = ScoreKind.GAME_POINTS if version == "1998" else ScoreKind.MATCH_POINTS
    return TournamentState(
        participants=parts,
        system="olympiad",
        rounds_total=rounds,
        boards=4,
        initial_colour=Colour.WHITE,
        scoring=Scoring(primary=primary),
        options={"version": version},
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--teams", type=int, default=180)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--version", default="2007", choices=["1998", "2007"])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    state = make_state(args.teams, args.rounds, args.version, args.seed)
    rng = random.Random(args.seed)
    times = []
    for rnd in range(1, args.rounds + 1):
        t0 = time.perf_counter()
        pairing = api.pair(state)
        dt = time.perf_counter() - t0
        times.append(dt)
        print(f"round {rnd:2d}: {dt * 1000:8.1f} ms  ({len(pairing.pairs)} pairs, bye {pairing.bye})")
        state = simulate_round(state, pairing, rng)
    print(
        f"max: {max(times) * 1000:.1f} ms  total: {sum(times) * 1000:.1f} ms  (version {args.version}, {args.teams} teams)"
    )


if __name__ == "__main__":
    main()
