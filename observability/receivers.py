"""Counts what other apps signal (they never import this app)."""

from __future__ import annotations

import logging

from django.dispatch import receiver

from committee.models import PairingRun
from committee.signals import pairing_run_finished
from pairing_site import metrics

log = logging.getLogger(__name__)


@receiver(pairing_run_finished, sender=PairingRun)
def _count_pairing_run(sender, run_id: int, outcome: str, seconds: float | None, **kwargs) -> None:
    try:
        system = (
            PairingRun.objects.filter(pk=run_id)
            .values_list("round__tournament__pairing_system", flat=True)
            .first()
        )
    except Exception:  # counting must never fail a run
        log.debug("no system for run %s", run_id, exc_info=True)
        system = None
    metrics.pairing_run(system or "unknown", outcome, seconds)
    log.info(
        "pairing run %s %s",
        run_id,
        outcome,
        extra={"event": "pairing_run", "run_id": run_id, "outcome": outcome, "seconds": seconds},
    )
