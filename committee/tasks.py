"""Celery tasks of the committee: compute a pairing run in a worker.

``acks_late`` with ``reject_on_worker_lost`` (project settings) put the
message back when a worker dies mid-run; the service's conditional claim
makes a redelivered or duplicate message compute nothing twice. When a
worker node starts it re-queues the runs it held when it died.
"""

from __future__ import annotations

import logging
import os

from celery import shared_task
from celery.signals import worker_ready
from django.db import connections

from committee.services import runs

log = logging.getLogger(__name__)


@shared_task(name=runs.COMPUTE_TASK, bind=True, acks_late=True, reject_on_worker_lost=True)
def compute_pairing(self, run_id: int) -> str:
    """Compute pairing run ``run_id`` unless another worker has it or it is done."""
    worker = self.request.hostname or f"pid-{os.getpid()}"
    # Only the worker-restart test sets this, to kill a worker mid-run.
    pause = float(os.environ.get("COMMITTEE_RUN_TEST_PAUSE", "0") or 0)
    run = runs.execute_run(run_id, worker, pause_after_claim=pause)
    return run.status if run is not None else "skipped"


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
