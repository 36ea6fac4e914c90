"""``/metrics`` for Prometheus: guarded, counts requests, pairing runs and e-mails, reads the queue."""

from __future__ import annotations

import os
import uuid

import pytest
from prometheus_client.parser import text_string_to_metric_families

from pairing_site import metrics as site_metrics


def scrape(client, **extra) -> dict[tuple[str, tuple], float]:
    response = client.get("/metrics", **extra)
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.content.decode())
        for sample in family.samples
    }


def value(samples, name: str, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def increase(before, after, name: str, **labels) -> float:
    """How much the sample ``name`` with ``labels`` grew from one scrape to the next."""
    return value(after, name, **labels) - value(before, name, **labels)


def test_metrics_are_served_to_the_machine_itself(client, db):
    assert client.get("/metrics", REMOTE_ADDR="127.0.0.1").status_code == 200
    assert client.get("/metrics", REMOTE_ADDR="::1").status_code == 200


def test_metrics_are_refused_to_another_address_and_through_a_proxy(client, db):
    assert client.get("/metrics", REMOTE_ADDR="198.51.100.3").status_code == 403
    assert (
        client.get("/metrics", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.3").status_code
        == 403
    )


def test_with_a_metrics_token_only_its_bearer_is_served(client, db, settings):
    settings.METRICS_TOKEN = "s3cret-scrape-token"
    assert client.get("/metrics").status_code == 403
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 403
    response = client.get(
        "/metrics", REMOTE_ADDR="198.51.100.3", HTTP_AUTHORIZATION="Bearer s3cret-scrape-token"
    )
    assert response.status_code == 200


def test_requests_are_counted_by_method_and_view(client, db):
    before = scrape(client)
    client.get("/accounts/login/")
    client.get("/accounts/login/")
    after = scrape(client)
    name = "django_http_requests_total_by_view_transport_method_total"
    labels = {"view": "login", "transport": "http", "method": "GET"}
    assert increase(before, after, name, **labels) == 2
    by_method = "django_http_requests_total_by_method_total"
    assert increase(before, after, by_method, method="GET") == 3  # and a scrape


def test_a_pairing_run_is_counted_by_system_and_outcome_with_its_duration(client, committee_event, compute):
    before = scrape(client)
    run = compute(committee_event.round(1), committee_event.member)
    assert run.status == "succeeded"
    after = scrape(client)
    system = committee_event.tournament.pairing_system
    labels = {"system": system, "outcome": "succeeded"}
    assert increase(before, after, "pairing_site_pairing_runs_total", **labels) == 1
    count = "pairing_site_pairing_run_seconds_count"
    assert increase(before, after, count, **labels) == 1


def test_a_second_delivery_of_a_finished_run_is_counted_as_skipped(client, committee_event, compute):
    from committee.services.runs import execute_run

    run = compute(committee_event.round(1), committee_event.member)
    before = scrape(client)
    assert execute_run(run.pk, "another-worker") is None
    after = scrape(client)
    labels = {"system": committee_event.tournament.pairing_system, "outcome": "skipped"}
    assert increase(before, after, "pairing_site_pairing_runs_total", **labels) == 1


def test_e_mails_sent_and_failed_are_exposed_for_the_sender_to_count(client, db):
    before = scrape(client)
    site_metrics.email_sent()
    site_metrics.email_failed(2)
    after = scrape(client)
    assert increase(before, after, "pairing_site_emails_sent_total") == 1
    assert increase(before, after, "pairing_site_emails_failed_total") == 2


@pytest.fixture
def own_queue(settings):
    """A Celery default queue of this test's own in the real Redis (removed afterwards)."""
    if not os.environ.get("REDIS_URL"):
        pytest.skip("needs Redis: set REDIS_URL")
    from observability import heartbeat
    from pairing_site.celery import app

    name = f"test-queue-{uuid.uuid4().hex[:8]}"
    before = app.conf.task_default_queue
    app.conf.task_default_queue = name
    yield name, heartbeat.client()
    app.conf.task_default_queue = before
    heartbeat.client().delete(name, f"{name}\x06\x169")


def test_the_queue_length_is_read_from_redis_at_each_scrape(client, db, own_queue):
    name, redis = own_queue
    assert value(scrape(client), "pairing_site_celery_queue_length", queue=name) == 0
    redis.lpush(name, "a", "b", "c")
    redis.lpush(f"{name}\x06\x169", "urgent")  # kombu's list for priority 9
    assert value(scrape(client), "pairing_site_celery_queue_length", queue=name) == 4


def test_a_worker_heartbeat_shows_as_a_live_worker(client, db, own_queue):
    from observability import heartbeat

    _, redis = own_queue
    redis.delete(heartbeat.KEY)
    assert value(scrape(client), "pairing_site_workers_alive") == 0
    heartbeat.beat("metrics-test@host")
    samples = scrape(client)
    assert value(samples, "pairing_site_workers_alive") == 1
    assert value(samples, "pairing_site_worker_heartbeat_age_seconds") < 5
    heartbeat.forget("metrics-test@host")


def _notice(user, key: str) -> list[int]:
    from notifications.services import outbox

    return outbox.record(
        key, "pairings", [outbox.Message(recipient=user, subject="Round 1", body="Pairings are out.")]
    )


def test_the_notices_sent_and_refused_by_the_mail_server_are_counted(client, make_user, settings):
    from notifications.services import outbox

    user = make_user("captain-mail")
    user.email = "captain@example.org"
    user.save()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    before = scrape(client)
    assert outbox.send(_notice(user, "metrics-test-1")) == 1
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 1, 2  # nobody listens
    assert outbox.send(_notice(user, "metrics-test-2")) == 0
    after = scrape(client)
    assert increase(before, after, "pairing_site_emails_sent_total") == 1
    assert increase(before, after, "pairing_site_emails_failed_total") == 1
