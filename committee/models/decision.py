"""The committee's written decisions (Olympiad 1998 rule 57), append-only."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models.signals import m2m_changed
from django.dispatch import receiver


class AppendOnlyError(PermissionDenied):
    """A recorded decision cannot be changed or deleted."""


class DecisionQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError("Decisions are append-only: they cannot be updated.")

    def delete(self):
        raise AppendOnlyError("Decisions are append-only: they cannot be deleted.")


class Decision(models.Model):
    """A written note of the committee for a round (rule 57).

    Append-only: once saved, a decision cannot be updated or deleted (a
    correction is a new decision). ``matches`` are the pairings it concerns;
    they may be added to but never removed.

    ``kept_results`` is set on the decision that keeps a pairing whose results
    changed after it was computed (issue 18, item 6): the fingerprint of the
    results it was kept on (``committee.basis``), so a later change of the
    results shows the pairing as resting on changed results again.
    """

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="decisions"
    )
    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="decisions")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    text = models.TextField()
    matches = models.ManyToManyField("tournaments.Match", blank=True, related_name="decisions")
    kept_results = models.CharField(max_length=64, blank=True, default="")

    objects = DecisionQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"Decision {self.pk} on {self.round}"

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise AppendOnlyError("Decisions are append-only: they cannot be updated.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("Decisions are append-only: they cannot be deleted.")


@receiver(m2m_changed, sender=Decision.matches.through)
def _refuse_match_removal(sender, instance, action, **kwargs):
    if action in ("pre_remove", "pre_clear"):
        raise AppendOnlyError("A decision's matches cannot be removed.")
