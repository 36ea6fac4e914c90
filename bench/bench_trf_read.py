"""Benchmark of the TRF-2026 reader: median seconds to read a large team file.

    .venv/bin/python bench/bench_trf_read.py [--teams 999] [--rounds 11] [--boards 4]
                                             [--repeat 9] [--seed 1] [--file FILE.trf]

A C.04.6 event of ``--teams`` teams is generated with the engine's generator
(``engine.generator``, seeded) and ``--rounds`` rounds are played; it is
written as TRF-2026 with one more round to go (``142`` = rounds + 1), so the
file is what ``python -m engine --team FILE -p`` gets before the next round.
``--file`` reads an existing file instead. The file is then read
``--repeat`` times with ``engine.trf.read`` (every check the command line
makes); the median and best wall time and the median CPU time are printed,
then the median time of pairing the next round (``engine.api.pair``) and the
reading's share of the whole round (read + pair).

999 teams is the largest team event TRF-2026 can carry: record ``310``
numbers teams 1 to 999 (columns 5-7), see docs/engine-cli.md.
Target: reading 999 teams, 11 rounds, at least 3 times faster than the
0.34 s (median) the reader took before it was reworked (issue 11, section 6).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import api, generator, trf  # noqa: E402


def build(teams: int, rounds: int, boards: int, seed: int) -> str:
    config = generator.GeneratorConfig(participants=teams, rounds=rounds, boards=boards)
    state, games = generator.generate("c0406", config, seed)
    return trf.write(replace(state, rounds_total=rounds + 1), games)


def timed(fn, repeat: int) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--teams", type=int, default=999)
    ap.add_argument("--rounds", type=int, default=11, help="rounds played in the file")
    ap.add_argument("--boards", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", help="read this TRF-2026 file instead of generating one")
    args = ap.parse_args()

    if args.file:
        text = Path(args.file).read_text(encoding="utf-8")
        source = args.file
    else:
        t0 = time.perf_counter()
        text = build(args.teams, args.rounds, args.boards, args.seed)
        source = (
            f"generated: {args.teams} teams, {args.boards} boards, {args.rounds} rounds played, "
            f"seed {args.seed} ({time.perf_counter() - t0:.1f} s)"
        )
    doc = trf.read(text)  # warm-up, and the state to pair
    state = doc.state
    print(f"TRF-2026 reader, {source}")
    print(
        f"file: {len(text.splitlines())} lines, {len(text.encode()) / 2**20:.2f} MiB; "
        f"{len(state.participants)} teams, {state.rounds_played} rounds played"
    )
    wall, cpu = timed(lambda: trf.read(text), args.repeat)
    read_med = statistics.median(wall)
    print(f"{'':<14} {'median s':>9} {'best s':>9} {'median CPU s':>13}")
    print(f"{'read':<14} {read_med:>9.3f} {min(wall):>9.3f} {statistics.median(cpu):>13.3f}", flush=True)
    if state.rounds_played < state.rounds_total:
        pw, pc = timed(lambda: api.pair(state), max(3, args.repeat // 3))
        pair_med = statistics.median(pw)
        print(f"{'pair next':<14} {pair_med:>9.3f} {min(pw):>9.3f} {statistics.median(pc):>13.3f}")
        print(f"reading is {read_med / (read_med + pair_med):.0%} of a round (read + pair)")


if __name__ == "__main__":
    main()
