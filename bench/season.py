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
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _common import (  # noqa: E402
    ROOT,
    analyse,
    copy_database,
    environment,
    free_port,
    start_gunicorn,
    start_proxy,
    start_worker,
    stop,
    wait_http,
)
from _cpu import cpu_report, cpu_snapshot, cpu_used  # noqa: E402
from _season_build import build, wait_workers  # noqa: E402
from _season_clients import warm_up, wrk, wrk_figures  # noqa: E402
from _season_load import Log, arbiter, checks, committees, survey  # noqa: E402
from _season_report import report  # noqa: E402


def parse_args() -> argparse.Namespace:
    """The command line (``--help`` prints the module docstring)."""
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
    return parser.parse_args()


def main() -> None:
    args = parse_args()
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


if __name__ == "__main__":
    main()
