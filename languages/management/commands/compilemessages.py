"""``manage.py compilemessages``: the project's catalogues (``LOCALE_PATHS``) to ``.mo``, in pure Python (Babel).

Replaces Django's command of the same name, which needs GNU gettext's ``msgfmt`` and
walks every ``locale`` folder below the current directory (``.venv`` included). Only the
catalogues whose ``.mo`` is missing or older than the ``.po`` are compiled unless
``--force``; a catalogue with a broken placeholder is refused with its line.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from languages.catalogues import compile_stale


class Command(BaseCommand):
    help = "Compile the site's .po catalogues (locale/) to .mo files, without gettext tools (Babel)."
    requires_system_checks = []  # (the check that warns of stale catalogues would run first)

    def add_arguments(self, parser):
        parser.add_argument(
            "--locale", "-l", action="append", default=[], help="Only this language (repeatable)."
        )
        parser.add_argument("--force", action="store_true", help="Also the catalogues that look up to date.")

    def handle(self, *args, **options):
        compiled, failed = compile_stale(options["locale"] or None, force=options["force"])
        for cat in compiled:
            if options["verbosity"] >= 1:
                self.stdout.write(f"compiled {cat.po}")
        if failed:
            lines = [f"{po}: {problem}" for po, problems in failed.items() for problem in problems]
            raise CommandError("These catalogues were not compiled:\n" + "\n".join(lines))
