"""Celery tasks of the notices app (enqueued after commit by ``receivers``; the sweep by beat).

Each task only calls ``services.events``; the outbox makes a task that runs
twice (redelivery, two workers) send nothing twice.
"""

from __future__ import annotations

from celery import shared_task

from notifications.services import events, outbox


@shared_task(name="notifications.pairings_published", acks_late=True)
def pairings_published(publication_id: int) -> int:
    from committee.models import Publication

    publication = Publication.objects.select_related("round__tournament").filter(pk=publication_id).first()
    return events.pairings_published(publication) if publication else 0


@shared_task(name="notifications.lineup_window_opened", acks_late=True)
def lineup_window_opened(round_id: int, opening: str) -> int:
    from tournaments.models import Round

    rnd = Round.objects.select_related("tournament").filter(pk=round_id).first()
    return events.lineup_window_opened(rnd, opening) if rnd else 0


@shared_task(name="notifications.run_failed", acks_late=True)
def run_failed(run_id: int) -> int:
    from committee.models import PairingRun

    run = PairingRun.objects.select_related("round__tournament").filter(pk=run_id).first()
    return events.run_failed(run) if run else 0


@shared_task(name="notifications.results_changed", acks_late=True)
def results_changed(round_id: int) -> int:
    from tournaments.models import Round

    rnd = Round.objects.select_related("tournament").filter(pk=round_id).first()
    return events.results_changed(rnd) if rnd else 0


@shared_task(name="notifications.sweep")
def sweep() -> int:
    """Every minute (beat): the lineup reminders due, and the notices to send again."""
    return events.lineup_reminders() + outbox.retry_due()
