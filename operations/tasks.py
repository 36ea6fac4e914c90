"""Celery tasks of the operations: close due lineup windows (run periodically).

Scheduled every minute by ``CELERY_BEAT_SCHEDULE["close-due-lineups"]`` in
``pairing_site/settings/base.py`` (run ``celery -A pairing_site beat``).
"""

from __future__ import annotations

from celery import shared_task

from operations.services.deadlines import close_due_lineups


@shared_task(name="operations.close_due_lineups")
def close_due_lineups_task() -> list[str]:
    """Close the lineup windows whose deadline has passed and post their board pairings."""
    return [f"{r.tournament.slug} round {r.number}" for r in close_due_lineups()]
