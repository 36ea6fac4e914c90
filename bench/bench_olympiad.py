"""Benchmark: the Olympiad pairing of 180 teams over 11 rounds.

Results are simulated from the teams' ratings; every round's pairing time
and the maximum are printed (target: every round within 0.5 s). With
``--check N``, N hand-amended proposals per round (two pairs' opponents
swapped) are also checked (``engine.olympiad.violations``: the reason the
rules prefer the engine's pairing) and the slowest check is printed.

    .venv/bin/python bench/bench_olympiad.py [--teams 180] [--rounds 11] [--version 2007|2022] [--seed 1] [--check 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import api  # noqa: E402
from engine.olympiad import violations  # noqa: E402
from engine.olympiad.simulate import simulate_round  # noqa: E402
from engine.result import Pair, RoundPairing  # noqa: E402
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
    ap.add_argument("--version", default="2007", choices=["1998", "2007", "2022"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", type=int, default=0, help="proposals checked per round")
    args = ap.parse_args()
    state = make_state(args.teams, args.rounds, args.version, args.seed)
    rng = random.Random(args.seed)
    check_rng = random.Random(args.seed + 1)  # the proposals do not change the simulated results
    times, checks = [], []
    for rnd in range(1, args.rounds + 1):
        t0 = time.perf_counter()
        pairing = api.pair(state)
        dt = time.perf_counter() - t0
        times.append(dt)
        line = f"round {rnd:2d}: {dt * 1000:8.1f} ms  ({len(pairing.pairs)} pairs, bye {pairing.bye})"
        if args.check:
            worst = max(time_check(state, pairing, check_rng) for _ in range(args.check))
            checks.append(worst)
            line += f"  check: {worst * 1000:7.1f} ms (slowest of {args.check})"
        print(line)
        state = simulate_round(state, pairing, rng)
    print(
        f"max: {max(times) * 1000:.1f} ms  total: {sum(times) * 1000:.1f} ms  (version {args.version}, {args.teams} teams)"
        + (f"  check max: {max(checks) * 1000:.1f} ms" if checks else "")
    )


def time_check(state: TournamentState, pairing: RoundPairing, rng: random.Random) -> float:
    """Seconds to check a proposal with two pairs' opponents swapped (a reason must come back)."""
    pairs = list(pairing.pairs)
    i, j = rng.sample(range(len(pairs)), 2)
    a, b = pairs[i], pairs[j]
    pairs[i], pairs[j] = Pair(a.white, b.black), Pair(b.white, a.black)
    proposal = RoundPairing(round=pairing.round, pairs=pairs, bye=pairing.bye)
    t0 = time.perf_counter()
    found = violations(state, proposal)
    dt = time.perf_counter() - t0
    if not found:
        raise SystemExit(f"round {pairing.round}: a proposal that differs got no reason")
    return dt


if __name__ == "__main__":
    main()
