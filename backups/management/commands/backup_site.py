"""``manage.py backup_site [--output FILE] [--no-media]``: one file holding the database and the media files."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from backups.services import BackupError, backup


class Command(BaseCommand):
    help = (
        "Write a backup of the site: the database (PostgreSQL: pg_dump; SQLite: an online copy), the "
        "uploaded files and a manifest with the counts a restore checks, in one tar file."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--output", type=Path, help="The file to write (default var/backups/pairing-site-<UTC time>.tar)."
        )
        parser.add_argument("--no-media", action="store_true", help="Leave the uploaded files out.")

    def handle(self, *args, **opts):
        try:
            backup(opts["output"], media=not opts["no_media"], log=self.stdout.write)
        except BackupError as exc:
            raise CommandError(str(exc)) from None
