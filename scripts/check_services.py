"""Before ``scripts/start --full``: are PostgreSQL and Redis there? Create the database if missing.

Reads DATABASE_URL and REDIS_URL (set by scripts/start). Exit 0 when both answer (the database
then exists), 3 with one message per missing service saying how to start it. When the cache
(CACHE_REDIS_URL) shares the broker's Redis and that Redis has no memory limit, it gets one
(REDIS_MAXMEMORY) with volatile-lru: cache entries are evicted, never a queued task (issue 18).
"""

from __future__ import annotations

import os
import sys

import environ
import psycopg
import redis
from psycopg import sql

PG_START = (
    "  Start it (Debian/Ubuntu):  sudo pg_ctlcluster $(ls /etc/postgresql) main start\n"
    "  (as root without systemd:  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start)\n"
    "  or with systemd:           sudo systemctl start postgresql\n"
    "  or in Docker:              docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16\n"
    "  or point DATABASE_URL at another server: postgres://user:password@host:5432/pairing_site"
)
REDIS_START = (
    "  Start it:                  redis-server --daemonize yes --bind 127.0.0.1 --port 6379\n"
    "  or with systemd:           sudo systemctl start redis-server\n"
    "  or in Docker:              docker run -d -p 6379:6379 redis:7\n"
    "  or point REDIS_URL at another server: redis://host:6379/0"
)


def check_postgresql(url: str) -> str | None:
    """None when the server answers and the database exists (created if it did not)."""
    config = environ.Env.db_url_config(url)
    if config["ENGINE"] != "django.db.backends.postgresql":
        return f"--full runs on PostgreSQL, but DATABASE_URL is {url!r}: give a postgres:// URL."
    where = f"{config.get('HOST') or 'localhost'}:{config.get('PORT') or 5432}"
    params = {
        "host": config.get("HOST") or None,
        "port": config.get("PORT") or None,
        "user": config.get("USER") or None,
        "password": config.get("PASSWORD") or None,
        "connect_timeout": 3,
    }
    name = config["NAME"]
    try:
        with psycopg.connect(dbname="postgres", autocommit=True, **params) as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
            if not exists:
                print(f"==> creating the database {name} on {where}")
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.OperationalError as exc:
        reason = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        if "authentication" in reason or "password" in reason or "role" in reason:
            return f"PostgreSQL at {where} refused the login ({reason}): set DATABASE_URL with a user that may connect."
        return f"PostgreSQL is not answering at {where} ({reason}).\n{PG_START}"
    except psycopg.Error as exc:
        return f"PostgreSQL at {where} answered, but the database {name} could not be created: {exc}"
    return None


def check_redis(url: str) -> str | None:
    try:
        redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3).ping()
    except redis.RedisError as exc:
        return f"Redis is not answering at {url} ({exc}).\n{REDIS_START}"
    return None


# Policies that may evict a key without an expiry: a queued Celery task (a list without one) could go.
EVICTS_QUEUES = ("allkeys-lru", "allkeys-lfu", "allkeys-random")


def memory_plan(config: dict[str, str], wanted: str) -> tuple[dict[str, str], str | None]:
    """The ``CONFIG SET`` a Redis holding both the broker and the cache needs (issue 18), and a warning.

    Without a limit (``maxmemory 0``) it gets ``wanted`` and ``volatile-lru``: only keys with an
    expiry (every cache entry) are evicted, never the broker's queues. A limit set already is kept;
    a policy that may evict any key is reported, since it could drop a queued task.
    """
    if config.get("maxmemory", "0") == "0":
        return {"maxmemory": wanted, "maxmemory-policy": "volatile-lru"}, None
    policy = config.get("maxmemory-policy", "")
    if policy in EVICTS_QUEUES:
        return {}, (
            f"Redis evicts any key when full (maxmemory-policy {policy}): a queued task could be lost. "
            "Use volatile-lru, or give the cache its own Redis (CACHE_REDIS_URL)."
        )
    return {}, None


def limit_redis_memory(url: str, cache_url: str, wanted: str) -> str | None:
    """Give the Redis at ``url`` a memory limit when the cache shares it; a warning, or None."""
    broker, cache = redis.connection.parse_url(url), redis.connection.parse_url(cache_url)
    if (broker.get("host"), broker.get("port")) != (cache.get("host"), cache.get("port")):
        return None  # a Redis of its own for the cache: its limit and policy are its own (allkeys-lru)
    client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    try:
        config = client.config_get("maxmemory*")
        changes, warning = memory_plan(config, wanted)
        for name, value in changes.items():
            client.config_set(name, value)
        if changes:
            print(f"==> Redis at {url}: maxmemory {wanted}, maxmemory-policy volatile-lru (cache keys only)")
        return warning
    except redis.RedisError as exc:  # a managed Redis may refuse CONFIG: say so, start anyway
        return f"Redis at {url} did not take a memory limit ({exc}): set maxmemory and volatile-lru yourself."


def main() -> int:
    problems = [
        p
        for p in (check_postgresql(os.environ["DATABASE_URL"]), check_redis(os.environ["REDIS_URL"]))
        if p is not None
    ]
    wanted = os.environ.get("REDIS_MAXMEMORY", "512mb")
    if not problems and os.environ.get("CACHE_REDIS_URL") and wanted != "0":  # 0: leave Redis as it is
        warning = limit_redis_memory(os.environ["REDIS_URL"], os.environ["CACHE_REDIS_URL"], wanted)
        if warning:
            print(warning, file=sys.stderr)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 3 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
