"""gunicorn's threaded worker (``gthread``), telling the arbiter it is alive at most once a second.

The stock worker touches its heartbeat file (``WorkerTmp.notify``, a system call) on every turn of
its event loop, that is for every request and every connection event; the arbiter reads it only
against ``timeout`` (30 s by default) to restart a worker that hangs. Under the proxy's revalidations
(issue 21: a few hundred small requests a second, each answered in a fraction of a millisecond) that
touch was a noticeable share of the public pool's CPU. Measured on a trivial application, 6 processes
x 2 threads, 200 clients pausing 0-2 s: 0.69-0.74 ms of CPU per request with the stock worker,
0.56-0.59 ms with this one. ``gunicorn.conf.py`` names it (``WEB_WORKER_CLASS``).
"""

from __future__ import annotations

import time

from gunicorn.workers.gthread import ThreadWorker as GthreadWorker

HEARTBEAT_SECONDS = 1.0  # far below any timeout the arbiter is given


class ThreadWorker(GthreadWorker):
    """``gthread`` with its heartbeat written at most every ``HEARTBEAT_SECONDS``."""

    _notified_at = float("-inf")

    def notify(self) -> None:
        now = time.monotonic()
        if now - self._notified_at >= HEARTBEAT_SECONDS:
            self._notified_at = now
            super().notify()
