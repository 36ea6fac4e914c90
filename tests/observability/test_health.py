"""``/healthz/``: the database, Redis and whether a worker beat recently; quick, and 503 when the site cannot serve."""

from __future__ import annotations

import os
import time

import pytest

from observability import heartbeat


@pytest.fixture
def redis_url():
    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.skip("needs Redis: set REDIS_URL")
    return url


def test_without_redis_configured_the_site_is_healthy_and_tasks_run_in_process(client, db, settings):
    settings.REDIS_URL = ""
    response = client.get("/healthz/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok" and body["database"]["ok"] is True
    assert "in the web process" in body["redis"]["detail"]


def test_with_redis_and_no_worker_heartbeat_the_site_serves_but_says_degraded(client, db, redis_url):
    heartbeat.client().delete(heartbeat.KEY)
    response = client.get("/healthz/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    assert body["redis"]["ok"] is True and body["worker"]["ok"] is False
    assert "no worker heartbeat" in body["worker"]["error"]


def test_a_recent_heartbeat_makes_the_worker_ok(client, db, redis_url):
    heartbeat.client().delete(heartbeat.KEY)
    heartbeat.beat("health-test@host")
    try:
        body = client.get("/healthz/").json()
        assert body["status"] == "ok" and body["worker"]["ok"] is True and body["worker"]["workers"] == 1
    finally:
        heartbeat.forget("health-test@host")


def test_a_heartbeat_older_than_three_intervals_does_not_count(client, db, redis_url, settings):
    heartbeat.client().delete(heartbeat.KEY)
    heartbeat.beat("stale@host", now=time.time() - 3 * settings.PAIRING_WORKER_HEARTBEAT_SECONDS - 1)
    try:
        assert client.get("/healthz/").json()["worker"]["ok"] is False
    finally:
        heartbeat.forget("stale@host")


def test_redis_down_makes_the_site_unhealthy_quickly(client, db, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    started = time.monotonic()
    response = client.get("/healthz/")
    assert time.monotonic() - started < 2.0
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error" and body["redis"]["ok"] is False and body["database"]["ok"] is True


def test_the_health_check_is_never_cached(client, db):
    assert "no-cache" in client.get("/healthz/")["Cache-Control"]
