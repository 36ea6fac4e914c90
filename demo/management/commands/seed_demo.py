"""``manage.py seed_demo [--reset] [--teams N]``: the demo tournaments and logins."""

import logging
import time

from django.core.management.base import BaseCommand

from demo.seed import DEMO_PASSWORD, DEMO_USERS, SeedOptions, seed


class Command(BaseCommand):
    help = "Create the demo: an Olympiad-sized open section, a 12-team league, and demo users (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--reset", action="store_true", help="Delete the demo tournaments and rebuild them."
        )
        parser.add_argument(
            "--teams", type=int, default=184, help="Teams in the Olympiad section (default 184)."
        )
        parser.add_argument("--league-teams", type=int, default=12)
        parser.add_argument(
            "--olympiad-rounds", type=int, default=3, help="Olympiad rounds played (default 3)."
        )
        parser.add_argument("--league-rounds", type=int, default=5, help="League rounds played (default 5).")
        parser.add_argument("--seed", type=int, default=2026, help="Random seed of the results.")

    def handle(self, *args, **opts):
        started = time.monotonic()
        options = SeedOptions(
            teams=opts["teams"],
            league_teams=opts["league_teams"],
            olympiad_rounds_played=opts["olympiad_rounds"],
            league_rounds_played=opts["league_rounds"],
            seed=opts["seed"],
        )
        # The committee's runs and the in-process Celery tasks log every step; the demo says enough.
        for name in ("celery", "kombu", "committee"):
            logging.getLogger(name).setLevel(logging.WARNING)
        created = seed(options, reset=opts["reset"], log=self.stdout.write)
        if created:
            self.stdout.write(self.style.SUCCESS(f"Demo built in {time.monotonic() - started:.1f} s."))
        for name, what in DEMO_USERS.items():
            self.stdout.write(f"  {name:8} / {DEMO_PASSWORD}  {what}")
