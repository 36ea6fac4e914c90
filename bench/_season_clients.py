"""The season benchmark's public clients (``bench/season.py``): wrk, driven by ``bench/wrk_season.lua``.

Each wrk process is one crowd (pages, or the public API) of ``connections``
clients asking the paths of a file, pausing 0-2 x ``think_ms`` between
requests; the Lua script prints its figures as ``BENCH_NAME=value`` lines,
which ``wrk_figures`` reads. ``warm_up`` asks every public path once first.
"""

from __future__ import annotations

import os
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

LUA = Path(__file__).resolve().parent / "wrk_season.lua"


def wrk(
    base: str, paths: list[str], connections: int, duration: int, think_ms: int, workdir: Path, name: str
):
    path_file = workdir / f"{name}.txt"
    path_file.write_text("\n".join(paths) + "\n")
    env = {
        **os.environ,
        "WRK_PATHS": str(path_file),
        "WRK_THINK_MS": str(think_ms),
        "WRK_CONNECTIONS": str(connections),
    }
    return subprocess.Popen(
        ["wrk", "-t1", f"-c{connections}", f"-d{duration}s", "--timeout", "10s", "-s", str(LUA), base],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def wrk_figures(proc: subprocess.Popen) -> dict:
    out, _ = proc.communicate()
    values = dict(line.split("=", 1) for line in out.splitlines() if line.startswith("BENCH_"))
    if not values:
        raise SystemExit(f"wrk printed no figures:\n{out}")
    return {k.removeprefix("BENCH_").lower(): float(v) for k, v in values.items()}


def warm_up(base: str, paths: list[str]) -> None:
    """Every public path once (a site that has been running has its shared copies)."""
    from concurrent.futures import ThreadPoolExecutor

    def get(path: str) -> None:
        try:
            with urllib.request.urlopen(base + path, timeout=60) as response:
                response.read()
        except urllib.error.HTTPError:
            pass

    started = time.perf_counter()
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(get, paths))
    print(f"warm-up: {len(paths)} public paths asked once in {time.perf_counter() - started:.0f} s")
