"""The proxy's revalidations answered before Django's middleware (issue 21).

The caching proxy keeps a public answer for ``s-maxage`` (one second), then asks the site again with
its ETag (``If-None-Match``). Nearly every such request is answered ``304 Not Modified``, and through
Django's whole middleware stack (sessions, CSRF, authentication, locale, security headers, the
request log, the metrics) that 304 cost as much CPU as serving the page from the site's shared copy.

``RevalidationApp`` wraps the WSGI application: an anonymous conditional GET or HEAD of a public
view (``public_http.middleware.PUBLIC_VIEWS``), with no cookie and no ``Authorization``, gets its
ETag computed exactly as ``PublicHttpCacheMiddleware`` computes it (the same path resolution, query
parameters, language from ``Accept-Language``, ``Accept`` and ``HX-Request``, and one cache read of
the versions); when it matches, the 304 is answered here with the same ``ETag``, ``Cache-Control`` and
``Vary``. Anything else (no match, another view, a cookie, a host Django would refuse, plain HTTP where
the site redirects to HTTPS) goes to Django unchanged, which answers as it always did. These 304s are
in the proxy's access log, not in the site's request log.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest
from django.urls import ResolverMatch, resolve
from django.utils import translation

from public_http.middleware import (
    PUBLIC_VIEWS,
    cache_control,
    current_etag,
    etag_matches,
    identity_of,
)


@functools.lru_cache(maxsize=4096)
def _resolve(path: str) -> ResolverMatch:
    """Django's resolution of ``path``, remembered for the paths asked most (a path Django refuses
    raises every time: nothing is kept for it)."""
    return resolve(path)


def not_modified_headers(environ: dict) -> list[tuple[str, str]] | None:
    """The headers of a 304 for this revalidation, or None: Django answers it."""
    if (
        environ.get("REQUEST_METHOD") not in ("GET", "HEAD")
        or not environ.get("HTTP_IF_NONE_MATCH")
        or environ.get("HTTP_COOKIE")
        or "HTTP_AUTHORIZATION" in environ
    ):
        return None
    # A copy: WSGIRequest writes the decoded path back into the environ it is given, which Django's own
    # request, made from the same environ when this answers nothing, could no longer decode (a
    # non-Latin-1 character in the path, "٣", was a 500).
    request = WSGIRequest(dict(environ))
    try:
        request.get_host()  # a host Django refuses is its 400, never a 304
        match = _resolve(request.path_info)
    except Exception:  # DisallowedHost, Resolver404, a malformed path: Django says what it is
        return None
    if settings.SECURE_SSL_REDIRECT and not request.is_secure():
        return None  # SecurityMiddleware's redirect
    scope = PUBLIC_VIEWS.get(match.url_name)
    if scope is None:
        return None
    request.resolver_match = match
    language = translation.get_language_from_request(request)  # LocaleMiddleware's, without a cookie
    with translation.override(language):
        answer = current_etag(scope, match.kwargs, identity_of(request))
    if answer is None:
        return None
    etag, _ = answer
    if not etag_matches(environ["HTTP_IF_NONE_MATCH"], etag):
        return None
    return [
        ("ETag", etag),
        ("Cache-Control", cache_control()),
        ("Vary", "Cookie, Accept-Language"),
        ("Content-Language", language),
    ]


class RevalidationApp:
    """WSGI: a proxy's revalidation of a public answer still current is a 304 before Django."""

    def __init__(self, application: Callable):
        self.application = application

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if getattr(settings, "PUBLIC_HTTP_REVALIDATE_BEFORE_DJANGO", True):
            try:
                headers = not_modified_headers(environ)
            except Exception:  # the cache or the database unwell: Django answers, and says what it is
                headers = None
            if headers is not None:
                start_response("304 Not Modified", headers)
                return []
        return self.application(environ, start_response)
