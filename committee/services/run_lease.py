"""The lease a worker holds on the pairing run it computes (issue 18 item 2).

A claim (``runs.claim_run``) gives the worker the run until ``lease_until``,
``PAIRING_RUN_LEASE_SECONDS`` ahead. While the engine computes, a thread of
the worker's process renews the lease every third of that time, with a
conditional UPDATE on the claim's token: when the process dies (killed by the
kernel's out-of-memory killer, a hard time limit, a crash), nothing renews
it, the lease expires within one lease time and the run is taken up again
(``runs.take_up_expired_run``). A worker that lost its claim cannot record a
result (``runs._still_ours``), so no run has two effects.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator
from datetime import timedelta

from django.conf import settings
from django.db import connections
from django.utils import timezone

from committee.models import PairingRun

log = logging.getLogger(__name__)


def lease_seconds() -> float:
    """How long a claim holds a run without being renewed (``PAIRING_RUN_LEASE_SECONDS``)."""
    return max(1.0, float(getattr(settings, "PAIRING_RUN_LEASE_SECONDS", 60)))


def lease_end(now=None):
    return (now or timezone.now()) + timedelta(seconds=lease_seconds())


def renew_lease(run_id: int, token: str) -> bool:
    """Push the lease of the claim ``token`` one lease time ahead; False when the claim is lost."""
    return bool(
        PairingRun.objects.filter(pk=run_id, status=PairingRun.Status.RUNNING, claim_token=token).update(
            lease_until=lease_end()
        )
    )


class _Renewer(threading.Thread):
    def __init__(self, run_id: int, token: str):
        super().__init__(name=f"pairing-run-{run_id}-lease", daemon=True)
        self.run_id, self.token = run_id, token
        self.done = threading.Event()

    def run(self) -> None:
        try:
            while not self.done.wait(lease_seconds() / 3):
                try:
                    if not renew_lease(self.run_id, self.token) and not self.done.is_set():
                        log.warning("pairing run %s: claim lost, lease no longer renewed", self.run_id)
                        return
                except Exception:  # the database is away for a moment: try again next time
                    log.exception("pairing run %s: could not renew the lease", self.run_id)
        finally:
            connections.close_all()  # this thread's own connection


@contextlib.contextmanager
def kept(run_id: int, token: str) -> Iterator[None]:
    """Renew the claim's lease for as long as the block runs."""
    renewer = _Renewer(run_id, token)
    renewer.start()
    try:
        yield
    finally:
        renewer.done.set()
        renewer.join()
