"""``manage.py seed_season [--tournaments 200] [--committees 8] [--jobs 2] [--reset]``: a federation's season."""

import logging
import time

from django.core.management.base import BaseCommand, CommandError

from demo.season import PASSWORD, SeasonOptions, build_season, committee_usernames


class Command(BaseCommand):
    help = (
        "Build a season of team events at once (C.04.6 team Swiss and Olympiads, 10-180 teams) run by "
        "several committees, with a fixed seed; every round paired through the committee's services."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--tournaments", type=int, default=200, help="How many tournaments (default 200)."
        )
        parser.add_argument("--committees", type=int, default=8, help="How many committees (default 8).")
        parser.add_argument("--min-teams", type=int, default=10)
        parser.add_argument("--max-teams", type=int, default=180)
        parser.add_argument(
            "--max-rounds-played",
            type=int,
            default=4,
            help="Complete rounds at most per tournament (default 4).",
        )
        parser.add_argument("--seed", type=int, default=2026, help="Random seed (default 2026).")
        parser.add_argument(
            "--jobs", type=int, default=1, help="Build this many tournaments at once (PostgreSQL; default 1)."
        )
        parser.add_argument(
            "--reset", action="store_true", help="Delete the season's tournaments and rebuild."
        )

    def handle(self, *args, **opts):
        if opts["tournaments"] < 1:
            raise CommandError("--tournaments must be at least 1.")
        options = SeasonOptions(
            tournaments=opts["tournaments"],
            committees=opts["committees"],
            seed=opts["seed"],
            min_teams=opts["min_teams"],
            max_teams=opts["max_teams"],
            max_rounds_played=opts["max_rounds_played"],
            jobs=opts["jobs"],
        )
        for name in ("celery", "kombu", "committee", "observability", "pairing_site.task"):
            logging.getLogger(name).setLevel(logging.WARNING)
        started = time.monotonic()
        try:
            plans = build_season(options, reset=opts["reset"], log=self.stdout.write)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if plans is None:
            return
        teams = sum(p.teams for p in plans)
        self.stdout.write(
            self.style.SUCCESS(
                f"Season built in {time.monotonic() - started:.1f} s: {len(plans)} tournaments, {teams} teams, "
                f"{options.committees} committees."
            )
        )
        self.stdout.write(
            f"Logins (password '{PASSWORD}'): "
            + ", ".join(committee_usernames(1).values())
            + f", ... up to committee {options.committees}"
        )
