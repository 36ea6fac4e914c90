"""``manage.py export_trf SLUG [-o FILE] [--round N]``: the event as a TRF-2026 file."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from operations.services.exports import trf_export
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament as TRF-2026 (teams, players, every round, byes and forfeits)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", type=Path, default=None)
        parser.add_argument(
            "--round", type=int, default=None, help="Up to this round (default: the latest with results)."
        )

    def handle(self, *args, slug: str, output: Path | None, round: int | None, **options):
        t = Tournament.objects.filter(slug=slug).first()
        if t is None:
            raise CommandError(f"no tournament {slug!r}")
        try:
            text = trf_export(t, round)
        except ValueError as err:
            raise CommandError(str(err)) from None
        if output:
            output.write_text(text, encoding="utf-8")
            self.stdout.write(f"Wrote {output}.")
        else:
            self.stdout.write(text, ending="")
