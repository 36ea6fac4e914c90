"""The site's own Prometheus metrics, defined once; any app imports and increments them.

Served at ``/metrics`` (``observability.views.metrics``) beside django-prometheus's request
metrics. Under gunicorn and Celery set ``PROMETHEUS_MULTIPROC_DIR`` (``scripts/start --full``
and docker-compose.yml do): every process then writes its counts to that folder and
``/metrics`` adds them up, so a run counted in a worker shows on the web server's scrape.

- ``PAIRING_RUNS`` / ``PAIRING_RUN_SECONDS``: committee pairing runs by system and outcome
  (counted from ``committee.signals.pairing_run_finished`` by ``observability``).
- ``EMAILS_SENT`` / ``EMAILS_FAILED``: e-mails handed to the mail server, or refused by it;
  the sender calls ``email_sent()`` / ``email_failed()`` (notifications).

The queue length and the worker heartbeat are read when ``/metrics`` is scraped
(``observability.collectors``), not counted here.
"""

from __future__ import annotations

from prometheus_client import Counter, Histogram

PAIRING_RUNS = Counter(
    "pairing_site_pairing_runs_total",
    "Committee pairing runs by outcome: succeeded, no_pairing (no pairing complies with the "
    "absolute criteria), error, superseded (another worker finished it), skipped (not claimable).",
    ["system", "outcome"],
)
PAIRING_RUN_SECONDS = Histogram(
    "pairing_site_pairing_run_seconds",
    "Time from a worker's claim of a pairing run to its recorded outcome, in seconds.",
    ["system", "outcome"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0, 900.0),
)
EMAILS_SENT = Counter("pairing_site_emails_sent_total", "E-mails handed to the mail server.")
EMAILS_FAILED = Counter("pairing_site_emails_failed_total", "E-mails the mail server refused or never took.")


def pairing_run(system: str, outcome: str, seconds: float | None) -> None:
    """Count one pairing run's outcome (and its duration, when it was computed)."""
    system = system or "unknown"
    PAIRING_RUNS.labels(system=system, outcome=outcome).inc()
    if seconds is not None:
        PAIRING_RUN_SECONDS.labels(system=system, outcome=outcome).observe(seconds)


def email_sent(count: int = 1) -> None:
    """Count e-mails the mail server accepted."""
    EMAILS_SENT.inc(count)


def email_failed(count: int = 1) -> None:
    """Count e-mails the mail server refused (or could not be reached for)."""
    EMAILS_FAILED.inc(count)
