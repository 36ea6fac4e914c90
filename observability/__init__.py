"""Seeing what happens: JSON logs per request and per task, Prometheus metrics, health checks.

- ``context``: the tournament and round a request or task is about, added to every log line.
- ``middleware.RequestLogMiddleware``: one log line per request.
- ``task_logs``: one log line per Celery task (Celery signals).
- ``heartbeat``: each Celery worker writes a heartbeat to Redis; ``/healthz/`` reads it.
- ``health`` and ``views.healthz``: ``/healthz/`` (database, Redis, worker).
- ``collectors`` and ``views.metrics``: ``/metrics`` for Prometheus (guarded).

The metrics themselves are defined in ``pairing_site.metrics``.
"""
