"""A team's lineup for a round: which roster players play which board."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords


class Lineup(models.Model):
    """The players a team fields in a round, in board order (``entries``).

    ``default_applied`` is set when the team submitted nothing and the
    default lineup (the first boards of the roster) was used.
    """

    team = models.ForeignKey("tournaments.Team", on_delete=models.CASCADE, related_name="lineups")
    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="lineups")
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    submitted_at = models.DateTimeField(null=True, blank=True)
    locked = models.BooleanField(default=False)
    default_applied = models.BooleanField(default=False)

    history = HistoricalRecords()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["team", "round"], name="one_lineup_per_team_round")]

    def __str__(self) -> str:
        return f"Lineup of {self.team} in round {self.round.number}"

    def players(self) -> list:
        return [e.player for e in self.entries.select_related("player").order_by("board")]


class LineupEntry(models.Model):
    lineup = models.ForeignKey(Lineup, on_delete=models.CASCADE, related_name="entries")
    board = models.PositiveSmallIntegerField()
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="lineup_entries")

    history = HistoricalRecords()

    class Meta:
        ordering = ["lineup", "board"]
        verbose_name_plural = "lineup entries"
        constraints = [
            models.UniqueConstraint(fields=["lineup", "board"], name="unique_board_per_lineup"),
            models.UniqueConstraint(fields=["lineup", "player"], name="player_once_per_lineup"),
        ]

    def __str__(self) -> str:
        return f"board {self.board}: {self.player}"
