"""Celery tasks of the committee: compute a pairing run in a worker.

``acks_late`` with ``reject_on_worker_lost`` (project settings) put the
message back when a worker's process dies mid-run; the service's conditional
claim makes a redelivered or duplicate message compute nothing twice. A
message that finds the run held by a live lease comes back when that lease
expires (``retry``), so a run whose process was killed is taken up by its own
redelivered message; the beat task ``take_up_expired_runs`` does the same for
a message that was lost (issue 18 item 2). When a worker node starts it
re-queues the runs it held when it died.
"""

from __future__ import annotations

import logging
import os

from celery import shared_task
from celery.signals import worker_ready
from django.db import connections

from committee.services import runs

log = logging.getLogger(__name__)


@shared_task(name=runs.COMPUTE_TASK, bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=None)
def compute_pairing(self, run_id: int) -> str:
    """Compute pairing run ``run_id`` unless another worker has it or it is done.

    While another worker's lease on the run is live, come back when it ends:
    a live worker finishes the run first (and this message then finds it
    done); a dead one stops renewing, and this message claims the run.
    """
    worker = self.request.hostname or f"pid-{os.getpid()}"
    # Only the worker tests set this, to kill a worker during a run's first attempt.
    pause = float(os.environ.get("COMMITTEE_RUN_TEST_PAUSE", "0") or 0)
    run = runs.execute_run(run_id, worker, pause_on_first_attempt=pause)
    if run is not None:
        return run.status
    wait = runs.lease_left(run_id)
    if wait is not None and not self.request.is_eager:
        raise self.retry(countdown=wait + 1)
    return "skipped"


@shared_task(name="committee.take_up_expired_runs")
def take_up_expired_runs() -> list[int]:
    """Queue again (or fail plainly) the pairing runs whose worker stopped renewing its lease.

    Scheduled every 30 s by ``CELERY_BEAT_SCHEDULE["pairing-runs-take-up"]``.
    """
    return runs.take_up_expired_runs()


@worker_ready.connect
def _recover_runs(sender=None, **kwargs) -> None:
    """A (re)started worker node takes back the runs it held when it stopped."""
    hostname = getattr(sender, "hostname", None)
    if not hostname:
        return
    try:
        requeued = runs.recover_orphaned_runs(hostname)
    except Exception:  # a worker must start even when the database is not there yet
        log.exception("could not look for interrupted pairing runs")
        return
    finally:
        # The worker's main process keeps no idle connection (the pool's tasks open their own).
        connections.close_all()
    if requeued:
        log.warning("re-queued interrupted pairing runs %s", requeued)
