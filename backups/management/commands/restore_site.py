"""``manage.py restore_site FILE``: a backup back onto an empty database (``DATABASE_URL``)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from backups.services import BackupError, restore


class Command(BaseCommand):
    help = (
        "Restore a backup written by backup_site onto the site's database, which must be empty and of the "
        "same kind (PostgreSQL or SQLite); puts the uploaded files back and checks the counts."
    )

    def add_arguments(self, parser):
        parser.add_argument("backup", type=Path, help="The backup file (.tar).")

    def handle(self, *args, **opts):
        if not opts["backup"].is_file():
            raise CommandError(f"{opts['backup']} is not a file.")
        try:
            restore(opts["backup"], log=self.stdout.write)
        except BackupError as exc:
            raise CommandError(str(exc)) from None
