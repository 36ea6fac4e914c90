"""Rounds, their life cycle, and a team's status for a round."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.states import PAIRED_STATES, RoundState

from .fields import numbered_within


class Round(models.Model):
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    date = models.DateField(null=True, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    state = models.CharField(max_length=30, choices=RoundState.choices, default=RoundState.AWAITING_RESULTS)
    state_changed_at = models.DateTimeField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    lineups_close_at = models.DateTimeField(null=True, blank=True)

    history = HistoricalRecords()  # every state change, with who made it

    class Meta:
        ordering = ["tournament", "number"]
        constraints = numbered_within(
            "tournament", "number", unique="unique_round_number", positive="round_number_positive"
        )

    def __str__(self) -> str:
        return f"{self.tournament} – round {self.number}"

    @property
    def is_paired(self) -> bool:
        """True once a pairing has been approved (matches are the approved pairing)."""
        return self.state in PAIRED_STATES

    @property
    def pairing_is_public(self) -> bool:
        """Its pairing is published (and not taken back for review)."""
        return self.state in PAIRED_STATES and self.state != RoundState.APPROVED

    @property
    def boards_are_public(self) -> bool:
        """Its board pairings (and results) are posted."""
        return self.state in (RoundState.BOARD_PAIRINGS_POSTED, RoundState.IN_PLAY, RoundState.COMPLETE)


class TeamRoundStatus(models.Model):
    """A team not to be paired in a round: absent (announced) or withdrawn."""

    class Status(models.TextChoices):
        ABSENT = "absent", _("Absent (not paired, no points)")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    team = models.ForeignKey("tournaments.Team", on_delete=models.CASCADE, related_name="round_statuses")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_statuses")
    status = models.CharField(max_length=20, choices=Status.choices)
    note = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["team", "round"], name="one_status_per_team_round")]

    def __str__(self) -> str:
        return f"{self.team} {self.status} in round {self.round.number}"
