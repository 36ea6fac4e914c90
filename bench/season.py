"""Season benchmark: a federation's season on the real stack, under load (issue 13, section 2).

    .venv/bin/python bench/season.py [--tournaments 200] [--jobs 2] [--duration 60] [--clients 200]
                                     [--think-ms 1000] [--database pairing_season]
                                     [--redis redis://127.0.0.1:6379/13] [--keep]

Builds (``manage.py seed_season``) a season of ``--tournaments`` team events
(C.04.6 team Swiss and Olympiads, 10-180 teams, 8 committees) in a fresh
PostgreSQL database ``--database`` (127.0.0.1:5432, user postgres; dropped
and created again unless ``--keep`` finds a season there), copies it into
``<database>_run`` for the load (so that every run with ``--keep`` starts from
the season as built), clears the Redis database ``--redis`` (broker and cache),
then starts gunicorn on 127.0.0.1 as the site runs it (``gunicorn.conf.py``)
and two Celery workers, and for ``--duration`` seconds at once:

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
p95 <= 100 ms, no public request over 1 s, every compute -> draft <= 2 s.
Only 127.0.0.1 is ever loaded.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
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
    start_worker,
    stop,
    wait_http,
)

RESULTS = ["1-0", "0-1", "1/2-1/2"]
POLL_SECONDS = 0.25  # the committee's page polls every second; the bench looks closer


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


# -- HTTP --------------------------------------------------------------------------------------
def call(base: str, method: str, path: str, token: str, body: dict | None = None) -> tuple[int, dict, float]:
    """(status, JSON, seconds) of an API call with a token."""
    if not base.startswith("http://127.0.0.1:"):
        raise SystemExit("only 127.0.0.1 is loaded")
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        base + path,
        data=data,
        method=method,
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as err:
        status, raw = err.code, err.read()
    elapsed = time.perf_counter() - started
    try:
        payload = json.loads(raw) if raw else {}
    except ValueError:
        payload = {"raw": raw[:200].decode(errors="replace")}
    return status, payload, elapsed


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


# -- what the season holds --------------------------------------------------------------------
@dataclass
class Work:
    compute: dict[int, list[dict]] = field(default_factory=dict)  # committee -> events waiting to be paired
    arbiters: dict[int, list[tuple[str, int, int, int]]] = field(
        default_factory=dict
    )  # k -> (slug, n, table, boards)
    tokens: dict[int, str] = field(default_factory=dict)  # k -> arbiter token
    pages: list[str] = field(default_factory=list)
    api: list[str] = field(default_factory=list)
    summary: str = ""


def survey(args) -> Work:
    from django.contrib.auth import get_user_model
    from django.db.models import Count
    from rest_framework.authtoken.models import Token

    from demo.season import committee_usernames
    from tournaments.models import Membership, Round, Tournament
    from tournaments.models import RoundState as S

    work = Work()
    posted = (S.BOARD_PAIRINGS_POSTED, S.IN_PLAY, S.COMPLETE)
    unpublished = (S.AWAITING_RESULTS, S.PAIRING_REQUESTED, S.DRAFT_COMPUTED, S.UNDER_REVIEW, S.APPROVED)
    tournaments = list(
        Tournament.objects.filter(slug__startswith="season-")
        .annotate(teams_count=Count("teams"))
        .prefetch_related("rounds")
        .order_by("slug")
    )
    committee_of = {
        m.tournament_id: int(m.user.username.rsplit("-", 1)[1])
        for m in Membership.objects.filter(tournament__in=tournaments, role="committee_chair").select_related(
            "user"
        )
    }
    systems = {"c0406": 0, "olympiad": 0}
    for t in tournaments:
        systems[t.pairing_system] = systems.get(t.pairing_system, 0) + 1
    work.summary = (
        f"{len(tournaments)} tournaments ({systems['c0406']} C.04.6 team Swiss, {systems['olympiad']} Olympiad), "
        f"{sum(t.teams_count for t in tournaments):,} teams, {len(set(committee_of.values()))} committees"
    )
    # The committees computing: the first --computing committees (by number), each pairing its waiting
    # events one after another, the biggest first.
    computing = sorted(set(committee_of.values()))[: args.computing]
    chairs = {
        k: Token.objects.get_or_create(
            user=get_user_model().objects.get(username=committee_usernames(k)["committee_chair"])
        )[0].key
        for k in computing
    }
    work.compute = {k: [] for k in computing}
    for t in sorted(tournaments, key=lambda t: (-t.teams_count, t.slug)):
        k = committee_of.get(t.pk)
        if k not in work.compute:
            continue
        rounds = sorted(t.rounds.all(), key=lambda r: r.number)
        waiting = next((r for r in rounds if r.state == S.AWAITING_RESULTS), None)
        if waiting is None or any(r.state != S.COMPLETE for r in rounds if r.number < waiting.number):
            continue
        work.compute[k].append(
            {"slug": t.slug, "number": waiting.number, "token": chairs[k], "teams": t.teams_count}
        )
    for k in sorted(set(committee_of.values())):
        user = get_user_model().objects.get(username=committee_usernames(k)["arbiter"])
        work.tokens[k] = Token.objects.get_or_create(user=user)[0].key
        work.arbiters[k] = []
    in_play = Round.objects.filter(tournament__in=tournaments, state=S.IN_PLAY).select_related("tournament")
    for rnd in in_play:
        k = committee_of.get(rnd.tournament_id)
        for m in rnd.matches.filter(is_bye=False, boards__result="").distinct().order_by("table"):
            work.arbiters[k].append((rnd.tournament.slug, rnd.number, m.table, rnd.tournament.boards))
    rng = random.Random(args.seed)
    for k in work.arbiters:
        rng.shuffle(work.arbiters[k])
    computing = {c["slug"] for queue in work.compute.values() for c in queue}
    for t in tournaments:
        rounds = sorted(t.rounds.all(), key=lambda r: r.number)
        published = [r.number for r in rounds if r.state not in unpublished]
        boards = [r.number for r in rounds if r.state in posted]
        live = [r.number for r in rounds if r.state == S.IN_PLAY]
        waiting = [r.number for r in rounds if r.state == S.AWAITING_RESULTS][:1]
        weight = max(1, round(t.teams_count / 15)) * (2 if live or t.slug in computing else 1)
        latest = published[-1:] if published else []
        # The next round's page: the crowd waits for its pairing to come out.
        published += waiting
        latest += waiting
        s = t.slug
        pages = [f"/t/{s}/", f"/t/{s}/pairings/", f"/ops/t/{s}/standings/"]
        pages += [f"/t/{s}/round/{n}/pairings/" for n in published] + [
            f"/t/{s}/round/{n}/pairings/" for n in latest
        ] * 2
        pages += [f"/ops/t/{s}/r/{n}/boards/" for n in boards[-2:]]
        pages += [f"/ops/t/{s}/r/{n}/boards/live/?v=0" for n in live] + [
            f"/ops/t/{s}/standings/live/?v=0"
        ] * len(live)
        api = [f"/api/ops/t/{s}/standings/", f"/api/tournaments/{s}/rounds/", f"/api/tournaments/{s}/teams/"]
        api += [f"/api/tournaments/{s}/rounds/{n}/pairings/" for n in latest] * 3
        api += [f"/api/ops/t/{s}/rounds/{n}/boards/" for n in boards[-1:]] * 2
        work.pages += pages * weight
        work.api += api * weight
    work.pages += ["/"] * 20
    work.api += ["/api/tournaments/"] * 5
    return work


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


# -- where the machine's time went ------------------------------------------------------------------
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


def cpu_snapshot(web: subprocess.Popen, workers: list, database: str) -> dict[str, float | dict[int, float]]:
    import resource

    table = _proc_table()
    backends = _database_backends(database)
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return {
        "web (gunicorn)": sum(table[p][1] for p in _tree(table, web.pid)),
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


def cpu_report(before: dict, after: dict, seconds: float) -> str:
    used = {name: _used(before.get(name, 0.0), after[name]) for name in after}
    ours = sum(v for name, v in used.items() if name != "machine")
    parts = [f"{name} {v:.0f} s" for name, v in used.items() if name != "machine"]
    others = max(0.0, used["machine"] - ours)
    return (
        f"CPU during the load ({seconds:.0f} s, {seconds * (os.cpu_count() or 1):.0f} core-seconds on "
        f"{os.cpu_count()} cores): " + ", ".join(parts) + f"; other work on the machine {others:.0f} s"
    )


# -- the committees and the arbiters ---------------------------------------------------------------
@dataclass
class Log:
    computes: list[float] = field(default_factory=list)
    compute_sizes: list[int] = field(default_factory=list)
    committee_calls: list[float] = field(default_factory=list)
    runs: list[int] = field(default_factory=list)
    publications: list[tuple[str, int]] = field(default_factory=list)
    results: list[tuple[str, int, int, dict]] = field(default_factory=list)
    result_calls: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def error(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)


def committee_cycle(base: str, target: dict, log: Log, barrier: threading.Barrier) -> None:
    """One committee pairs a round: request, wait for the draft (the run's status polled), approve, publish."""
    slug, number, token = target["slug"], target["number"], target["token"]
    prefix = f"/api/tournaments/{slug}/rounds/{number}"
    try:
        barrier.wait(timeout=30)
        started = time.perf_counter()
        status, run, seconds = call(base, "POST", f"{prefix}/runs/", token, {})
        log.committee_calls.append(seconds)
        if status != 202:
            log.error(f"{slug} round {number}: request answered {status} {run}")
            return
        while True:
            status, run, seconds = call(base, "GET", f"/api/runs/{run['id']}/", token)
            if run.get("status") in ("succeeded", "failed") or time.perf_counter() - started > 60:
                break
            time.sleep(POLL_SECONDS)
        status, draft, seconds = call(base, "GET", f"{prefix}/draft/", token)
        elapsed = time.perf_counter() - started
        with log.lock:
            log.runs.append(run["id"])
        if run.get("status") != "succeeded" or status != 200:
            log.error(
                f"{slug} round {number}: run {run.get('status')} {run.get('error', '')}; draft {status}"
            )
            return
        with log.lock:
            log.computes.append(elapsed)
            log.compute_sizes.append(target["teams"])
        for what, body in (
            ("approvals", {"version": draft["id"]}),
            ("publications", {"version": draft["id"]}),
        ):
            status, answer, seconds = call(base, "POST", f"{prefix}/{what}/", token, body)
            log.committee_calls.append(seconds)
            if status != 201:
                log.error(f"{slug} round {number}: {what} answered {status} {answer}")
                return
        with log.lock:
            log.publications.append((slug, number))
    except Exception as exc:  # the figures must say what went wrong
        log.error(f"{slug} round {number}: {type(exc).__name__}: {exc}")


def committees(base: str, work: Work, log: Log, stop_event: threading.Event, every: float) -> None:
    """Every ``every`` seconds the committees each pair the next of their events waiting, at the same moment."""
    first = True
    while not stop_event.wait(3.0 if first else every):
        first = False
        targets = [queue.pop(0) for queue in work.compute.values() if queue]
        if not targets:
            return
        barrier = threading.Barrier(len(targets))
        threads = [
            threading.Thread(target=committee_cycle, args=(base, t, log, barrier), daemon=True)
            for t in targets
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)


def arbiter(
    base: str, token: str, queue: list, log: Log, stop_event: threading.Event, every: float, seed: int
):
    rng = random.Random(seed)
    while queue and not stop_event.wait(every * rng.uniform(0.5, 1.5)):
        slug, number, table, boards = queue.pop()
        results = {str(b): rng.choice(RESULTS) for b in range(1, boards + 1)}
        status, answer, seconds = call(
            base,
            "POST",
            f"/api/ops/t/{slug}/rounds/{number}/matches/{table}/results/",
            token,
            {"results": results},
        )
        with log.lock:
            log.result_calls.append(seconds)
        if status == 200:
            with log.lock:
                log.results.append((slug, number, table, results))
        else:
            log.error(f"{slug} round {number} table {table}: results answered {status} {answer}")


# -- checks ------------------------------------------------------------------------------------------
def checks(base: str, log: Log) -> dict[str, str]:
    from django.db.models import Count

    from committee.models import DraftVersion, PairingRun, Publication
    from tournaments.models import BoardGame

    out = {}
    runs = list(PairingRun.objects.filter(pk__in=log.runs).values("pk", "status", "attempts"))
    twice = [r for r in runs if r["attempts"] != 1]
    not_ok = [r for r in runs if r["status"] != "succeeded"]
    drafts = {
        row["run_id"]: row["n"]
        for row in DraftVersion.objects.filter(run_id__in=log.runs, number=0)
        .values("run_id")
        .annotate(n=Count("id"))
    }
    double_drafts = [pk for pk in log.runs if drafts.get(pk) != 1]
    everywhere = PairingRun.objects.filter(attempts__gt=1).count()
    out["runs"] = (
        f"{len(runs)} requested during the load: {len(runs) - len(not_ok)} succeeded, {len(twice)} claimed more "
        f"than once, {len(double_drafts)} without exactly one engine draft; runs claimed twice in the whole "
        f"database: {everywhere}"
    )
    out["runs_ok"] = (
        "yes" if runs and not twice and not not_ok and not double_drafts and not everywhere else "no"
    )
    missing = [
        p
        for p in log.publications
        if not Publication.objects.filter(round__tournament__slug=p[0], round__number=p[1]).exists()
    ]
    out["publications"] = f"{len(log.publications) - len(missing)} of {len(log.publications)} in the database"
    lost_db, lost_public = 0, 0
    public_cache: dict[tuple[str, int], dict] = {}
    for slug, number, table, results in log.results:
        stored = dict(
            BoardGame.objects.filter(
                match__round__tournament__slug=slug, match__round__number=number, match__table=table
            ).values_list("board", "result")
        )
        if any(stored.get(int(b)) != r for b, r in results.items()):
            lost_db += 1
        if (slug, number) not in public_cache:
            with urllib.request.urlopen(
                f"{base}/api/ops/t/{slug}/rounds/{number}/boards/", timeout=30
            ) as response:
                public_cache[(slug, number)] = {m["table"]: m for m in json.loads(response.read())}
        shown = {str(b["board"]): b["result"] for b in public_cache[(slug, number)][table]["boards"]}
        if any(shown.get(b) != r for b, r in results.items()):
            lost_public += 1
    out["results"] = (
        f"{len(log.results)} matches entered ({sum(len(r[3]) for r in log.results)} boards): {lost_db} not as "
        f"entered in the database, {lost_public} not as entered on the public API after the load"
    )
    out["lost_ok"] = "yes" if not missing and not lost_db and not lost_public and not log.errors else "no"
    return out


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
    gunicorn, workers = None, []
    stop_event = threading.Event()
    log = Log()
    try:
        port = free_port()
        gunicorn = start_gunicorn(env, port, args.gunicorn_workers, args.threads, args.access_log)
        workers = [start_worker(env, f"season-worker{i}@%h") for i in range(1, args.celery_workers + 1)]
        base = f"http://127.0.0.1:{port}"
        wait_http(f"{base}/healthz/", timeout=60)
        wait_workers(args.celery_workers)
        with tempfile.TemporaryDirectory(prefix="bench-season-") as tmp:
            workdir = Path(tmp)
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
            cpu_before = cpu_snapshot(gunicorn, workers, played)
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
            cpu = cpu_report(
                cpu_before, cpu_snapshot(gunicorn, workers, played), time.perf_counter() - load_started
            )
        outcome = checks(base, log)
    finally:
        stop_event.set()
        stop(gunicorn)
        for worker in workers:
            stop(worker)
    load_after = os.getloadavg()
    report(args, work, page_figures, api_figures, log, outcome, load_after)
    print(cpu)


def report(args, work, page_figures, api_figures, log: Log, outcome: dict, load_after) -> None:
    def line(name: str, f: dict) -> str:
        return (
            f"  {name:6} {int(f['requests']):>7,} requests, {f['rps']:.0f} req/s: p50 {f['p50_ms']:.1f} ms, "
            f"p95 {f['p95_ms']:.1f} ms, p99 {f['p99_ms']:.1f} ms, max {f['max_ms']:.0f} ms; "
            f"HTTP errors {int(f['status_errors'])}, socket errors {int(f['socket_errors'])}, "
            f"timeouts {int(f['timeouts'])}"
        )

    print("public clients:")
    print(line("pages", page_figures))
    print(line("API", api_figures))
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
