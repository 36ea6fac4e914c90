"""Production's security headers, and HTTPS as the reverse proxy reports it (DJANGO_SECURE_PROXY_SSL_HEADER).

Each case runs the production settings in a fresh process (settings are read at start) and
requests the login page through Django's test client.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The static files storage is plain for the probe: the headers are under test, not the
# manifest, which only `collectstatic` (not run for these tests) would write.
PROBE = """
import json
from django.conf import settings
from django.test import Client
from django.test.utils import override_settings
plain = {{**settings.STORAGES, "staticfiles": {{"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}}}
c = Client()
with override_settings(STORAGES=plain):
    r = c.get("{path}", secure={secure}, HTTP_HOST="pairing.example.org", **{extra})
print(json.dumps({{"status": r.status_code, "headers": dict(r.headers),
                  "cookies": {{k: dict(v) for k, v in r.cookies.items()}}}}))
"""


def probe(secure: bool = True, extra: dict | None = None, path: str = "/accounts/login/", **env) -> dict:
    base = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-v",
            "0",
            "-c",
            PROBE.format(path=path, secure=secure, extra=extra or {}),
        ],
        cwd=ROOT,
        env={
            **base,
            "DJANGO_SETTINGS_MODULE": "pairing_site.settings.production",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "pairing.example.org",
            "DATABASE_URL": "sqlite://:memory:",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_pages_carry_the_security_headers_and_secure_cookies():
    r = probe()
    assert r["status"] == 200
    h = r["headers"]
    assert h["Strict-Transport-Security"].startswith("max-age=2592000")
    assert h["X-Content-Type-Options"] == "nosniff"
    assert h["X-Frame-Options"] == "DENY"
    assert h["Referrer-Policy"] == "same-origin"
    assert h["Cross-Origin-Opener-Policy"] == "same-origin"
    assert r["cookies"]["csrftoken"]["secure"] is True


def test_plain_http_is_redirected_to_https():
    r = probe(secure=False)
    assert r["status"] == 301 and r["headers"]["Location"].startswith("https://pairing.example.org/")


def test_behind_the_proxy_its_x_forwarded_proto_https_counts_as_https():
    r = probe(secure=False, extra={"HTTP_X_FORWARDED_PROTO": "https"})
    assert r["status"] == 200


def test_the_proxy_header_can_be_renamed_or_switched_off():
    renamed = probe(
        secure=False,
        extra={"HTTP_X_FORWARDED_SCHEME": "https"},
        DJANGO_SECURE_PROXY_SSL_HEADER="X-Forwarded-Scheme",
    )
    assert renamed["status"] == 200
    off = probe(secure=False, extra={"HTTP_X_FORWARDED_PROTO": "https"}, DJANGO_SECURE_PROXY_SSL_HEADER="")
    assert off["status"] == 301  # a client's own header is not believed


def test_the_health_check_and_the_metrics_answer_local_probes_over_plain_http():
    assert probe(secure=False, path="/healthz/", extra={"REMOTE_ADDR": "127.0.0.1"})["status"] == 200
    assert probe(secure=False, path="/metrics", extra={"REMOTE_ADDR": "127.0.0.1"})["status"] == 200
