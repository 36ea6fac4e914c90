"""Celery tasks of the operations: close due lineup windows (run periodically).

Schedule it with beat, e.g. every minute::

    CELERY_BEAT_SCHEDULE = {"close-due-lineups": {"task": "operations.close_due_lineups", "schedule": 60.0}}
"""

from __future__ import annotations

from celery import shared_task

from operations.services.lineups import close_due_lineups


@shared_task(name="operations.close_due_lineups")
def close_due_lineups_task() -> list[str]:
    """Close the lineup windows whose deadline has passed and post their board pairings."""
    return [f"{r.tournament.slug} round {r.number}" for r in close_due_lineups()]
