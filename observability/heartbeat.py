"""Worker heartbeats in Redis: each Celery worker says every few seconds that it is alive.

``Heartbeat`` is a bootstep of the worker's consumer (added in ``pairing_site/celery.py``): on
start and then every ``PAIRING_WORKER_HEARTBEAT_SECONDS`` (default 10) the worker's main loop
writes ``hostname -> time`` into the sorted set ``pairing_site:workers``; a clean shutdown
removes the entry. The beat runs on the worker's own event loop, so a worker whose loop is
stuck stops beating. ``/healthz/`` and ``/metrics`` read the set (one Redis call), never ask the
workers themselves: they stay fast when no worker answers.
"""

from __future__ import annotations

import functools
import logging
import time

import redis
from celery import bootsteps
from django.conf import settings

log = logging.getLogger(__name__)

KEY = "pairing_site:workers"
FORGET_AFTER = 24 * 3600  # entries of workers gone for a day are dropped


def interval() -> float:
    return float(getattr(settings, "PAIRING_WORKER_HEARTBEAT_SECONDS", 10))


def recent_window() -> float:
    """A worker seen within this many seconds counts as alive (three missed beats)."""
    return 3 * interval()


@functools.lru_cache(maxsize=4)
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)


def client() -> redis.Redis | None:
    url = getattr(settings, "REDIS_URL", "")
    return _client(url) if url else None


def beat(hostname: str, now: float | None = None) -> None:
    r = client()
    if r is None:
        return
    now = time.time() if now is None else now
    pipe = r.pipeline(transaction=False)
    pipe.zadd(KEY, {hostname: now})
    pipe.zremrangebyscore(KEY, "-inf", now - FORGET_AFTER)
    pipe.execute()


def forget(hostname: str) -> None:
    r = client()
    if r is not None:
        r.zrem(KEY, hostname)


def workers_seen(within: float | None = None, now: float | None = None) -> dict[str, float]:
    """``{hostname: seconds since its last heartbeat}`` of the workers seen within ``within`` s."""
    r = client()
    if r is None:
        return {}
    now = time.time() if now is None else now
    within = recent_window() if within is None else within
    entries = r.zrangebyscore(KEY, now - within, "+inf", withscores=True)
    return {name.decode(): max(0.0, now - score) for name, score in entries}


class Heartbeat(bootsteps.StartStopStep):
    """The consumer bootstep that beats (``app.steps["consumer"].add(Heartbeat)``)."""

    def __init__(self, parent, **kwargs):
        super().__init__(parent, **kwargs)
        self.tref = None

    def _beat(self, hostname: str) -> None:
        try:
            beat(hostname)
        except Exception as exc:  # Redis away for a moment: the next beat tries again
            log.warning("worker heartbeat not written: %s", exc)

    def start(self, parent) -> None:
        if not getattr(settings, "REDIS_URL", ""):
            return
        hostname = parent.hostname
        self._beat(hostname)
        self.tref = parent.timer.call_repeatedly(interval(), self._beat, (hostname,), priority=10)

    def stop(self, parent) -> None:
        if self.tref is not None:
            parent.timer.cancel(self.tref)
            self.tref = None
            try:
                forget(parent.hostname)
            except Exception as exc:
                log.warning("worker heartbeat not removed: %s", exc)

    shutdown = stop
