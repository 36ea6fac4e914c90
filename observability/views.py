"""``/healthz/`` (JSON health report) and ``/metrics`` (Prometheus, guarded)."""

from __future__ import annotations

import ipaddress
import os

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.utils.crypto import constant_time_compare
from django.views.decorators.cache import never_cache
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, multiprocess

from observability import health
from observability.collectors import QueueCollector

_scrape_registry = CollectorRegistry(auto_describe=False)
_scrape_registry.register(QueueCollector())


@never_cache
def healthz(request):
    """200 while the site can serve (database and Redis); the body says what answered."""
    report, serving = health.report()
    return JsonResponse(report, status=200 if serving else 503)


def _is_loopback(address: str | None) -> bool:
    try:
        return ipaddress.ip_address(address or "").is_loopback
    except ValueError:
        return False


def metrics_allowed(request) -> bool:
    """With ``METRICS_TOKEN``: ``Authorization: Bearer <token>``. Without: loopback, not via a proxy."""
    token = getattr(settings, "METRICS_TOKEN", "")
    if token:
        given = request.headers.get("Authorization", "")
        return given.startswith("Bearer ") and constant_time_compare(given.removeprefix("Bearer "), token)
    forwarded = "HTTP_X_FORWARDED_FOR" in request.META or "HTTP_X_REAL_IP" in request.META
    return not forwarded and _is_loopback(request.META.get("REMOTE_ADDR"))


@never_cache
def metrics(request):
    """Prometheus text format: requests (django-prometheus), pairing runs, e-mails, queue, workers."""
    if not metrics_allowed(request):
        return HttpResponse(
            "Metrics are served to the machine itself (127.0.0.1 / ::1, not through a proxy), "
            "or with the bearer token set in METRICS_TOKEN.\n",
            status=403,
            content_type="text/plain",
        )
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        body = generate_latest(registry)
    else:
        body = generate_latest(REGISTRY)
    body += generate_latest(_scrape_registry)
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)
