"""Benchmark of the demo build and of the engine snapshot on a real database.

    .venv/bin/python bench/bench_seed_demo.py [--teams 184] [--database-url sqlite:////tmp/bench.sqlite3]

Builds the demo (``seed_demo --reset``) in a scratch database, then times
``engine_state(round)`` (the snapshot the committee pairs from) for the
Olympiad's next round. Prints seconds; the quick start's target is a demo
in under a minute on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from _common import django_on_a_scratch_database  # bench/ is on the path of a script run from it


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=184)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    django_on_a_scratch_database("bench-seed-", args.database_url)
    from django.core.management import call_command

    from tournaments.models import Tournament
    from tournaments.selectors import engine_state

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    call_command("seed_demo", "--reset", "--teams", str(args.teams), stdout=open(os.devnull, "w"))  # noqa: SIM115
    seeded = time.perf_counter() - started
    olympiad = Tournament.objects.get(slug="demo-olympiad-open")
    nxt = olympiad.rounds.exclude(state="complete").order_by("number").first()
    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        engine_state(nxt)
        times.append(time.perf_counter() - t0)
    print(f"database        {os.environ['DATABASE_URL'].split('://')[0]}")
    print(
        f"seed_demo       {seeded:6.1f} s  ({args.teams} Olympiad teams, 3 rounds + 12-team league, 5 rounds)"
    )
    print(f"engine_state    {statistics.median(times):6.3f} s  (round {nxt.number}, median of {args.repeat})")


if __name__ == "__main__":
    main()
