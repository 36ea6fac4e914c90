"""What ``/healthz/`` reports: the database, Redis and whether a worker beat recently.

Each check is quick (a ``SELECT 1``, a Redis ``PING`` and one read of the heartbeat set, with
half-second timeouts). The site is healthy (HTTP 200) when the database and, where configured,
Redis answer. A missing worker does not make the web server unhealthy (the web container must
start before the workers, and restarting it would not bring a worker back); it shows as
``"worker": {"ok": false}`` and ``"status": "degraded"``.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.db import connection

from observability import heartbeat


def _timed(check) -> dict:
    started = time.monotonic()
    try:
        result = check()
    except Exception as exc:
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:300]}
    result.setdefault("ok", True)
    result["ms"] = round((time.monotonic() - started) * 1000, 1)
    return result


def _database() -> dict:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"vendor": connection.vendor}


def _redis() -> dict:
    heartbeat.client().ping()
    return {}


def _worker() -> dict:
    seen = heartbeat.workers_seen()
    if not seen:
        return {"ok": False, "error": f"no worker heartbeat in the last {heartbeat.recent_window():.0f} s"}
    return {"workers": len(seen), "last_seen_seconds": round(min(seen.values()), 1)}


def report() -> tuple[dict, bool]:
    """The report and whether the site can serve (database and Redis up)."""
    result: dict = {"database": _timed(_database)}
    if getattr(settings, "REDIS_URL", ""):
        result["redis"] = _timed(_redis)
        result["worker"] = (
            _timed(_worker) if result["redis"]["ok"] else {"ok": False, "error": "Redis is down"}
        )
    else:
        result["redis"] = {"ok": True, "detail": "not configured: tasks run in the web process"}
        result["worker"] = {"ok": True, "detail": "not needed: tasks run in the web process"}
    serving = result["database"]["ok"] and result["redis"]["ok"]
    result["status"] = "error" if not serving else ("ok" if result["worker"]["ok"] else "degraded")
    return {"status": result.pop("status"), **result}, serving
