"""The committee's working draft of a round, its approvals and its publications.

A succeeded :class:`PairingRun` starts a draft at version 0 (the engine's
pairing). Each hand amendment (rule 58; C.04.6 3.3.3) is a new
:class:`DraftVersion` with the next number, its own checker report, and the
operation that made it. Approvals and the Chief Arbiter's override attach to
one version, so amending after an approval needs a new approval. A
:class:`Publication` freezes one version's pairing; publications are never
changed: a correction is the next publication, with its reason and changes.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from committee.amendments import OPERATIONS, REVERT, REVERT_LABEL


class DraftVersion(models.Model):
    """One version of the draft pairing of a round (0 = the engine's)."""

    run = models.ForeignKey("committee.PairingRun", on_delete=models.CASCADE, related_name="versions")
    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="draft_versions")
    number = models.PositiveIntegerField()
    operation = models.CharField(
        max_length=20,
        blank=True,
        choices=[(key, _(label)) for key, label in {**OPERATIONS, REVERT: REVERT_LABEL}.items()],
    )  # "": the engine
    team_a = models.PositiveIntegerField(null=True, blank=True)  # TPNs the operation named
    team_b = models.PositiveIntegerField(null=True, blank=True)
    reverts_to = models.PositiveIntegerField(null=True, blank=True)  # "revert": the version returned to
    pairing = models.JSONField()  # RoundPairing.to_dict()
    check_report = models.JSONField()  # CheckReport.to_dict() of this version
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "-created_at", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["run", "number"], name="one_draft_version_number_per_run"),
        ]

    def __str__(self) -> str:
        return f"Draft v{self.number} of {self.round}"

    @property
    def has_absolute_violation(self) -> bool:
        return bool(self.check_report.get("has_absolute_violation"))


class ArbiterOverride(models.Model):
    """The Chief Arbiter lets a version with absolute violations go ahead (C.04.6 3.3.3)."""

    version = models.OneToOneField(DraftVersion, on_delete=models.CASCADE, related_name="override")
    reason = models.TextField()
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Override of {self.version} by {self.author}"


class Approval(models.Model):
    """A committee member approves one draft version."""

    version = models.ForeignKey(DraftVersion, on_delete=models.CASCADE, related_name="approvals")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    as_chair = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(fields=["version", "user"], name="one_approval_per_user_version")
        ]

    def __str__(self) -> str:
        return f"{self.user} approves {self.version}"


class Publication(models.Model):
    """A published pairing of a round (rule 60). Immutable; number 1, 2, ... per round.

    ``changes`` lists how it differs from the previous publication and
    ``reason`` says why (required for a correction).
    """

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="publications")
    number = models.PositiveIntegerField()
    version = models.ForeignKey(DraftVersion, on_delete=models.PROTECT, related_name="publications")
    pairing = models.JSONField()  # RoundPairing.to_dict(), TPNs
    teams = models.JSONField(default=dict)  # {tpn: {"name":..., "federation":...}} as published
    reason = models.TextField(blank=True)
    changes = models.JSONField(default=list, blank=True)
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    published_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_publication_number_per_round")
        ]

    def __str__(self) -> str:
        return f"Publication {self.number} of {self.round}"

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise ValueError("A publication is immutable: publish a correction instead.")
        super().save(*args, **kwargs)


class DecisionSubject(models.Model):
    """A draft pairing a decision (rule 57) concerns, by the two teams' TPNs.

    Draft pairings have no matches yet; when the pairing is published the
    decision is linked to the match of these two teams as well.
    """

    decision = models.ForeignKey("committee.Decision", on_delete=models.CASCADE, related_name="subjects")
    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="decision_subjects")
    tpn_a = models.PositiveIntegerField()
    tpn_b = models.PositiveIntegerField(null=True, blank=True)  # None: the bye

    class Meta:
        ordering = ["decision", "tpn_a"]

    def __str__(self) -> str:
        return f"{self.tpn_a}-{self.tpn_b or 'bye'}"

    @property
    def tpns(self) -> frozenset[int]:
        return frozenset(t for t in (self.tpn_a, self.tpn_b) if t is not None)
