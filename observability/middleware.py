"""One log line per request: method, path, status, duration, user, client, tournament, round.

The line goes to the ``pairing_site.request`` logger (JSON with ``DJANGO_LOG_FORMAT=json``).
The tournament and round come from the URL (``slug`` and ``number``) and are bound to the log
context, so every line logged while the request is handled carries them too. Secrets in the URL
(the captain's lineup link token) are masked. Health checks and metric scrapes are logged at
DEBUG only. Each response carries ``X-Request-ID`` (the proxy's, when it sends one).
"""

from __future__ import annotations

import logging
import re
import time
import uuid

from django.urls import Resolver404, resolve

from observability import context
from pairing_site.client_ip import client_ip

log = logging.getLogger("pairing_site.request")

QUIET_PATHS = ("/healthz/", "/metrics")
SECRET_KWARGS = ("token", "key")
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def _request_id(request) -> str:
    given = request.headers.get("X-Request-ID", "")
    return given if _REQUEST_ID.match(given) else uuid.uuid4().hex


def _match(request):
    """The URL match; resolved here when a middleware answered before the view (a cached page)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
    return match


def _safe_path(request, match) -> str:
    path = request.path
    if match is not None:
        for name in SECRET_KWARGS:
            value = match.kwargs.get(name)
            if value:
                path = path.replace(str(value), "***")
    return path


def _where(match) -> dict:
    if match is None:
        return {}
    number = match.kwargs.get("number")
    found = {"tournament": match.kwargs.get("slug"), "round": number if isinstance(number, int) else None}
    return {k: v for k, v in found.items() if v is not None}


class RequestLogMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request_id = _request_id(request)
        token = context.bind(request_id=request_id)
        started = time.monotonic()
        try:
            response = self.get_response(request)
            self._log(request, response, time.monotonic() - started)
            if not response.has_header("X-Request-ID"):
                response["X-Request-ID"] = request_id
            return response
        finally:
            context.reset(token)

    def process_view(self, request, view_func, view_args, view_kwargs):
        context.bind(**_where(request.resolver_match))
        return None

    def _log(self, request, response, seconds: float) -> None:
        level = logging.DEBUG if request.path.startswith(QUIET_PATHS) else logging.INFO
        if not log.isEnabledFor(level):
            return
        user = getattr(request, "user", None)
        match = _match(request)
        path = _safe_path(request, match)
        bound = context.current()
        log.log(
            level,
            "%s %s %s",
            request.method,
            path,
            response.status_code,
            extra={
                **{k: v for k, v in _where(match).items() if k not in bound},
                "event": "request",
                "method": request.method,
                "path": path,
                "status": response.status_code,
                "duration_ms": round(seconds * 1000, 1),
                "user_id": user.pk if user is not None and user.is_authenticated else None,
                "client": client_ip(request),
                "view": match.view_name if match is not None else None,
            },
        )
