"""Every engine benchmark in one run, then a summary table.

    .venv/bin/python bench/run_all.py [--quick] [--only c0406,olympiad,dubov,lim,roundtrip]
                                      [--events 100] [--timeout 1800] [--quiet]

Runs, one after the other (each as its own process, so one system's import
and memory do not weigh on another's figures):

- bench/bench_c0406.py    C.04.6, median seconds per round at 50, 200 and 1,000 teams
                          (``--quick``: 50 and 200 only); targets 0.2 s at 200, 2 s at 1,000;
- bench/bench_olympiad.py Olympiad 2007, 180 teams, 11 rounds; target 0.5 s per round;
- bench/bench_dubov.py    Dubov, 300 players, 9 rounds; target 0.5 s per round;
- bench/bench_lim.py      Lim, 300 players, 9 rounds; target 0.5 s per round;
- bench/roundtrip.py      generator -> TRF-2026 -> checker, ``--events`` events per system;
                          target: no difference.

Each script's own output is printed as it comes (unless ``--quiet``); the
summary gives the figure read from it, the target and the wall time. Exit
status 1 if a script failed, missed its target or found a difference.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent


@dataclass
class Job:
    name: str
    argv: list[str]
    figures: Callable[[str], list[tuple[str, float | None, float | None, str]]]
    # figures(output) -> rows of (what, value, target, unit); value None: not found


@dataclass
class Row:
    job: str
    what: str
    value: float | None
    target: float | None
    unit: str
    status: str
    wall: float


def _c0406(out: str) -> list[tuple[str, float | None, float | None, str]]:
    worst: dict[int, float] = {}
    for m in re.finditer(r"^\s*(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s*$", out, re.M):
        n, med = int(m.group(1)), float(m.group(3))
        worst[n] = max(worst.get(n, 0.0), med)
    targets = {200: 0.2, 1000: 2.0}
    if not worst:
        return [("median s per round", None, None, "s")]
    return [(f"{n} teams, worst median per round", s, targets.get(n), "s") for n, s in sorted(worst.items())]


def _max_seconds(label: str, pattern: str, scale: float = 1.0):
    def read(out: str) -> list[tuple[str, float | None, float | None, str]]:
        m = re.search(pattern, out)
        return [(label, float(m.group(1)) * scale if m else None, 0.5, "s")]

    return read


def _roundtrip(system: str):
    def read(out: str) -> list[tuple[str, float | None, float | None, str]]:
        m = re.search(
            r"(\d+) events \((\d+) rounds\) checked, (\d+) not generated; (\d+) events / (\d+) rounds differ",
            out,
        )
        if not m:
            return [(f"{system}: rounds that differ", None, 0, "")]
        t = re.search(r"\(([\d.]+) ms per round re-paired\)", out)
        rows = [
            (
                f"{system}: {m.group(2)} rounds of {m.group(1)} events, rounds that differ",
                float(m.group(5)),
                0,
                "",
            )
        ]
        if t:
            rows.append((f"{system}: re-pairing, per round", float(t.group(1)) / 1000, None, "s"))
        return rows

    return read


def jobs(args: argparse.Namespace) -> list[Job]:
    py = sys.executable
    sizes = "50,200" if args.quick else "50,200,1000"
    out = [
        Job("c0406", [py, str(BENCH / "bench_c0406.py"), "--sizes", sizes], _c0406),
        Job(
            "olympiad",
            [py, str(BENCH / "bench_olympiad.py")],
            _max_seconds("180 teams, slowest round", r"max:\s*([\d.]+) ms", 1 / 1000),
        ),
        Job(
            "dubov",
            [py, str(BENCH / "bench_dubov.py")],
            _max_seconds("300 players, slowest round", r"max\s+([\d.]+) s"),
        ),
        Job(
            "lim",
            [py, str(BENCH / "bench_lim.py")],
            _max_seconds("300 players, slowest round", r"max:\s*([\d.]+) s"),
        ),
    ]
    for system in ("c0406", "olympiad", "dubov", "lim"):
        argv = [py, str(BENCH / "roundtrip.py"), "--system", system, "--events", str(args.events)]
        if args.quick:
            argv += ["--max-teams", "30"]
        out.append(Job(f"roundtrip-{system}", argv, _roundtrip(system)))
    return out


def run(job: Job, timeout: float, quiet: bool) -> tuple[list[Row], bool]:
    """Run one benchmark; its rows and whether the process itself succeeded."""
    if not quiet:
        print(f"\n=== {job.name}: {' '.join(Path(a).name if a.endswith('.py') else a for a in job.argv[1:])}")
    t0 = time.perf_counter()
    lines: list[str] = []
    ok = True
    try:
        proc = subprocess.Popen(
            job.argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        assert proc.stdout is not None
        deadline = t0 + timeout
        for line in proc.stdout:
            lines.append(line)
            if not quiet:
                print(f"  {line}", end="", flush=True)
            if time.perf_counter() > deadline:
                proc.kill()
                lines.append(f"(stopped after {timeout:.0f} s)\n")
                ok = False
                break
        proc.wait()
        ok = ok and proc.returncode in (0, 1)  # roundtrip.py exits 1 when a round differs
    except OSError as exc:
        lines.append(f"could not run: {exc}\n")
        ok = False
    wall = time.perf_counter() - t0
    rows = []
    for what, value, target, unit in job.figures("".join(lines)):
        if not ok:
            status = "FAILED"
        elif value is None:
            status = "no figure"
        elif target is None:
            status = ""
        else:
            status = "ok" if value <= target else "OVER"
        rows.append(Row(job.name, what, value, target, unit, status, wall))
    return rows, ok


def table(rows: list[Row]) -> str:
    def num(x: float | None, unit: str) -> str:
        if x is None:
            return "-"
        return f"{x:.3f} {unit}".strip() if unit else f"{x:g}"

    head = ("benchmark", "figure", "value", "target", "status", "wall s")
    body = [
        (r.job, r.what, num(r.value, r.unit), num(r.target, r.unit), r.status, f"{r.wall:.1f}") for r in rows
    ]
    widths = [max(len(str(c)) for c in col) for col in zip(head, *body, strict=True)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    return "\n".join(
        [fmt.format(*head), fmt.format(*("-" * w for w in widths)), *(fmt.format(*b) for b in body)]
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="no 1,000-team C.04.6 case; smaller round trips")
    ap.add_argument("--only", help="comma-separated: c0406, olympiad, dubov, lim, roundtrip")
    ap.add_argument("--events", type=int, default=100, help="round-trip events per system")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds allowed to each script")
    ap.add_argument("--quiet", action="store_true", help="print the summary only")
    args = ap.parse_args()
    wanted = set(args.only.split(",")) if args.only else None
    rows: list[Row] = []
    all_ok = True
    for job in jobs(args):
        if wanted is not None and job.name.split("-")[0] not in wanted:
            continue
        job_rows, ok = run(job, args.timeout, args.quiet)
        rows += job_rows
        all_ok = all_ok and ok
    print("\n" + table(rows))
    missed = [r for r in rows if r.status in ("OVER", "FAILED", "no figure")]
    return 0 if all_ok and not missed else 1


if __name__ == "__main__":
    sys.exit(main())
