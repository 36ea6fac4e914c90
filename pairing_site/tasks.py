"""Project-wide tasks."""

from celery import shared_task


@shared_task(name="pairing_site.tasks.ping")
def ping() -> str:
    """Health check: a worker that is up answers "pong"."""
    return "pong"
