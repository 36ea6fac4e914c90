"""Metrics read at scrape time: the Celery queue in Redis and the workers' heartbeats."""

from __future__ import annotations

import logging

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from observability import heartbeat

log = logging.getLogger(__name__)

# kombu's Redis transport keeps messages of priority p > 0 in "<queue>\x06\x16<p>".
PRIORITY_SEPARATOR = "\x06\x16"
PRIORITY_STEPS = (3, 6, 9)


def queue_names() -> list[str]:
    from pairing_site.celery import app

    names = {app.conf.task_default_queue or "celery"}
    for queue in app.conf.task_queues or ():
        names.add(getattr(queue, "name", queue))
    return sorted(names)


class QueueCollector(Collector):
    """``pairing_site_celery_queue_length{queue}``, unacknowledged messages, worker heartbeats."""

    def collect(self):
        r = heartbeat.client()
        if r is None:
            return
        queue_length = GaugeMetricFamily(
            "pairing_site_celery_queue_length", "Tasks waiting in the Celery queue (Redis).", labels=["queue"]
        )
        try:
            names = queue_names()
            pipe = r.pipeline(transaction=False)
            for name in names:
                for key in (name, *(f"{name}{PRIORITY_SEPARATOR}{p}" for p in PRIORITY_STEPS)):
                    pipe.llen(key)
            pipe.hlen("unacked")
            counts = pipe.execute()
            seen = heartbeat.workers_seen()
        except Exception as exc:  # Redis down: the scrape still answers, without these
            log.warning("queue metrics unavailable: %s", exc)
            return
        step = 1 + len(PRIORITY_STEPS)
        for i, name in enumerate(names):
            queue_length.add_metric([name], sum(counts[i * step : (i + 1) * step]))
        yield queue_length
        yield GaugeMetricFamily(
            "pairing_site_celery_unacked_messages",
            "Tasks a worker has taken but not yet acknowledged (running, or held by a dead worker).",
            value=counts[-1],
        )
        yield GaugeMetricFamily(
            "pairing_site_workers_alive",
            "Celery workers whose heartbeat is recent (PAIRING_WORKER_HEARTBEAT_SECONDS x 3).",
            value=len(seen),
        )
        if seen:
            yield GaugeMetricFamily(
                "pairing_site_worker_heartbeat_age_seconds",
                "Seconds since the most recent worker heartbeat.",
                value=min(seen.values()),
            )
