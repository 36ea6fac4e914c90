"""Load benchmark of the public pairings page and API, and of "compute" with a real worker.

    .venv/bin/python bench/load_pairings.py [--teams 180] [--rounds 4] [--duration 10]
                                            [--connections 50] [--workers N]
    .venv/bin/python bench/load_pairings.py --url http://127.0.0.1:8000 --slug SLUG --round 4

Without ``--url`` it builds a fresh PostgreSQL database ``pairing_bench``
(127.0.0.1:5432, user postgres): a C.04.6 event of ``--teams`` teams whose
rounds 1..``--rounds`` are each computed by a real Celery worker on Redis
(``--redis``, default redis://127.0.0.1:6379/14, cleared), approved, published and
played, timing "compute" from the request to the draft being ready. It then
starts gunicorn on 127.0.0.1 and drives the last round's public page and its
API endpoint with ``wrk`` (``apt-get install -y wrk``) at ``--connections``
concurrent clients for ``--duration`` seconds each, printing p95 latency and
requests per second. Targets: p95 <= 100 ms, >= 300 req/s; compute <= 2 s.
Only 127.0.0.1 is ever loaded.

Live updates on (issue 12, section 5; ``--no-live`` leaves them out): the last
round is put in play with half its boards entered, and while every URL is
loaded an arbiter enters one more board result each second through the results
service (each one makes the live fragments out of date). Besides the page and
the API it loads the two fragments the public pages poll during play, asked
as the pages do (``wrk_live.lua``: each client asks with the version it last saw,
an unchanged fragment is an empty 204) and, the worst case, always with a version
that is out of date, so that every answer is the whole fragment.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _common import (  # bench/ is on the path of a script run from it
    ROOT,
    analyse,
    environment,
    free_port,
    recreate_database,
    start_gunicorn,
    start_worker,
    stop,
    wait_http,
)

LUA = Path(__file__).resolve().parent / "wrk_p95.lua"
LIVE_LUA = Path(__file__).resolve().parent / "wrk_live.lua"  # clients that follow the fragment's version
SLUG = "bench-swiss"


def build_event(teams: int, rounds: int, seed: int = 2026) -> list[float]:
    """Create the event and run rounds 1..rounds through the worker; compute times in seconds."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.cache import cache

    cache.clear()  # the bench's own Redis database: nothing cached from an earlier build
    from committee import services
    from committee.models import PairingRun
    from tournaments.models import Membership, Player, Team, Tournament
    from tournaments.models.membership import Role
    from tournaments.services import assign_initial_order, create_rounds, draw_initial_colour

    rng = random.Random(seed)
    t = Tournament.objects.create(name=f"Bench Swiss ({teams} teams)", slug=SLUG, rounds_total=rounds + 2)
    for i in range(1, teams + 1):
        team = Team.objects.create(tournament=t, name=f"Team {i:03d}", federation=f"X{i % 100:02d}")
        base = 2700 - 4 * i
        Player.objects.bulk_create(
            Player(team=team, name=f"Player {i}-{b}", rating=base - 10 * b, board_order=b)
            for b in range(1, 6)
        )
    assign_initial_order(t)
    draw_initial_colour(t, colour="w")
    create_rounds(t)
    member = get_user_model().objects.create_user("bench-member", password="bench")
    Membership.objects.create(user=member, tournament=t, role=Role.COMMITTEE_MEMBER)

    times = []
    for number in range(1, rounds + 1):
        rnd = t.rounds.get(number=number)
        started = time.perf_counter()
        run = services.request_pairing(round=rnd, user=member)
        while True:
            status = PairingRun.objects.values_list("status", flat=True).get(pk=run.pk)
            if status in ("succeeded", "failed"):
                break
            time.sleep(0.01)
        elapsed = time.perf_counter() - started
        if status == "failed":
            raise SystemExit(f"round {number}: {PairingRun.objects.get(pk=run.pk).error}")
        times.append(elapsed)
        print(f"  round {number}: draft ready {elapsed:.2f} s after the request (real worker)")
        version = services.current_version(rnd)
        services.approve(version=version, user=member)
        services.publish(version=version, user=member)
        if number < rounds:
            play(rnd, rng)
    return times


def play(rnd, rng: random.Random) -> None:
    from tournaments.models import RoundState as S
    from tournaments.services import (
        create_board_games,
        recompute_match,
        record_board_results,
        transition_round,
    )

    for target in (S.LINEUPS_OPEN, S.LINEUPS_CLOSED, S.BOARD_PAIRINGS_POSTED, S.IN_PLAY):
        rnd = transition_round(rnd, target)
    for m in rnd.matches.select_related("white_team", "black_team"):
        if m.is_bye:
            recompute_match(m)
            continue
        games = create_board_games(
            m, list(m.white_team.players.all()[:4]), list(m.black_team.players.all()[:4])
        )
        record_board_results(m, [rng.choice(["1-0", "0-1", "1/2-1/2"]) for _ in games])
    transition_round(rnd, S.COMPLETE)


def start_play(number: int) -> list[tuple[int, int]]:
    """Put round ``number`` in play, its boards posted and half its matches entered; the boards left."""
    from django.contrib.auth import get_user_model

    from operations.services import results
    from tournaments.models import Membership, Tournament
    from tournaments.models import RoundState as S
    from tournaments.models.membership import Role
    from tournaments.services import create_board_games, recompute_match, transition_round

    t = Tournament.objects.get(slug=SLUG)
    arbiter = get_user_model().objects.create_user("bench-arbiter", password="bench")
    Membership.objects.create(user=arbiter, tournament=t, role=Role.ARBITER)
    rnd = t.rounds.get(number=number)
    for target in (S.LINEUPS_OPEN, S.LINEUPS_CLOSED, S.BOARD_PAIRINGS_POSTED):
        rnd = transition_round(rnd, target)
    left = []
    for i, m in enumerate(rnd.matches.select_related("white_team", "black_team").order_by("table")):
        if m.is_bye:
            recompute_match(m)
            continue
        create_board_games(m, list(m.white_team.players.all()[:4]), list(m.black_team.players.all()[:4]))
        if i % 2 == 0:
            results.enter_results(m, dict.fromkeys(range(1, 5), "1/2-1/2"), by=arbiter)
        else:
            left += [(m.pk, board) for board in range(1, 5)]
    return left


class ResultWriter:
    """An arbiter entering one board result a second (through the results service) while the load runs."""

    def __init__(self, boards: list[tuple[int, int]]):
        import threading

        self.boards = list(boards)
        self.entered = 0
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db import connection

        from operations.services import results
        from tournaments.models import Match

        arbiter = get_user_model().objects.get(username="bench-arbiter")
        rng = random.Random(7)
        try:
            while self.boards and not self.stop_event.wait(1.0):
                match_id, board = self.boards.pop(0)
                match = Match.objects.get(pk=match_id)
                results.enter_results(match, {board: rng.choice(["1-0", "0-1", "1/2-1/2"])}, by=arbiter)
                self.entered += 1
        finally:
            connection.close()

    def __enter__(self) -> ResultWriter:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop_event.set()
        self.thread.join(10)


def wrk(url: str, connections: int, duration: int, script: Path = LUA) -> tuple[float, float, int]:
    """(p95 ms, requests/s, non-2xx) of a wrk run against ``url``."""
    if not url.startswith("http://127.0.0.1:"):
        raise SystemExit("only 127.0.0.1 is loaded")
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency", "-s", str(script), url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    values = dict(line.split("=", 1) for line in out.splitlines() if line.startswith("BENCH_"))
    return float(values["BENCH_P95_MS"]), float(values["BENCH_RPS"]), int(values["BENCH_NON2XX"])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="a running site (http://127.0.0.1:PORT); skips building and compute")
    parser.add_argument("--slug", default=SLUG)
    parser.add_argument("--round", type=int, help="the round to load (default: the last built)")
    parser.add_argument(
        "--redis",
        default="redis://127.0.0.1:6379/14",
        help="a Redis database the bench may clear (broker, cache)",
    )
    parser.add_argument("--teams", type=int, default=180)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument(
        "--workers", type=int, default=None, help="gunicorn's processes (default: gunicorn.conf.py's)"
    )
    parser.add_argument(
        "--database", default="pairing_bench", help="the PostgreSQL database the bench may drop"
    )
    parser.add_argument(
        "--no-live", action="store_true", help="leave out the round in play and its live fragments"
    )
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install -y wrk")

    number = args.round or args.rounds
    gunicorn = worker = None
    writer = contextlib.nullcontext()
    urls: list[tuple[str, str]] = []
    try:
        if args.url:
            base = args.url.rstrip("/")
        else:
            env = environment(args.database, args.redis)
            print(
                f"building {args.teams} teams, {args.rounds} rounds in PostgreSQL database {args.database} ..."
            )
            recreate_database(args.database, env)
            os.environ.update(env)
            sys.path.insert(0, str(ROOT))
            worker = start_worker(env, "bench@%h", "--without-heartbeat")
            times = build_event(args.teams, args.rounds)
            stop(worker)
            worker = None
            if not args.no_live:
                writer = ResultWriter(start_play(number))
            analyse(args.database)
            print(
                f"compute ({args.teams} teams, request -> draft ready, real worker): "
                f"median {statistics.median(times):.2f} s, max {max(times):.2f} s (target <= 2 s)"
            )
            port = free_port()
            gunicorn = start_gunicorn(env, port, args.workers)
            base = f"http://127.0.0.1:{port}"
            wait_http(f"{base}/healthz/")
        urls += [
            ("public page", f"{base}/t/{args.slug}/round/{number}/pairings/", LUA),
            ("API endpoint", f"{base}/api/tournaments/{args.slug}/rounds/{number}/pairings/", LUA),
        ]
        if isinstance(writer, ResultWriter):
            results_live = f"{base}/ops/t/{args.slug}/r/{number}/boards/live/?v=out-of-date"
            standings_live = f"{base}/ops/t/{args.slug}/standings/live/?v=out-of-date"
            urls += [
                ("live results, polling", results_live, LIVE_LUA),
                ("live standings, polling", standings_live, LIVE_LUA),
                ("live results, whole fragment every time", results_live, LUA),
                ("live standings, whole fragment every time", standings_live, LUA),
            ]
        with writer:
            if isinstance(writer, ResultWriter):
                print("live updates on: an arbiter enters one board result a second during the load")
            for name, url, script in urls:
                wait_http(url)
                wrk(url, args.connections, 2, script)  # warm-up
                p95, rps, bad = wrk(url, args.connections, args.duration, script)
                print(
                    f"{name:12} {url}\n  {args.connections} clients, {args.duration} s: p95 {p95:.1f} ms, "
                    f"{rps:.0f} req/s, non-2xx {bad} (targets p95 <= 100 ms, >= 300 req/s)"
                )
        if isinstance(writer, ResultWriter):
            print(f"results entered during the load: {writer.entered}")
    finally:
        stop(gunicorn)
        stop(worker)


if __name__ == "__main__":
    main()
