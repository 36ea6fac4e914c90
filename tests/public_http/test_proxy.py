"""The caching proxy in front of the site (issue 21): nginx with deploy/nginx's configuration.

The real test starts Debian's nginx (scripts/proxy_conf.py, as ``./scripts/start --full`` does) in
front of two real gunicorn instances on the test database, the public pool and the staff pool, each
writing an access log: what the proxy serves from its copy never reaches either of them.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.urls import reverse

from public_http.proxy import nginx_maps
from tests.committee.conftest import build_event, publish_round
from tests.workers import WITH_REAL_WORKERS, database_url, wait_for

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import proxy_conf  # noqa: E402

# s-maxage=1 (PUBLIC_HTTP_SHARED_MAX_AGE); nginx counts whole seconds, so a copy is stale within two.
SHARED_SECONDS = 2.05
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
needs_nginx = pytest.mark.skipif(
    NGINX is None, reason="needs nginx (apt-get install nginx-light; .ci/run installs it)"
)


def test_the_proxy_maps_in_the_repository_are_those_of_the_public_views_and_their_parameters():
    written = (ROOT / "deploy" / "nginx" / "public_http.conf").read_text()
    assert written == nginx_maps(), "write them again: .venv/bin/python manage.py proxy_config"


@needs_nginx
def test_nginx_accepts_the_configuration_the_full_start_writes(tmp_path):
    conf = proxy_conf.write(tmp_path, "127.0.0.1:1", "127.0.0.1:2", "127.0.0.1:3", tmp_path)
    result = subprocess.run(
        [NGINX, "-t", "-p", str(tmp_path), "-c", str(conf)], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0, result.stderr


# -- the real proxy in front of the real site ---------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(port: int, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def _healthy(port: int) -> bool:
    try:
        return _get(port, "/healthz/")[0] == 200
    except OSError:
        return False


class Stack:
    def __init__(self, port: int, logs: dict[str, Path]):
        self.port, self.logs = port, logs

    def get(self, path: str, **headers) -> tuple[int, dict, bytes]:
        return _get(self.port, path, {k.replace("_", "-"): v for k, v in headers.items()})

    def _count(self, pool: str, path: str) -> int:
        text = self.logs[pool].read_text() if self.logs[pool].exists() else ""
        return sum(1 for line in text.splitlines() if line.split(" ")[1:2] == [path])

    def reached(self, pool: str, path: str, expected: int) -> int:
        """Requests for ``path`` (query left out) the pool's gunicorn has answered, once its access
        log (written after the answer) has ``expected`` of them or half a second has passed, and a
        tenth of a second more for any it should not have."""
        deadline = time.monotonic() + 0.5
        while self._count(pool, path) < expected and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.1)
        return self._count(pool, path)


@pytest.fixture
def stack(tmp_path):
    """nginx on a free port in front of a public and a staff gunicorn on the test database."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DJANGO_TRUSTED_PROXY_COUNT": "1",
        "PROMETHEUS_MULTIPROC_DIR": "",
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR")
    ports = {"public": _free_port(), "staff": _free_port()}
    logs = {pool: tmp_path / f"{pool}.log" for pool in ports}
    processes = []
    try:
        for pool, port in ports.items():
            command = [
                str(ROOT / ".venv" / "bin" / "gunicorn"),
                "pairing_site.wsgi",
                "-b",
                f"127.0.0.1:{port}",
            ]
            command += ["-w", "1", "--threads", "2", "--log-level", "warning"]
            command += ["--access-logfile", str(logs[pool]), "--access-logformat", "%(m)s %(U)s %(s)s"]
            processes.append(subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True))
        static = tmp_path / "static"
        static.mkdir()
        (static / "site.0123456789ab.css").write_text("body{}\n")
        port = _free_port()
        conf = proxy_conf.write(
            tmp_path / "proxy",
            f"127.0.0.1:{port}",
            f"127.0.0.1:{ports['public']}",
            f"127.0.0.1:{ports['staff']}",
            static,
        )
        processes.append(
            subprocess.Popen(
                [NGINX, "-p", str(conf.parent), "-c", str(conf)],
                start_new_session=True,
                stderr=subprocess.PIPE,
            )
        )
        for p in ports.values():
            wait_for(lambda p=p: _healthy(p), timeout=90, every=0.3)
        wait_for(lambda: _healthy(port), timeout=30, every=0.2)
        yield Stack(port, logs)
    finally:
        for process in processes:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)


@pytest.fixture
def published(django_capture_on_commit_callbacks):
    ev = build_event(f"proxy-{os.getpid()}-{int(time.time() * 1000) % 100000}")
    publish_round(ev.round(1), ev.chair)
    return ev


@needs_nginx
class TestTheRealProxy:
    pytestmark = WITH_REAL_WORKERS

    def test_a_repeated_anonymous_request_is_a_hit_that_never_reaches_gunicorn(self, stack, published):
        path = reverse("public-round-pairings", args=[published.tournament.slug, 1])
        status, first, body = stack.get(path)
        assert status == 200 and first["x-cache-status"] == "MISS", body[-3000:]
        assert "s-maxage=1" in first["cache-control"] and "public" in first["cache-control"]
        for _ in range(5):
            status, again, same = stack.get(path)
            assert status == 200 and again["x-cache-status"] == "HIT" and same == body
        assert stack.reached("public", path, 1) == 1 and stack.reached("staff", path, 0) == 0

    def test_a_junk_query_parameter_is_the_same_entry_and_a_read_one_another(self, stack, published):
        path = reverse("ops-standings", args=[published.tournament.slug])
        assert stack.get(path)[1]["x-cache-status"] == "MISS"
        for junk in ("?junk=1", "?junk=2&utm_source=x", "?round=", "?by=match"):
            status, headers, _ = stack.get(path + junk)
            assert status == 200 and headers["x-cache-status"] == "HIT", junk
        assert stack.reached("public", path, 1) == 1
        # a parameter the view reads is an entry of its own ("01" and "1" one page), and a repeated
        # one reaches the site as the proxy keyed it (the site would read the last: page 2, a 404)
        api = reverse("api-round-list", args=[published.tournament.slug])
        assert stack.get(api + "?page=1")[1]["x-cache-status"] == "MISS"
        assert stack.get(api + "?page=01&junk=3")[1]["x-cache-status"] == "HIT"
        status, headers, _ = stack.get(api + "?page=1&page=2")
        assert status == 200 and headers["x-cache-status"] == "HIT"
        assert stack.get(api)[1]["x-cache-status"] == "MISS"
        assert stack.reached("public", api, 2) == 2

    def test_a_logged_in_request_reaches_the_staff_pool_every_time_and_is_never_cached(
        self, stack, published, client
    ):
        path = reverse("public-round-pairings", args=[published.tournament.slug, 1])
        assert stack.get(path)[1]["x-cache-status"] == "MISS"  # an anonymous copy is there
        client.force_login(published.chair)
        session = client.cookies["sessionid"].value
        for _ in range(3):
            status, headers, body = stack.get(path, Cookie=f"sessionid={session}; csrftoken=x")
            assert status == 200 and headers["x-cache-status"] == "BYPASS"
            assert "private" in headers["cache-control"] and b"Log out" in body
        assert stack.reached("staff", path, 3) == 3
        # the CSRF cookie alone is anonymous: the shared copy
        assert stack.get(path, Cookie="csrftoken=abc")[1]["x-cache-status"] in ("HIT", "REVALIDATED")
        # an API token: passed through too
        api = reverse("api-round-pairings", args=[published.tournament.slug, 1])
        for _ in range(2):
            assert stack.get(api, Authorization="Token nonsense")[1]["x-cache-status"] == "BYPASS"
        assert stack.reached("staff", api, 2) == 2 and stack.reached("public", api, 0) == 0

    def test_a_publication_is_on_the_proxys_pages_within_the_second_a_shared_cache_may_keep_them(
        self, stack, published
    ):
        rounds = reverse("api-round-list", args=[published.tournament.slug])
        pairings = reverse("public-round-pairings", args=[published.tournament.slug, 2])
        _, _, before = stack.get(rounds, Accept="application/json")
        assert stack.get(rounds, Accept="application/json")[1]["x-cache-status"] == "HIT"
        _, _, page_before = stack.get(pairings)
        assert stack.get(pairings)[1]["x-cache-status"] == "HIT"
        # round 1 played, round 2 paired and published
        from tests.committee.conftest import play_round

        play_round(published.round(1))
        publish_round(published.round(2), published.chair)
        time.sleep(SHARED_SECONDS)  # s-maxage=1: the copy is revalidated with its ETag
        status, headers, after = stack.get(rounds, Accept="application/json")
        assert status == 200 and after != before and headers["x-cache-status"] == "EXPIRED"
        status, headers, page = stack.get(pairings)
        assert status == 200 and page != page_before and headers["x-cache-status"] == "EXPIRED"

    def test_nothing_new_revalidates_with_the_etag_and_the_static_files_are_served_by_the_proxy(
        self, stack, published
    ):
        path = reverse("tournament-detail", args=[published.tournament.slug])
        _, _, body = stack.get(path)
        time.sleep(SHARED_SECONDS)
        status, headers, again = stack.get(path)
        assert status == 200 and headers["x-cache-status"] == "REVALIDATED" and again == body
        assert stack.reached("public", path, 2) == 2  # the second answered 304 from the site's cache
        status, headers, css = stack.get("/static/site.0123456789ab.css")
        assert status == 200 and css == b"body{}\n" and "immutable" in headers["cache-control"]

    def test_a_live_fragment_is_rendered_once_for_its_pollers_within_a_second(self, stack, published):
        url = reverse("ops-standings-live", args=[published.tournament.slug]) + "?v=old"
        status, first, body = stack.get(url)
        assert status == 200 and first["x-cache-status"] == "MISS" and "s-maxage=1" in first["cache-control"]
        for junk in ("", "&junk=1", "&_=1732790000"):
            status, headers, again = stack.get(url + junk)
            assert status == 200 and headers["x-cache-status"] == "HIT" and again == body
        path = reverse("ops-standings-live", args=[published.tournament.slug])
        assert stack.reached("public", path, 1) == 1
