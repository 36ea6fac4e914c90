"""Real Celery workers for the tests that need one (``services`` marker).

A worker is ``celery -A pairing_site worker`` in a process group of its own,
on the test database and the test Redis; so the tests need REDIS_URL and a
PostgreSQL DATABASE_URL (another process must see the test database) and are
skipped otherwise (``needs_redis_and_postgresql``; a module's marks: ``WITH_REAL_WORKERS``).
``workers()`` purges the queue, starts workers on demand and stops every one it started.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[1]


needs_redis_and_postgresql = pytest.mark.skipif(
    not os.environ.get("REDIS_URL") or connection.vendor != "postgresql",
    reason="needs a Redis broker (REDIS_URL, e.g. redis://127.0.0.1:6379/15) and PostgreSQL "
    "(DATABASE_URL=postgres://...): the worker is another process and must share the test database",
)

# A test module with real workers: its writes committed (the workers see them), the services marker, slow.
WITH_REAL_WORKERS = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.services,
    pytest.mark.slow,
    needs_redis_and_postgresql,
]


def database_url() -> str:
    """The test database's URL, for a worker process."""
    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s.get("PASSWORD") else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def wait_for(predicate, timeout: float = 60.0, every: float = 0.1):
    """The first true value of ``predicate()``, asked every ``every`` s; fails after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout} s")


class Worker:
    """One ``celery worker`` node (one pool process) on the test database and Redis.

    ``env`` adds to (or replaces) this process's environment; ``log`` takes the
    worker's output (stdout and stderr), else it is dropped; ``args`` are more
    command-line options (``-B`` embeds beat).
    """

    def __init__(
        self,
        node: str,
        *,
        loglevel: str = "info",
        env: dict[str, str] | None = None,
        without: tuple[str, ...] = (),
        log: IO[str] | None = None,
        args: tuple[str, ...] = (),
    ):
        self.node = node
        self.args = args
        self.loglevel = loglevel
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in without},
            "DATABASE_URL": database_url(),
            "REDIS_URL": settings.REDIS_URL,
            **(env or {}),
        }
        self.log = log
        self.proc: subprocess.Popen | None = None

    def start(self) -> Worker:
        celery = str(Path(sys.executable).with_name("celery"))
        self.proc = subprocess.Popen(
            [celery, "-A", "pairing_site", "worker", "-n", self.node, "-c", "1", "-l", self.loglevel]
            + ["--without-gossip", "--without-mingle", "--without-heartbeat", *self.args],
            cwd=ROOT,
            env=self.env,
            stdout=self.log if self.log is not None else subprocess.DEVNULL,
            stderr=subprocess.STDOUT if self.log is not None else subprocess.DEVNULL,
            start_new_session=True,
        )
        return self

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def pool_processes(self) -> list[int]:
        """The process ids of the node's pool (the main process's children; Linux ``/proc``)."""
        if not self.running():
            return []
        path = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        return [int(pid) for pid in path.read_text().split()]

    def kill_pool_process(self) -> int:
        """SIGKILL the node's one pool process, as the out-of-memory killer would; its id.

        The main process lives on and starts a new pool process.
        """
        (pid,) = wait_for(self.pool_processes)
        os.kill(pid, signal.SIGKILL)
        return pid

    def kill(self) -> None:
        """SIGKILL the worker and its pool processes, as a crash would."""
        if self.running():
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def terminate(self) -> None:
        """SIGTERM the worker and its pool: a warm shutdown (``wait`` for its end)."""
        if self.running():
            os.killpg(self.proc.pid, signal.SIGTERM)

    def wait(self, timeout: float) -> None:
        """Wait ``timeout`` s for the worker to end, then kill it."""
        if self.proc is None:
            return
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()

    def stop(self, timeout: float = 15) -> None:
        if self.running():
            self.terminate()
            self.wait(timeout)


@contextlib.contextmanager
def workers(stop_timeout: float = 15) -> Iterator:
    """``start(node, **Worker options)`` starts a worker; on leaving, every one started is stopped
    (all told to stop first, then each waited for ``stop_timeout`` s and killed if still there).
    The queue is purged first, so no task of an earlier test reaches them.
    """
    from pairing_site.celery import app

    app.control.purge()
    started: list[Worker] = []

    def start(node: str, **options) -> Worker:
        worker = Worker(node, **options).start()
        started.append(worker)
        return worker

    try:
        yield start
    finally:
        for worker in started:
            worker.terminate()
        for worker in started:
            worker.wait(stop_timeout)
