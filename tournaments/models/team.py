"""Teams (participants) and their rosters."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .fields import numbered_within


class Team(models.Model):
    """A participant: a team with a roster in fixed board order.

    ``tpn`` is the tournament pairing number (C.04.6 1.1; Olympiad rules
    7-8), unique within the tournament, blank until the initial order is
    set. ``is_extra`` marks the organiser's extra team of the 1998 Olympiad
    text (rules 2-3): paired, points against it count, not ranked. In an
    individual event every participant is a one-player team.
    """

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="teams")
    tpn = models.PositiveIntegerField(null=True, blank=True, verbose_name=_("TPN"))
    name = models.CharField(max_length=200)
    short_name = models.CharField(max_length=30, blank=True)
    federation = models.CharField(max_length=3, blank=True, help_text=_("FIDE federation code, e.g. GER."))
    is_extra = models.BooleanField(default=False, help_text=_("Extra team (1998 rules 2-3): not ranked."))
    manual_order = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("Tie-break for the initial order set by the committee (rule 8).")
    )
    strength = models.FloatField(default=0, help_text=_("Team rating average used for the initial order."))
    # Late entry: the first round the team takes part in (None = round 1).
    late_entry_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Withdrawal: not paired from this round on (None = not withdrawn).
    withdrawn_from_round = models.PositiveSmallIntegerField(null=True, blank=True)
    withdrawal_reason = models.CharField(max_length=300, blank=True)

    history = HistoricalRecords()  # records TPN changes (C.04.6 1.1.2), withdrawals

    class Meta:
        ordering = ["tournament", "tpn", "name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "tpn"], name="unique_tpn_per_tournament"),
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_team_name_per_tournament"),
        ]

    def __str__(self) -> str:
        return f"{self.tpn or '-'} {self.name}"

    @property
    def label(self) -> str:
        return self.short_name or self.name

    def is_withdrawn_for(self, round_number: int) -> bool:
        return self.withdrawn_from_round is not None and round_number >= self.withdrawn_from_round

    def has_entered_by(self, round_number: int) -> bool:
        return self.late_entry_round is None or round_number >= self.late_entry_round


class Player(models.Model):
    """A roster member, in fixed board order (reserves after the boards)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=200)
    fide_id = models.CharField(max_length=15, blank=True, verbose_name=_("FIDE id"))
    title = models.CharField(max_length=5, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True, choices=[("m", "male"), ("f", "female")])
    rating = models.PositiveSmallIntegerField(null=True, blank=True, help_text=_("Blank = unrated."))
    board_order = models.PositiveSmallIntegerField(help_text=_("1 = first board; reserves follow."))
    is_withdrawn = models.BooleanField(default=False)

    class Meta:
        ordering = ["team", "board_order"]
        constraints = numbered_within(
            "team", "board_order", unique="unique_board_order_per_team", positive="board_order_positive"
        )

    def __str__(self) -> str:
        rating = self.rating if self.rating else "unrated"
        return f"{self.name} ({rating})"

    def clean(self) -> None:
        if self.rating is not None and not 0 < self.rating < 4000:
            raise ValidationError({"rating": _("A rating is between 1 and 3999 (blank = unrated).")})
