"""``manage.py option_messages [--check]``: rewrite ``tournaments/option_messages.py`` from the engine.

The module lists the engine's names and labels the site shows (``tournaments.engine_texts``) for
``makemessages``. After a system changes its options: run this, then ``makemessages`` and
translate the new entries (docs/translations.md). ``--check`` only says whether it is in step.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournaments.engine_texts import MODULE, render_module


class Command(BaseCommand):
    help = "Rewrite tournaments/option_messages.py (the engine's labels for the catalogues) from the engine."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Only check that the module is in step.")

    def handle(self, *args, check: bool = False, **options):
        source = render_module()
        current = MODULE.read_text(encoding="utf-8") if MODULE.exists() else ""
        if check:
            if current != source:
                raise CommandError(f"{MODULE} is out of step with the engine: run manage.py option_messages")
            self.stdout.write(f"{MODULE} is in step with the engine.")
            return
        if current == source:
            self.stdout.write(f"{MODULE}: unchanged.")
            return
        MODULE.write_text(source, encoding="utf-8")
        self.stdout.write(f"{MODULE}: written; now run manage.py makemessages and translate the new entries.")
