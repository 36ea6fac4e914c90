"""Season benchmark: a federation's season on the real stack, under load (issue 13, section 2).

    .venv/bin/python bench/season.py [--tournaments 200] [--jobs 2] [--duration 60] [--clients 200]
                                     [--think-ms 1000] [--database pairing_season]
                                     [--redis redis://127.0.0.1:6379/13] [--keep] [--via proxy|direct]

Builds (``manage.py seed_season``) a season of ``--tournaments`` team events
(C.04.6 team Swiss and Olympiads, 10-180 teams, 8 committees) in a fresh
PostgreSQL database ``--database`` (127.0.0.1:5432, user postgres; dropped
and created again unless ``--keep`` finds a season there), copies it into
``<database>_run`` for the load (so that every run with ``--keep`` starts from
the season as built), clears the Redis database ``--redis`` (broker and cache),
then starts the stack on 127.0.0.1 as ``./scripts/start --full`` runs it: with ``--via proxy``
(the default) nginx with the site's configuration (deploy/nginx/, scripts/proxy_conf.py) in front
of gunicorn's public pool (at nice 10) and staff pool (``--staff-workers``), everything the clients
ask going through nginx; with ``--via direct`` one gunicorn (``gunicorn.conf.py``) answering
everybody, as before issue 21; and two Celery workers (with ``--via proxy`` a third, the printer,
``-Q printing`` in the idle class at nice 15, which renders the PDFs ahead as the deployed stack does); then for ``--duration`` seconds at once:

- ``--clients`` public clients (wrk, ``apt-get install -y wrk``, Lua script
  ``bench/wrk_season.lua``) spread over every tournament, bigger events and
  events in play drawing more: pages (tournament, pairings, board pairings,
  standings, the live fragments a page polls) and, for a quarter of them, the
  public API. Each client waits 0-2 x ``--think-ms`` between requests
  (``--think-ms 0``: no pause, the machine's ceiling);
- four committees (the season's biggest events, each its own committee)
  computing the next round at the same moment every ``--compute-every``
  seconds through the API (request, the worker's run, the draft on screen,
  approval, publication), the round then played in bulk so the next can be
  paired;
- one arbiter per committee entering a match's board results through the API
  every ``--result-every`` seconds in the events that have a round in play.

Then it checks that nothing was lost or done twice (every run succeeded with
one claim, every publication and every accepted result is in the database and
on the public API) and prints the figures against the targets: public pages
p95 <= 100 ms, no public request over 1 s, every compute -> draft <= 2 s; through the proxy, how
the public clients' requests were answered (its X-Cache-Status: served from its copy, revalidated
with the site, passed to the site) and the CPU of each pool and of nginx.
Only 127.0.0.1 is ever loaded.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
LUA = HERE / "wrk_season.lua"
sys.path.insert(0, str(HERE))

from _common import (  # noqa: E402
    ROOT,
    analyse,
    copy_database,
    environment,
    free_port,
    recreate_database,
    start_gunicorn,
    start_proxy,
    start_worker,
    stop,
    wait_http,
)
from _cpu import cpu_report, cpu_snapshot, cpu_used  # noqa: E402
from _season_load import Log, arbiter, checks, committees, survey  # noqa: E402


# -- the stack -------------------------------------------------------------------------------------
def season_present(args) -> bool:
    import psycopg

    try:
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{args.database}") as conn:
            row = conn.execute(
                "SELECT count(*) FROM tournaments_tournament WHERE slug LIKE 'season-%%'"
            ).fetchone()
            return bool(row and row[0])
    except psycopg.Error:
        return False


def build(args, env: dict) -> float | None:
    """A fresh database with the season; seconds the build took (None: kept)."""
    if args.keep and season_present(args):
        print(f"keeping the season in database {args.database}")
        return None
    recreate_database(args.database, env)
    started = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "manage.py",
            "seed_season",
            "--tournaments",
            str(args.tournaments),
            "--committees",
            str(args.committees),
            "--jobs",
            str(args.jobs),
            "--seed",
            str(args.seed),
        ],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def wait_workers(count: int, timeout: float = 120.0) -> None:
    from pairing_site.celery import app

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answers = app.control.ping(timeout=1.0) or []
        if len([a for a in answers if any(name.startswith("season-worker") for name in a)]) >= count:
            return
    raise SystemExit(f"the {count} Celery workers did not answer within {timeout:.0f} s")


# -- load ----------------------------------------------------------------------------------------
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


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


# -- main ----------------------------------------------------------------------------------------------
def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tournaments", type=int, default=200)
    parser.add_argument("--committees", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2, help="seed_season --jobs (default 2)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--database", default="pairing_season", help="a PostgreSQL database the bench may drop"
    )
    parser.add_argument(
        "--redis", default="redis://127.0.0.1:6379/13", help="a Redis database the bench may clear"
    )
    parser.add_argument("--keep", action="store_true", help="reuse the season already in --database")
    parser.add_argument("--duration", type=int, default=60)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--api-share", type=float, default=0.25, help="share of the clients reading the API")
    parser.add_argument("--think-ms", type=int, default=1000, help="mean pause of a client between requests")
    parser.add_argument("--computing", type=int, default=4, help="committees computing at the same moment")
    parser.add_argument("--compute-every", type=float, default=20.0)
    parser.add_argument(
        "--result-every", type=float, default=5.0, help="seconds between an arbiter's entries"
    )
    parser.add_argument(
        "--gunicorn-workers",
        type=int,
        default=None,
        help="gunicorn's processes (default: gunicorn.conf.py's)",
    )
    parser.add_argument(
        "--threads", type=int, default=None, help="threads per gunicorn process (default: gunicorn.conf.py's)"
    )
    parser.add_argument(
        "--via",
        choices=("proxy", "direct"),
        default="proxy",
        help="proxy: nginx in front of the public and staff pools, as deployed (default); direct: one gunicorn",
    )
    parser.add_argument(
        "--staff-workers", type=int, default=3, help="the staff pool's gunicorn processes (--via proxy)"
    )
    parser.add_argument("--celery-workers", type=int, default=2)
    parser.add_argument("--access-log", default="", help="gunicorn's access log (microseconds, status, path)")
    parser.add_argument(
        "--crowd-only", action="store_true", help="the public clients alone: no committee, no arbiter"
    )
    args = parser.parse_args()
    if args.crowd_only:
        args.computing = 0
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install -y wrk")
    env = environment(args.database, args.redis)
    load_before = os.getloadavg()
    print(
        f"machine: {os.cpu_count()} cores, load average {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}"
    )
    built = build(args, env)
    if built is not None:
        print(f"statistics of the database updated (ANALYZE) in {analyse(args.database):.1f} s")
    # The load changes the season (rounds paired, results entered): it runs on a copy, so that the
    # season as built stays for the next run (--keep), which then starts from the same state.
    played = f"{args.database}_run"
    print(
        f"the load runs on {played}, a copy of {args.database} ({copy_database(args.database, played):.1f} s)"
    )
    env = environment(played, args.redis)
    if args.via == "proxy":
        # as deployed (Procfile, docker-compose.yml): the PDFs rendered ahead go to the printer
        env["PRINTING_QUEUE"] = "printing"
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    import redis

    redis.Redis.from_url(args.redis).flushdb()  # the bench's own broker and cache
    work = survey(args)
    print(
        f"season: {work.summary}"
        + (f"; built in {built:.0f} s (seed_season --jobs {args.jobs})" if built else "")
    )
    if sum(bool(queue) for queue in work.compute.values()) < args.computing:
        print(f"warning: only {sum(bool(q) for q in work.compute.values())} committees have a round to pair")
    web: dict[str, subprocess.Popen] = {}
    workers = []
    stop_event = threading.Event()
    log = Log()
    with tempfile.TemporaryDirectory(prefix="bench-season-") as tmp:
        try:
            workdir = Path(tmp)
            port = free_port()
            if args.via == "direct":
                web["web (gunicorn)"] = start_gunicorn(
                    env, port, args.gunicorn_workers, args.threads, args.access_log
                )
            else:
                public_port, staff_port = free_port(), free_port()
                web["web (gunicorn, public pool)"] = start_gunicorn(
                    env, public_port, args.gunicorn_workers, args.threads, args.access_log, niceness=10
                )
                web["web (gunicorn, staff pool)"] = start_gunicorn(env, staff_port, args.staff_workers)
                web["proxy (nginx)"] = start_proxy(workdir / "proxy", port, public_port, staff_port)
                for inner in (public_port, staff_port):
                    wait_http(f"http://127.0.0.1:{inner}/healthz/", timeout=60)
            workers = [start_worker(env, f"season-worker{i}@%h") for i in range(1, args.celery_workers + 1)]
            if args.via == "proxy":
                workers.append(
                    start_worker(env, "season-printer@%h", "-Q", "printing", niceness=15, idle=True)
                )
            base = f"http://127.0.0.1:{port}"
            wait_http(f"{base}/healthz/", timeout=60)
            wait_workers(args.celery_workers)
            api_clients = max(1, round(args.clients * args.api_share))
            page_clients = args.clients - api_clients
            warm_up(base, sorted(set(work.pages) | set(work.api)))
            # ... and every gunicorn process has compiled its templates (a fresh process renders slowly)
            wrk_figures(wrk(base, work.pages + work.api, 24, 5, 0, workdir, "warm"))
            print(
                f"load: {args.clients} public clients ({page_clients} pages, {api_clients} API), pause 0-"
                f"{2 * args.think_ms} ms between requests, {args.duration} s; "
                + (
                    "no committee, no arbiter"
                    if args.crowd_only
                    else f"{len(work.compute)} committees computing every {args.compute_every:.0f} s; "
                    f"{len(work.arbiters)} arbiters entering a match every ~{args.result_every:.1f} s"
                )
            )
            cpu_before = cpu_snapshot(web, workers, played)
            load_started = time.perf_counter()
            pages = wrk(base, work.pages, page_clients, args.duration, args.think_ms, workdir, "pages")
            api = wrk(base, work.api, api_clients, args.duration, args.think_ms, workdir, "api")
            threads = [
                threading.Thread(
                    target=committees,
                    args=(base, work, log, stop_event, args.compute_every),
                    daemon=True,
                )
            ]
            threads += [
                threading.Thread(
                    target=arbiter,
                    args=(
                        base,
                        work.tokens[k],
                        work.arbiters[k],
                        log,
                        stop_event,
                        args.result_every,
                        args.seed + k,
                    ),
                    daemon=True,
                )
                for k in work.arbiters
                if work.arbiters[k] and not args.crowd_only
            ]
            for thread in threads:
                thread.start()
            page_figures = wrk_figures(pages)
            api_figures = wrk_figures(api)
            stop_event.set()
            for thread in threads:
                thread.join(180)
            cpu_after = cpu_snapshot(web, workers, played)
            cpu = cpu_report(cpu_before, cpu_after, time.perf_counter() - load_started)
            used = cpu_used(cpu_before, cpu_after)
            public = page_figures["requests"] + api_figures["requests"]
            gunicorn_cpu = sum(v for name, v in used.items() if name.startswith("web (gunicorn"))
            cpu += (
                f"\ngunicorn CPU per public request: {1000 * gunicorn_cpu / max(public, 1):.2f} ms "
                f"({gunicorn_cpu:.1f} s for {int(public):,} public requests"
                + ("" if args.crowd_only else ", the committees' and arbiters' included")
                + ")"
            )
            if args.via == "proxy":
                # a shared cache may keep a page PUBLIC_HTTP_SHARED_MAX_AGE (1 s; nginx counts whole
                # seconds): what the last second entered is on the proxy's pages after it
                time.sleep(2.1)
            outcome = checks(base, log)
        finally:
            stop_event.set()
            for process in web.values():
                stop(process)
            for worker in workers:
                stop(worker)
    load_after = os.getloadavg()
    report(args, work, page_figures, api_figures, log, outcome, load_after)
    print(cpu)


def cache_line(f: dict) -> str:
    """How the proxy answered the clients' requests (X-Cache-Status counts from wrk_season.lua)."""
    count = {k.removeprefix("cache_").upper(): int(v) for k, v in f.items() if k.startswith("cache_")}
    total = sum(count.values()) or 1
    copy = count.get("HIT", 0) + count.get("UPDATING", 0) + count.get("STALE", 0)
    revalidated = count.get("REVALIDATED", 0)
    site = count.get("MISS", 0) + count.get("EXPIRED", 0) + count.get("BYPASS", 0) + count.get("NONE", 0)
    return (
        f"hit rate {100 * copy / total:.1f}% (served from its copy, the site not asked), "
        f"{100 * revalidated / total:.1f}% revalidated (a 304 from the site), "
        f"{100 * site / total:.1f}% rendered or passed by the site; "
        + ", ".join(f"{k} {v}" for k, v in sorted(count.items()) if v)
    )


def report(args, work, page_figures, api_figures, log: Log, outcome: dict, load_after) -> None:
    def line(name: str, f: dict) -> str:
        return (
            f"  {name:6} {int(f['requests']):>7,} requests, {f['rps']:.0f} req/s: p50 {f['p50_ms']:.1f} ms, "
            f"p95 {f['p95_ms']:.1f} ms, p99 {f['p99_ms']:.1f} ms, max {f['max_ms']:.0f} ms; "
            f"HTTP errors {int(f['status_errors'])}, socket errors {int(f['socket_errors'])}, "
            f"timeouts {int(f['timeouts'])}"
        )

    print(f"public clients ({'through the proxy' if args.via == 'proxy' else 'straight to gunicorn'}):")
    print(line("pages", page_figures))
    print(line("API", api_figures))
    if args.via == "proxy":
        for name, f in (("pages", page_figures), ("API", api_figures)):
            print(f"  {name:6} proxy: {cache_line(f)}")
    computes = log.computes
    print(
        f"compute -> draft ({len(work.compute)} committees at once, {args.celery_workers} workers): "
        + (
            f"{len(computes)} runs ({min(log.compute_sizes)}-{max(log.compute_sizes)} teams), median "
            f"{statistics.median(computes):.2f} s, max {max(computes):.2f} s"
            if computes
            else "no run"
        )
    )
    if log.committee_calls:
        print(
            f"committee API calls (request, approve, publish): {len(log.committee_calls)}, "
            f"p95 {pct(log.committee_calls, 95) * 1000:.0f} ms, max {max(log.committee_calls) * 1000:.0f} ms"
        )
    if log.result_calls:
        print(
            f"results entered through the API: {len(log.result_calls)} calls, p95 "
            f"{pct(log.result_calls, 95) * 1000:.0f} ms, max {max(log.result_calls) * 1000:.0f} ms"
        )
    print(f"runs: {outcome['runs']}")
    print(f"publications: {outcome['publications']}")
    print(f"results: {outcome['results']}")
    for message in log.errors[:20]:
        print(f"  error: {message}")
    worst_p95 = max(page_figures["p95_ms"], api_figures["p95_ms"])
    worst_max = max(page_figures["max_ms"], api_figures["max_ms"])
    failures = sum(
        int(f["status_errors"] + f["socket_errors"] + f["timeouts"]) for f in (page_figures, api_figures)
    )
    targets = [
        ("public p95 <= 100 ms", worst_p95 <= 100, f"{worst_p95:.1f} ms"),
        (
            "no public request over 1 s",
            worst_max <= 1000 and failures == 0,
            f"max {worst_max:.0f} ms, {failures} failed",
        ),
        (
            "every compute -> draft <= 2 s",
            bool(computes) and max(computes) <= 2.0,
            f"max {max(computes):.2f} s" if computes else "no run",
        ),
        ("no run done twice", outcome["runs_ok"] == "yes", outcome["runs_ok"]),
        ("nothing lost", outcome["lost_ok"] == "yes", outcome["lost_ok"]),
    ]
    print(f"load average after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    if args.crowd_only:
        targets = targets[:2] + [targets[4]]
    print("targets:")
    for name, ok, figure in targets:
        print(f"  {'met ' if ok else 'MISSED'} {name}: {figure}")


if __name__ == "__main__":
    main()
