"""Benchmark of the command line's whole run: ``python -m engine --team FILE -p`` on a 50-team file.

    .venv/bin/python bench/bench_cli_startup.py [--teams 50] [--runs 15] [--systems c0406,olympiad,dubov,lim]
                                                [--before DIR] [--no-bytecode-cache] [--seed 1]

For each system an event of ``--teams`` participants (teams of 4 boards for
C.04.6 and the Olympiad) is generated with this checkout's generator, 5
rounds played of 9, and written as TRF-2026; ``python -m engine <flag> FILE
-p`` is then run ``--runs`` times, each a new process as a user starts it.
Printed: the best and the median wall time and CPU time (the process's user
+ system time) of a run, the interpreter's own start (``python -c pass``),
and the engine's system packages the run imported (``-X importtime``).

The machine is shared: the best of the runs is the figure of an idle
machine; CPU time is less disturbed by other work than wall time.

Bytecode: a user's Python keeps the compiled modules (``__pycache__``); the
runs do the same in a scratch folder (``PYTHONPYCACHEPREFIX``, the first,
untimed run compiles), whatever ``PYTHONDONTWRITEBYTECODE`` says here.
``--no-bytecode-cache`` keeps the environment as it is (every run compiles
every module it imports when ``PYTHONDONTWRITEBYTECODE`` is set).

``--before DIR`` runs the same commands from another checkout (a folder
holding its ``engine`` package), alternating with this one, e.g.::

    mkdir -p /tmp/engine-main && git archive main engine | tar -x -C /tmp/engine-main
    .venv/bin/python bench/bench_cli_startup.py --before /tmp/engine-main

Target (issue 19): the C.04.6 command on a 50-team file in <= 0.15 s on an idle machine.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import generator, trf  # noqa: E402
from engine.cli_options import SYSTEM_FLAG  # noqa: E402
from engine.options import SYSTEM_NAMES  # noqa: E402

SYSTEM_PACKAGE = re.compile(r"\|\s*engine\.(" + "|".join(SYSTEM_NAMES) + r")(?:\.\w+)*\s*$", re.MULTILINE)


def write_event(system: str, teams: int, seed: int, folder: Path) -> Path:
    config = generator.GeneratorConfig(participants=teams, rounds=5, boards=4)
    state, games = generator.generate(system, config, seed)
    path = folder / f"{system}-{teams}.trf"
    path.write_text(trf.write(replace(state, rounds_total=9), games), encoding="utf-8")
    return path


def run(
    command: list[str], cwd: Path, env: dict[str, str]
) -> tuple[float, float, subprocess.CompletedProcess]:
    """Wall and CPU seconds of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} (in {cwd}) failed: {done.stderr[-1000:]}")
    return wall, cpu, done


def figures(times: list[tuple[float, float]]) -> str:
    wall, cpu = [w for w, _ in times], [c for _, c in times]
    return (
        f"{min(wall):>8.3f} {statistics.median(wall):>8.3f} {min(cpu):>8.3f} {statistics.median(cpu):>8.3f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--teams", type=int, default=50)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--systems", default="c0406", help="comma-separated: c0406, olympiad, dubov, lim")
    ap.add_argument("--before", help="another checkout's folder holding its engine package, run alike")
    ap.add_argument("--no-bytecode-cache", action="store_true", help="the environment as it is")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    chosen = args.systems.split(",")
    roots = {"this": ROOT} | ({"before": Path(args.before).resolve()} if args.before else {})
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="bench_cli_startup") as scratch:
        env = dict(os.environ)
        if not args.no_bytecode_cache:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "pycache")
        files = {s: write_event(s, args.teams, args.seed, Path(scratch)) for s in chosen}
        bytecode = (
            "off (every run compiles)" if args.no_bytecode_cache else "kept, as a user's Python keeps it"
        )
        print(
            f"python -m engine <system> FILE -p, {args.teams} participants, 5 of 9 rounds played; "
            f"best and median of {args.runs} runs, seconds; bytecode {bytecode}"
        )
        bare = []
        for _ in range(args.runs):
            wall, cpu, _ = run([python, "-c", "pass"], ROOT, env)
            bare.append((wall, cpu))
        print(
            f"{'command':<32} {'wall best':>8} {'median':>8} {'CPU best':>8} {'median':>8}  system packages"
        )
        print(f"{'python -c pass':<32} {figures(bare)}")
        for system in chosen:
            command = [python, "-m", "engine", SYSTEM_FLAG[system], str(files[system]), "-p"]
            imported = {}
            for name, root in roots.items():
                _, _, done = run([python, "-X", "importtime", *command[1:]], root, env)  # compiles, too
                imported[name] = sorted(set(SYSTEM_PACKAGE.findall(done.stderr)))
            times: dict[str, list[tuple[float, float]]] = {name: [] for name in roots}
            for _ in range(args.runs):
                for name, root in roots.items():
                    wall, cpu, _ = run(command, root, env)
                    times[name].append((wall, cpu))
            for name in roots:
                label = f"{SYSTEM_FLAG[system]} -p" + (f" ({name})" if args.before else "")
                print(f"{label:<32} {figures(times[name])}  {', '.join(imported[name])}", flush=True)


if __name__ == "__main__":
    main()
