"""The client's address, also behind a reverse proxy.

``DJANGO_TRUSTED_PROXY_COUNT`` (``settings.TRUSTED_PROXY_COUNT``) is the number of proxies in
front of the site that append the address they received the request from to
``X-Forwarded-For`` (nginx ``$proxy_add_x_forwarded_for``, Caddy, Traefik, a load balancer).
With ``n`` such proxies the client is the ``n``-th address from the right: addresses further
left were written by the client itself and are not believed (werkzeug's ``ProxyFix(x_for=n)``
reads it the same way). With 0 (the default) ``X-Forwarded-For`` is ignored and the client is
the connection's peer, ``REMOTE_ADDR``.

Used by the login throttling (django-axes, ``AXES_CLIENT_IP_CALLABLE``), the request log and the
``/metrics`` guard.
"""

from __future__ import annotations

from django.conf import settings


def client_ip(request) -> str | None:
    """The address the request came from, as the trusted proxies saw it."""
    remote = request.META.get("REMOTE_ADDR") or None
    count = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0) or 0)
    if count <= 0:
        return remote
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
    if not forwarded:
        return remote
    return forwarded[-count] if len(forwarded) >= count else forwarded[0]
