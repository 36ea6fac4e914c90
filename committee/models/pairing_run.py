"""One run of the engine on a frozen input snapshot."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from engine.messages import render

# Why a run failed when the engine found no pairing (C.04.6 3.3.3), around the engine's reason.
NO_PAIRING = _(
    "No pairing complies with the absolute criteria: %(error)s. The Chief Arbiter decides what to do (C.04.6 3.3.3)."
)


class PairingRun(models.Model):
    """The engine paired (or tried to pair) one round from one input.

    ``input_snapshot`` is the engine input as JSON and ``input_hash`` its
    SHA-256 (hex, of the canonical JSON); a round has at most one run per
    input (the same input gives the same pairing, so it is not run twice).
    ``output`` is ``RoundPairing.to_dict()``, ``explanation`` its steps,
    ``checker_report`` a ``CheckReport.to_dict()`` where one was made.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        SUCCEEDED = "succeeded", _("Succeeded")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="pairing_runs"
    )
    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="pairing_runs")
    input_snapshot = models.JSONField()
    input_hash = models.CharField(max_length=64)
    engine_version = models.CharField(max_length=40, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.QUEUED)
    output = models.JSONField(null=True, blank=True)
    explanation = models.JSONField(default=list, blank=True)
    checker_report = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    # The engine's reason when it found no pairing (engine.messages data), written in each reader's language.
    no_pairing_reason = models.JSONField(null=True, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The worker's claim (committee.services.runs.claim_run): who computes the
    # run, with which token, until when (renewed while it computes); attempts counts the claims
    # since the committee asked (reset when a failed run is asked for again).
    claimed_by = models.CharField(max_length=200, blank=True)
    claim_token = models.CharField(max_length=32, blank=True)
    lease_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["round", "input_hash"], name="one_run_per_round_input"),
        ]

    def __str__(self) -> str:
        return f"Run {self.pk} of {self.round} ({self.status})"

    @property
    def failure(self) -> str:
        """Why the run failed, in the active language: the engine's reason where it gave one (issue 20:
        every reason in the reader's language), else ``error`` as it was written."""
        if self.no_pairing_reason is None:
            return self.error
        return str(NO_PAIRING) % {"error": render(self.no_pairing_reason, get_language() or "en")}

    @staticmethod
    def attempts_allowed() -> int:
        """Claims a run gets before it fails plainly (``PAIRING_RUN_MAX_ATTEMPTS``, issue 18 item 2)."""
        return max(1, int(getattr(settings, "PAIRING_RUN_MAX_ATTEMPTS", 3)))

    @property
    def max_attempts(self) -> int:
        return self.attempts_allowed()

    @property
    def attempt_number(self) -> int:
        """The attempt under way (running) or to come (queued): "attempt k of N" (issue 18 item 2)."""
        return self.attempts + (1 if self.status == self.Status.QUEUED else 0)

    @property
    def lease_expired(self) -> bool:
        """Running, but its worker stopped renewing the lease: it is about to be taken up again."""
        return (
            self.status == self.Status.RUNNING
            and self.lease_until is not None
            and self.lease_until < timezone.now()
        )
