"""Production settings: ``DJANGO_SETTINGS_MODULE=pairing_site.settings.production``.

Requires ``DJANGO_SECRET_KEY`` and ``DJANGO_ALLOWED_HOSTS``; passes
``manage.py check --deploy``. TLS is expected to end at a proxy that sets
``X-Forwarded-Proto``.
"""

from .base import *  # noqa: F401,F403
from .base import LOGGING, STORAGES, env

DEBUG = env.bool("DJANGO_DEBUG", default=False)
SECRET_KEY = env.str("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")

# The header by which the TLS proxy says the request came over HTTPS ("X-Forwarded-Proto: https").
# Set DJANGO_SECURE_PROXY_SSL_HEADER empty when no proxy sets (and strips) it: a client could.
_ssl_header = env.str("DJANGO_SECURE_PROXY_SSL_HEADER", default="X-Forwarded-Proto")
SECURE_PROXY_SSL_HEADER = ("HTTP_" + _ssl_header.upper().replace("-", "_"), "https") if _ssl_header else None
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
# Probes and Prometheus scrape over plain HTTP on the machine itself.
SECURE_REDIRECT_EXEMPT = [r"^healthz/$", r"^metrics$"]
# Secure cookies: off only for a plain-HTTP local trial (docker compose on localhost).
SESSION_COOKIE_SECURE = env.bool("DJANGO_SECURE_COOKIES", default=True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 30)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("DJANGO_SECURE_HSTS_PRELOAD", default=True)
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# One JSON object per log line (DJANGO_LOG_FORMAT=plain for a terminal).
LOGGING["handlers"]["console"]["formatter"] = env.str("DJANGO_LOG_FORMAT", default="json")
