"""A change of the pairing options after round 1's publication: a committee decision, append-only."""

from __future__ import annotations

from django.db import models

from .decision import AppendOnlyError, DecisionQuerySet


class OptionsChange(models.Model):
    """What a committee decision changed in the pairing options, and why.

    The :class:`~committee.models.Decision` says who and when (its author and
    time) and is the written decision of the round it takes effect in;
    ``before`` and ``after`` are every site option in force on each side
    (``tournaments.pairing_options.values_in_force``), ``reason`` the
    committee's reason. Saved in one transaction with the change itself.
    """

    decision = models.OneToOneField(
        "committee.Decision", on_delete=models.CASCADE, related_name="options_change"
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="options_changes"
    )
    system = models.CharField(max_length=20)
    before = models.JSONField()
    after = models.JSONField()
    reason = models.TextField()

    objects = DecisionQuerySet.as_manager()

    class Meta:
        ordering = ["decision__created_at", "pk"]

    def __str__(self) -> str:
        return f"Options changed by decision {self.decision_id}"

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise AppendOnlyError("A recorded change of the pairing options cannot be edited.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("A recorded change of the pairing options cannot be deleted.")

    @property
    def changed(self) -> list[str]:
        from tournaments.pairing_options import changed_keys

        return changed_keys(self.before, self.after)

    @property
    def lines(self) -> list[str]:
        from tournaments.pairing_options import describe_change

        return describe_change(self.system, self.before, self.after)
