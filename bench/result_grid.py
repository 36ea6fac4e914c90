"""Benchmark of the result grid (issue 20, item 1): server time of each board saved, a whole 184-team round.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB [REDIS_URL=redis://...] \\
        .venv/bin/python bench/result_grid.py [--teams 184] [--reseed]

Runs against the database DATABASE_URL names (and the cache REDIS_URL names, if any, as the site
would). Builds the demo there (``seed_demo --reset --teams N``) when its Olympiad is missing or has
another number of teams; then takes the round an arbiter would enter next: a round taking results
whose boards are all pending, else the round whose lineups are open (its lineups closed with the
defaults and its board pairings posted, as the arbiters do). Opens the grid page once, then saves
every board of the round as the grid's script does, table by table and board by board: one POST
per board to the grid's save URL (``result`` and ``expected`` from the first-named player's side),
through the whole Django stack in this process (middleware, session, the view, ``enter_results``,
the JSON answer with the match's score and the round's pending count), as the demo's arbiter.
Prints the server time of a save (median, p95, max) against the target of 150 ms, and the
database queries of a save. Then clears the round's boards back to pending through the grid (not
counted), so that the next run measures the same first entries.
"""

from __future__ import annotations

import argparse
import io
import itertools
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 150.0
# The results typed, board after board (first-named side): every result key but the double forfeit.
RESULTS = ["1-0", "0-1", "1/2-1/2", "1/2-1/2", "1-0", "+-", "0-1", "-+", "1/2-1/2", "1-0", "*", "0-1"]


def _django() -> None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Give the PostgreSQL database to measure on: DATABASE_URL=postgres://...")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pairing_site.settings")
    sys.path.insert(0, str(ROOT))
    import logging

    import django

    django.setup()
    logging.disable(logging.WARNING)


def _olympiad(teams: int, reseed: bool):
    from django.core.management import call_command

    from demo.seed import OLYMPIAD_SLUG
    from tournaments.models import Tournament

    call_command("migrate", verbosity=0)
    t = Tournament.objects.filter(slug=OLYMPIAD_SLUG).first()
    if reseed or t is None or t.teams.count() != teams:
        print("building the demo" + (f" (it has {t.teams.count()} teams)" if t and not reseed else ""))
        started = time.perf_counter()
        call_command("seed_demo", reset=True, teams=teams, stdout=io.StringIO())
        print(f"demo built in {time.perf_counter() - started:.1f} s ({teams} teams)")
        t = Tournament.objects.get(slug=OLYMPIAD_SLUG)
    return t


def _round_to_enter(t, arbiter):
    """The round whose results come next, its board pairings posted; None when the demo has none left."""
    from operations.services import board_pairings, lineups, results
    from tournaments.models import RoundState

    for r in t.rounds.filter(state__in=results.ENTRY_STATES).order_by("number"):
        boards = r.matches.filter(is_bye=False).values_list("boards__result", flat=True)
        if boards and not any(boards):
            return r
    r = (
        t.rounds.filter(state__in=[RoundState.LINEUPS_OPEN, RoundState.LINEUPS_CLOSED])
        .order_by("number")
        .first()
    )
    if r is None:
        return None
    if r.state == RoundState.LINEUPS_OPEN:
        lineups.close_lineups(r, by=arbiter)
        r.refresh_from_db()
    board_pairings.post_board_pairings(r, by=arbiter)
    r.refresh_from_db()
    return r


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=184)
    parser.add_argument("--reseed", action="store_true", help="rebuild the demo first")
    args = parser.parse_args()
    _django()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    settings.ALLOWED_HOSTS = ["*"]
    t = _olympiad(args.teams, args.reseed)
    arbiter = get_user_model().objects.get(username="arbiter")
    r = _round_to_enter(t, arbiter)
    if r is None:  # every round of the demo entered: built again
        t = _olympiad(args.teams, True)
        arbiter = get_user_model().objects.get(username="arbiter")
        r = _round_to_enter(t, arbiter)
    boards = list(
        r.matches.filter(is_bye=False)
        .order_by("table")
        .values_list("table", "boards__board")
        .order_by("table", "boards__board")
    )
    print(
        f"{t.name}: round {r.number}, {r.matches.filter(is_bye=False).count()} matches, {len(boards)} boards"
    )
    client = Client()
    client.force_login(arbiter)
    started = time.perf_counter()
    page = client.get(reverse("ops-result-grid", args=[t.slug, r.number]))
    assert page.status_code == 200, page.status_code
    print(
        f"grid page: {1000 * (time.perf_counter() - started):.0f} ms, {len(page.content) // 1024} KiB (the one page load)"
    )
    url = reverse("ops-result-grid-save", args=[t.slug, r.number])
    typed = dict(zip(boards, itertools.cycle(RESULTS)))
    times, cpu, queries = [], [], []
    for i, ((table, board), result) in enumerate(typed.items()):
        fields = {"table": str(table), "board": str(board), "result": result, "expected": ""}
        if i % 10 == 9:  # every tenth save counts its queries (the counting is not timed)
            with CaptureQueriesContext(connection) as captured:
                answer = client.post(url, fields)
            queries.append(len(captured.captured_queries))
        else:
            started, started_cpu = time.perf_counter(), time.process_time()
            answer = client.post(url, fields)
            times.append(1000 * (time.perf_counter() - started))
            cpu.append(1000 * (time.process_time() - started_cpu))
        assert answer.status_code == 200, (table, board, answer.status_code, answer.content[:300])
    last = answer.json()
    print(f"after the last save: {last['pending_text']}")
    print(
        f"per-board save, server time over {len(times)} boards (timed; the other tenth counted queries): median {statistics.median(times):.1f} ms, "
        f"p95 {_percentile(times, 0.95):.1f} ms, max {max(times):.1f} ms "
        f"(target <= {TARGET_MS:.0f} ms: {'met' if max(times) <= TARGET_MS else 'NOT met'} at the max, "
        f"{'met' if _percentile(times, 0.95) <= TARGET_MS else 'NOT met'} at p95)"
    )
    print(
        f"the same saves, this process's CPU time (the server's own work, the database's excluded): "
        f"median {statistics.median(cpu):.1f} ms, p95 {_percentile(cpu, 0.95):.1f} ms, max {max(cpu):.1f} ms"
    )
    print(
        f"database queries a save (every tenth save): median {statistics.median(queries):.0f}, max {max(queries)}"
    )
    print(f"the whole round: {statistics.mean(times) * len(typed) / 1000:.1f} s of server time")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for (table, board), result in typed.items():  # back to pending for the next run (not counted)
        client.post(url, {"table": str(table), "board": str(board), "result": "", "expected": result})


if __name__ == "__main__":
    main()
