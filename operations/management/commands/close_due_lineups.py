"""``manage.py close_due_lineups``: close the lineup windows whose deadline has passed (cron-friendly)."""

from django.core.management.base import BaseCommand

from operations.services.deadlines import close_due_lineups


class Command(BaseCommand):
    help = "Close lineup windows past their deadline, apply default lineups and post the board pairings."

    def handle(self, *args, **options):
        rounds = close_due_lineups()
        for r in rounds:
            self.stdout.write(f"{r.tournament.slug}: round {r.number} lineups closed, board pairings posted.")
        if not rounds:
            self.stdout.write("No lineup window is due.")
