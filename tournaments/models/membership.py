"""Who does what in a tournament."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    COMMITTEE_MEMBER = "committee_member", _("Pairing committee member")
    COMMITTEE_CHAIR = "committee_chair", _("Pairing committee chair")
    ARBITER = "arbiter", _("Arbiter")
    # An arbiter with the Chief Arbiter's own powers: overriding an absolute
    # criterion of the pairing (C.04.6 3.3.3). Has every arbiter's power too.
    CHIEF_ARBITER = "chief_arbiter", _("Chief Arbiter")
    TEAM_CAPTAIN = "team_captain", _("Team captain")


# The roles with an arbiter's powers (results, lineup windows, summaries).
ARBITER_ROLES = frozenset({Role.ARBITER, Role.CHIEF_ARBITER})


class Membership(models.Model):
    """A user's role in a tournament; a captain is bound to a team."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=20, choices=Role.choices)
    team = models.ForeignKey(
        "tournaments.Team", on_delete=models.CASCADE, null=True, blank=True, related_name="captains"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "tournament", "role", "team"], name="unique_membership"),
            models.UniqueConstraint(
                fields=["user", "tournament", "role"],
                condition=models.Q(team__isnull=True),
                name="unique_membership_without_team",
            ),
            models.CheckConstraint(
                condition=models.Q(role="team_captain", team__isnull=False)
                | (~models.Q(role="team_captain") & models.Q(team__isnull=True)),
                name="captain_iff_team",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} – {self.tournament}"

    def clean(self) -> None:
        if self.team_id and self.team.tournament_id != self.tournament_id:
            raise ValidationError({"team": _("The team plays in another tournament.")})
