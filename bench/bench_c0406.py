"""Benchmark of the C.04.6 engine: median seconds and peak memory per round.

    .venv/bin/python bench/bench_c0406.py [--sizes 50,200,1000] [--rounds 2,6,10] [--repeat 3]
                                          [--prefs A|B|none] [--primary MP|GP] [--seed 1]

For each size an 11-round event is simulated: every round is paired with
the engine, match results are drawn from the rating difference (a few
forfeits and absences), and the state before rounds 2, 6 and 10 is kept.
Those rounds are then paired ``--repeat`` times; the median time and the
tracemalloc peak of one run are printed. Targets (2 cores): 200 teams
<= 0.2 s per round, 1,000 teams <= 2 s per round.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.c0406 import pair  # noqa: E402
from engine.state import (  # noqa: E402
    Colour,
    ColourPreferenceType,
    Outcome,
    Participant,
    RoundRecord,
    ScoreKind,
    Scoring,
    TournamentState,
)


def simulate(
    n: int, rounds: int, keep: set[int], seed: int, prefs: ColourPreferenceType, primary: str = "MP"
):
    rng = random.Random(seed)
    teams = tuple(Participant(tpn=i, name=f"T{i}", rating=2700 - i * (1200 / n)) for i in range(1, n + 1))
    state = TournamentState(
        participants=teams,
        rounds_total=rounds,
        colour_preferences=prefs,
        initial_colour=rng.choice([Colour.WHITE, Colour.BLACK]),
        scoring=Scoring(primary=ScoreKind(primary)),
    )
    kept: dict[int, TournamentState] = {}
    rating = {p.tpn: p.rating for p in teams}
    for rnd in range(1, max(keep) + 1):
        absent = frozenset(t for t in rating if rng.random() < 0.01)
        state = replace(state, unavailable=absent)
        if rnd in keep:
            kept[rnd] = state
        if rnd == max(keep):
            break
        rp = pair(state)
        recs: dict[int, RoundRecord] = {}
        for p in rp.pairs:
            w, b = p.white, p.black
            if rng.random() < 0.01:
                recs[w] = RoundRecord(rnd, Outcome.FORFEIT_WIN, b, None, 2.0, 4.0)
                recs[b] = RoundRecord(rnd, Outcome.FORFEIT_LOSS, w, None, 0.0, 0.0)
                continue
            expect = 1 / (1 + 10 ** ((rating[b] - rating[w]) / 400))
            gw = sum(
                1.0 if r < expect * 0.8 else 0.5 if r < expect * 0.8 + 0.3 else 0.0
                for r in (rng.random() for _ in range(4))
            )
            mw = 2.0 if gw > 2 else 1.0 if gw == 2 else 0.0
            recs[w] = RoundRecord(rnd, Outcome.PLAYED, b, Colour.WHITE, mw, gw)
            recs[b] = RoundRecord(rnd, Outcome.PLAYED, w, Colour.BLACK, 2.0 - mw, 4.0 - gw)
        if rp.bye is not None:
            recs[rp.bye] = RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, 1.0, 2.0)
        for t in rating:
            recs.setdefault(t, RoundRecord(rnd, Outcome.ABSENT))
        state = state.with_round(recs)
    return kept


def measure(state: TournamentState, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        pair(state)
        times.append(time.perf_counter() - t0)
    tracemalloc.start()
    pair(state)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return statistics.median(times), peak / 2**20


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="50,200,1000")
    ap.add_argument("--rounds", default="2,6,10")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--prefs", default="A", choices=["A", "B", "none"])
    ap.add_argument("--primary", default="MP", choices=["MP", "GP"], help="primary score (1.2)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rounds = [int(r) for r in args.rounds.split(",")]
    prefs = ColourPreferenceType(args.prefs)
    print(f"C.04.6 engine, colour preferences {prefs.value}, primary score {args.primary}, 11-round events")
    print(f"{'teams':>6} {'round':>5} {'median s':>9} {'peak MiB':>9}")
    for n in (int(s) for s in args.sizes.split(",")):
        t0 = time.perf_counter()
        kept = simulate(n, 11, set(rounds), args.seed, prefs, args.primary)
        sim = time.perf_counter() - t0
        for rnd in rounds:
            med, peak = measure(kept[rnd], args.repeat)
            print(f"{n:>6} {rnd:>5} {med:>9.3f} {peak:>9.1f}", flush=True)
        print(f"{'':>6} (simulating {n} teams up to round {max(rounds)} took {sim:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
