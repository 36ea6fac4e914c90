"""What the round's operations keep beyond the tournament model.

- :class:`OperationsSettings`: per-tournament choices for lineups and results;
- :class:`CaptainLink`: a one-time link the committee issues to a captain;
- :class:`LineupSubmission`: every lineup submitted, accepted or refused,
  timestamped, with a late override when an arbiter granted one (rule 61);
- :class:`ResultEntry`: every board result entered, by whom and when (rule 56);
- :class:`MatchConfirmation`: a captain's confirmation of a match result;
- :class:`ResultsSummary`: the signed summary of a round's results (rule 56).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class DefaultLineupPolicy(models.TextChoices):
    PREVIOUS = "previous", _("The previous round's lineup (else the top boards)")
    TOP_BOARDS = "top_boards", _("The top boards of the roster")


class OperationsSettings(models.Model):
    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="operations_settings"
    )
    default_lineup = models.CharField(
        max_length=20, choices=DefaultLineupPolicy.choices, default=DefaultLineupPolicy.PREVIOUS
    )
    min_players = models.PositiveSmallIntegerField(
        default=1, help_text=_("Fewest players a team may field; empty boards go at the bottom.")
    )
    allow_empty_boards = models.BooleanField(default=True)
    captains_confirm_results = models.BooleanField(
        default=False, help_text=_("Both captains confirm a match result.")
    )
    auto_close_lineups = models.BooleanField(
        default=True,
        help_text=_(
            "At the lineup deadline, close the window and post the board pairings automatically "
            "(the periodic task operations.close_due_lineups)."
        ),
    )

    class Meta:
        verbose_name_plural = "operations settings"

    def __str__(self) -> str:
        return f"Operations settings of {self.tournament}"


def _token() -> str:
    return secrets.token_urlsafe(32)


class CaptainLink(models.Model):
    """A one-time link that lets a captain submit one lineup without an account."""

    team = models.ForeignKey("tournaments.Team", on_delete=models.CASCADE, related_name="captain_links")
    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="captain_links")
    token = models.CharField(max_length=64, unique=True, default=_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Captain link for {self.team} in round {self.round.number}"


class LineupSubmission(models.Model):
    """One submission of a lineup, kept whatever became of it."""

    class Status(models.TextChoices):
        ACCEPTED = "accepted", _("Accepted")
        REFUSED = "refused", _("Refused")
        DEFAULT = "default", _("Default applied")

    team = models.ForeignKey("tournaments.Team", on_delete=models.CASCADE, related_name="lineup_submissions")
    round = models.ForeignKey(
        "tournaments.Round", on_delete=models.CASCADE, related_name="lineup_submissions"
    )
    players = models.JSONField(help_text=_("Player ids by board, null for an empty board."))
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    via_link = models.ForeignKey(CaptainLink, on_delete=models.SET_NULL, null=True, blank=True)
    submitted_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices)
    reason = models.TextField(blank=True, help_text=_("Why it was refused."))
    late = models.BooleanField(default=False)
    override_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    override_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["round", "team", "submitted_at", "id"]

    def __str__(self) -> str:
        return f"{self.team} R{self.round.number} {self.status} at {self.submitted_at:%H:%M:%S}"


class ResultEntry(models.Model):
    """A board result as entered (rule 56: who entered what and when)."""

    game = models.ForeignKey("tournaments.BoardGame", on_delete=models.CASCADE, related_name="entries")
    result = models.CharField(max_length=8, blank=True)
    previous = models.CharField(max_length=8, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    entered_at = models.DateTimeField()

    class Meta:
        ordering = ["entered_at", "id"]
        verbose_name_plural = "result entries"

    def __str__(self) -> str:
        return f"{self.game}: {self.previous or '–'} -> {self.result or '–'}"


class MatchConfirmation(models.Model):
    match = models.ForeignKey("tournaments.Match", on_delete=models.CASCADE, related_name="confirmations")
    team = models.ForeignKey("tournaments.Team", on_delete=models.CASCADE, related_name="+")
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    confirmed_at = models.DateTimeField()
    # The board results confirmed, so a later change voids the confirmation.
    results = models.JSONField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "team"], name="one_confirmation_per_team")]

    def __str__(self) -> str:
        return f"{self.team} confirmed {self.match}"


class ResultsSummary(models.Model):
    """A signed summary of a round's results (rule 56), kept as printed."""

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="results_summaries")
    signed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    signed_at = models.DateTimeField()
    complete = models.BooleanField(help_text=_("Every board had a final result when signed."))
    content = models.JSONField(help_text=_("The results as signed: matches, boards, entries."))
    digest = models.CharField(max_length=64, help_text=_("SHA-256 of the content."))

    class Meta:
        ordering = ["round", "signed_at"]
        verbose_name_plural = "results summaries"

    def __str__(self) -> str:
        return f"Results summary of {self.round} signed {self.signed_at:%Y-%m-%d %H:%M}"
