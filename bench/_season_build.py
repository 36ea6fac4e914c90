"""The season benchmark's database and workers (``bench/season.py``).

``build`` makes a fresh PostgreSQL database and builds the season in it with
``manage.py seed_season`` (unless ``--keep`` finds one there);
``wait_workers`` waits until the Celery workers the bench started answer.
"""

from __future__ import annotations

import subprocess
import sys
import time

from _common import ROOT, recreate_database


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
