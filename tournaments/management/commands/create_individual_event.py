"""``manage.py create_individual_event NAME --system dubov|lim --rounds N [--slug S] [PLAYERS.csv]``.

Creates an individual event (docs/individual-events.md) with its rounds and,
from a CSV file with a header row (``name`` required; ``rating``, ``title``,
``federation``, ``fide_id``, ``sex`` optional), its players, then gives the
pairing numbers (rating, title, name). All or nothing: a bad row saves nothing.
"""

from __future__ import annotations

import csv

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.text import slugify

from tournaments.services.individual import assign_individual_order, create_individual_event, register_player


class Command(BaseCommand):
    help = "Create an individual Dubov or Lim event, optionally with its players from a CSV file."

    def add_arguments(self, parser):
        parser.add_argument("name")
        parser.add_argument("players", nargs="?", help="CSV file: name,rating,title,federation,fide_id,sex")
        parser.add_argument("--system", choices=["dubov", "lim"], required=True)
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument("--slug", default="")

    def handle(self, *args, **opts):
        slug = opts["slug"] or slugify(opts["name"])[:90]
        try:
            with transaction.atomic():
                t = create_individual_event(
                    name=opts["name"], slug=slug, pairing_system=opts["system"], rounds_total=opts["rounds"]
                )
                count = 0
                if opts["players"]:
                    with open(opts["players"], newline="", encoding="utf-8") as fh:
                        for line, row in enumerate(csv.DictReader(fh), start=2):
                            try:
                                register_player(t, **_player(row))
                            except (ValidationError, ValueError) as err:
                                msg = "; ".join(getattr(err, "messages", [str(err)]))
                                raise CommandError(f"{opts['players']}, line {line}: {msg}") from None
                            count += 1
                    assign_individual_order(t)
        except ValidationError as err:
            raise CommandError("; ".join(err.messages)) from None
        except OSError as err:
            raise CommandError(f"cannot read {opts['players']}: {err.strerror}") from None
        self.stdout.write(f"Created {t.name} ({t.slug}): {t.get_pairing_system_display()}, {count} players.")


def _player(row: dict) -> dict:
    row = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items()}
    rating = row.get("rating", "")
    if rating and not rating.isdigit():
        raise ValueError(f"rating {rating!r} is not a number")
    return {
        "name": row.get("name", ""),
        "rating": int(rating) if rating else None,
        "title": row.get("title", ""),
        "federation": row.get("federation", ""),
        "fide_id": row.get("fide_id", ""),
        "sex": row.get("sex", ""),
    }
