"""``manage.py makemessages -l fr -l es -l ru``: Django's command with the project's defaults.

The engine (``engine/``, English by design), the tests, benchmarks, documentation and collected
static files are left out, and each entry names its file without a line number
(``--add-location=file``), so that moving code does not rewrite every catalogue. Needs GNU
gettext's ``xgettext`` and ``msgmerge`` (Debian: ``apt-get install gettext``). See docs/translations.md.
"""

from __future__ import annotations

from django.core.management.commands import makemessages

IGNORED = ["engine", "tests", "bench", "docs", "staticfiles", "var", "media", "node_modules", "locale"]


class Command(makemessages.Command):
    help = (
        makemessages.Command.help
        + " The engine, tests, benchmarks and docs are left out (docs/translations.md)."
    )

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*(options.get("ignore_patterns") or []), *IGNORED]
        if options.get("add_location") is None:
            options["add_location"] = "file"
        return super().handle(*args, **options)
