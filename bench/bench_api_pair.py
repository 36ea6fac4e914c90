"""Benchmark of ``engine.api.pair`` on a 999-team C.04.6 event, against another checkout of the engine.

    .venv/bin/python bench/bench_api_pair.py [--teams 999] [--played 11] [--rounds 2,6,10,12]
                                             [--repeat 9] [--runs 3] [--seed 1] [--before DIR]

A C.04.6 event of ``--teams`` teams (4 boards) is generated with this
checkout's generator (``engine.generator``, seeded) and ``--played`` rounds
are played; the states before each round of ``--rounds`` are kept (round
``played + 1`` is the next round, the state ``bench/bench_trf_read.py`` pairs
after reading its file). Each round is then paired ``--repeat`` times in a
fresh process, twice: ``pair`` alone (``api.pair(state)``, the pairs: what
the generator, the round trips and the checker's history ask), and ``read``
(``api.pair(state).to_dict()``: the pairs and the whole explanation, what
the site stores and the command line's ``-e`` prints). The figures are CPU
seconds (``time.process_time``), the median over the runs' medians.

``--before DIR`` times the engine of another checkout the same way, in
processes alternating with this one's (``--runs`` of each), on the same
states: DIR is a folder holding its ``engine`` package, e.g. the engine as
it was before the explanations gained their causes::

    mkdir -p /tmp/pre-causes && git archive fcb7d66 engine | tar -x -C /tmp/pre-causes
    .venv/bin/python bench/bench_api_pair.py --before /tmp/pre-causes

Target (issue 19): ``pair`` no slower than before the causes at 999 teams,
and <= 0.05 s in process for the next round of the 999-team file.
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(teams: int, played: int, rounds: list[int], seed: int, path: Path) -> None:
    """The states before each of ``rounds``, pickled to ``path``."""
    sys.path.insert(0, str(ROOT))
    from engine import generator

    config = generator.GeneratorConfig(participants=teams, rounds=played, boards=4)
    state, _ = generator.generate("c0406", config, seed)
    state = replace(state, rounds_total=max(rounds + [played + 1]))
    states = {r: state if r == played + 1 else state.before_round(r) for r in rounds}
    path.write_bytes(pickle.dumps(states))


def worker(root: str, states_file: str, repeat: int) -> None:
    """Run in a fresh process: time ``api.pair`` of the engine under ``root``; print JSON."""
    sys.path.insert(0, root)
    from engine import api

    states = pickle.loads(Path(states_file).read_bytes())
    out: dict[str, dict[str, float]] = {}
    for rnd, state in states.items():
        api.pair(state).to_dict()  # warm-up
        figures = {}
        for name in ("pair", "read"):
            times = []
            for _ in range(repeat):
                c0 = time.process_time()
                pairing = api.pair(state)
                if name == "read":
                    pairing.to_dict()
                times.append(time.process_time() - c0)
            figures[name] = statistics.median(times)
        out[str(rnd)] = figures
    print(json.dumps(out))


def timed(root: Path, states_file: Path, repeat: int) -> dict[str, dict[str, float]]:
    command = [sys.executable, __file__, "--worker", str(root), "--states", str(states_file)]
    done = subprocess.run([*command, "--repeat", str(repeat)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--teams", type=int, default=999)
    ap.add_argument("--played", type=int, default=11, help="rounds played in the generated event")
    ap.add_argument("--rounds", default="2,6,10,12", help="the rounds to pair (at most played + 1)")
    ap.add_argument("--repeat", type=int, default=9, help="pairings per round in each process")
    ap.add_argument("--runs", type=int, default=3, help="processes per engine, alternating")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--before", help="the folder of another checkout's engine package, timed alike")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--states", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker, args.states, args.repeat)
        return

    rounds = [int(r) for r in args.rounds.split(",")]
    engines = {"this": ROOT} | ({"before": Path(args.before).resolve()} if args.before else {})
    with tempfile.TemporaryDirectory(prefix="bench_api_pair") as scratch:
        states_file = Path(scratch) / "states.pickle"
        t0 = time.perf_counter()
        build(args.teams, args.played, rounds, args.seed, states_file)
        print(
            f"api.pair, C.04.6, {args.teams} teams, 4 boards, seed {args.seed} "
            f"(generated {args.played} rounds in {time.perf_counter() - t0:.1f} s); "
            f"CPU s, median of {args.runs} processes x {args.repeat} pairings"
        )
        runs: dict[str, list[dict]] = {name: [] for name in engines}
        for _ in range(args.runs):
            for name, root in engines.items():
                runs[name].append(timed(root, states_file, args.repeat))

    def figure(name: str, rnd: int, kind: str) -> float:
        return statistics.median(run[str(rnd)][kind] for run in runs[name])

    head = f"{'round':>5} {'pair':>8} {'read':>8}"
    if args.before:
        head += f" {'pair before':>12} {'read before':>12} {'pair ratio':>11} {'read ratio':>11}"
    print(head)
    for rnd in rounds:
        line = f"{rnd:>5} {figure('this', rnd, 'pair'):>8.4f} {figure('this', rnd, 'read'):>8.4f}"
        if args.before:
            pb, rb = figure("before", rnd, "pair"), figure("before", rnd, "read")
            line += f" {pb:>12.4f} {rb:>12.4f}"
            line += f" {figure('this', rnd, 'pair') / pb:>11.2f} {figure('this', rnd, 'read') / rb:>11.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
