"""Where a benchmark's CPU went: a process tree's, a database's backends', the machine's (``/proc``)."""

from __future__ import annotations

import os
import subprocess


def _proc_table() -> dict[int, tuple[int, float]]:
    """pid -> (parent pid, CPU seconds so far) of every process."""
    ticks = os.sysconf("SC_CLK_TCK")
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                data = f.read()
        except OSError:
            continue
        fields = data[data.rindex(")") + 2 :].split()
        table[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / ticks)
    return table


def _tree(table: dict, root: int) -> set[int]:
    found, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, (ppid, _) in table.items() if ppid == parent and pid not in found]
        found.update(children)
        frontier += children
    return found & table.keys()


def _database_backends(database: str) -> set[int]:
    pids = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if cmdline.startswith("postgres: ") and f" {database} " in cmdline:
            pids.add(int(entry))
    return pids


def _machine_busy() -> float:
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]
    return (sum(values[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def cpu_snapshot(
    web: subprocess.Popen | dict[str, subprocess.Popen], workers: list, database: str
) -> dict[str, float | dict[int, float]]:
    """``web``: gunicorn, or named processes in front of the workers (``{"web (gunicorn, public pool)":
    ..., "proxy (nginx)": ...}``), each counted with its children."""
    import resource

    table = _proc_table()
    backends = _database_backends(database)
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    named = web if isinstance(web, dict) else {"web (gunicorn)": web}
    return {
        **{name: sum(table[p][1] for p in _tree(table, proc.pid)) for name, proc in named.items()},
        "Celery workers": sum(table[p][1] for w in workers for p in _tree(table, w.pid)),
        # per backend: one that ends between two snapshots must not make the sum go down
        "PostgreSQL (this database)": {p: table[p][1] for p in backends if p in table},
        "load generators (wrk)": children.ru_utime + children.ru_stime,
        "bench's committees and arbiters": me.ru_utime + me.ru_stime,
        "machine": _machine_busy(),
    }


def _used(before, after) -> float:
    """CPU seconds between two snapshots (per process for a ``{pid: seconds}``: new ones count whole)."""
    if isinstance(after, dict):
        return sum(v - before.get(pid, 0.0) for pid, v in after.items())
    return after - before


def cpu_used(before: dict, after: dict) -> dict[str, float]:
    """CPU seconds of each part between two snapshots."""
    return {name: _used(before.get(name, 0.0), after[name]) for name in after}


def cpu_report(before: dict, after: dict, seconds: float) -> str:
    used = cpu_used(before, after)
    ours = sum(v for name, v in used.items() if name != "machine")
    parts = [f"{name} {v:.1f} s" for name, v in used.items() if name != "machine"]
    others = max(0.0, used["machine"] - ours)
    return (
        f"CPU during the load ({seconds:.0f} s, {seconds * (os.cpu_count() or 1):.0f} core-seconds on "
        f"{os.cpu_count()} cores): " + ", ".join(parts) + f"; other work on the machine {others:.0f} s"
    )
