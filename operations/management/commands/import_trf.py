"""``manage.py import_trf FILE [--name N] [--slug S]``: start or continue an event from a TRF-2026 team file."""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from operations.services.trf_import import import_trf


class Command(BaseCommand):
    help = "Create a tournament from a TRF-2026 team file (teams, rosters, every round played)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--name", default="")
        parser.add_argument("--slug", default="")

    def handle(self, *args, file: Path, name: str, slug: str, **options):
        try:
            text = file.read_bytes()
        except OSError as err:
            raise CommandError(f"cannot read {file}: {err}") from None
        try:
            t = import_trf(text, name=name, slug=slug)
        except ValidationError as err:
            raise CommandError(f"{file}: {' '.join(err.messages)} (nothing saved)") from None
        self.stdout.write(f"Imported {t.name} ({t.slug}): {t.teams.count()} teams.")
