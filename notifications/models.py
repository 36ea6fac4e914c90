"""What the notices app keeps.

- :class:`NoticePreference`: which notices a user wants (all on until he says otherwise);
- :class:`Notice`: one e-mail to one recipient about one event. ``(event_key, recipient)``
  is unique: the row is inserted once whoever dispatches the event, and a sender
  must claim it (``pending``/``failed`` -> ``sending``, a conditional UPDATE) before
  it sends, so no message goes out twice, even with two workers on the same event.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    LINEUP_WINDOW = "lineup_window", _("Lineup window open")
    LINEUP_REMINDER = "lineup_reminder", _("Lineup reminder (one hour before the window closes)")
    PAIRINGS = "pairings", _("Pairings published or corrected")
    RUN_FAILED = "run_failed", _("Pairing run failed (committee)")
    RESULTS_CHANGED = "results_changed", _("Results changed under a pairing (committee)")


# Which preference switch governs each kind of notice.
PREFERENCE_OF_KIND = {
    Kind.LINEUP_WINDOW: "lineup_window",
    Kind.LINEUP_REMINDER: "lineup_reminder",
    Kind.PAIRINGS: "pairings",
    Kind.RUN_FAILED: "run_failures",
    Kind.RESULTS_CHANGED: "run_failures",  # the committee's switch (issue 18, item 6)
}


class NoticePreference(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_preference"
    )
    lineup_window = models.BooleanField(
        default=True, help_text=_("Captains: the lineup window of a round opens.")
    )
    lineup_reminder = models.BooleanField(
        default=True, help_text=_("Captains: one hour before the window closes, if no lineup is in.")
    )
    pairings = models.BooleanField(default=True, help_text=_("Captains: pairings published or corrected."))
    run_failures = models.BooleanField(default=True, help_text=_("Committee: a pairing run failed."))
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Notice preferences of {self.user}"


class Notice(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting to be sent")
        SENDING = "sending", _("Claimed by a sender")
        SENT = "sent", _("Sent")
        FAILED = "failed", _("Sending failed (retried)")
        GAVE_UP = "gave_up", _("Given up after repeated failures")

    event_key = models.CharField(max_length=200)
    recipient = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=30, choices=Kind.choices)
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    email = models.EmailField()
    subject = models.CharField(max_length=250)
    body = models.TextField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    claim_token = models.CharField(max_length=32, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["event_key", "recipient"], name="one_notice_per_event_recipient")
        ]
        indexes = [models.Index(fields=["status", "claimed_at"], name="notice_status_claimed")]

    def __str__(self) -> str:
        return f"{self.event_key} -> {self.recipient} ({self.status})"
