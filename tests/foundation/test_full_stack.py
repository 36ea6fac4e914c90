"""``./scripts/start --full``: the whole stack without Docker, in step with docker-compose.yml.

The Procfile (run by honcho) and docker-compose.yml run the same commands with the same
environment variables; ``docker compose config`` is checked where Docker Compose is installed.
The real start (services marker) runs the script on a free port and a throwaway database,
waits for /healthz/, has the worker answer, sends one SIGINT and finds every process gone.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
APP_SERVICES = ("web", "staff", "worker", "printer", "beat")
# Values that differ by where the stack runs (an address, a file, a count): masked before comparing.
PLACEHOLDER_OPTIONS = ("--bind", "--schedule", "--workers")
# Set for the Procfile only: docker-compose.yml writes their values into its commands (and its
# proxy's environment); and the memory limit scripts/check_services.py gives the machine's Redis
# (compose sets its own two's).
PROCFILE_ONLY_VARIABLES = {
    "WEB_BIND",
    "WEB_STAFF_BIND",
    "WEB_STAFF_WORKERS",
    "PROXY_BIND",
    "PROXY_RUN_DIR",
    "NGINX",
    "CELERY_BEAT_SCHEDULE_FILE",
    "REDIS_MAXMEMORY",
}


def clean_env(**extra) -> dict:
    """This process's environment less what pytest and the test settings put there."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "PYTEST_"))
        and k not in ("DATABASE_URL", "REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")
    }
    env.update(extra)
    return env


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def procfile() -> dict[str, str]:
    entries = {}
    for line in (ROOT / "Procfile").read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9_-]+):\s*(.+)$", line)
        if match:
            entries[match.group(1)] = match.group(2)
    return entries


def normalised(command: str) -> list[str]:
    words = shlex.split(command)
    return [
        "<value>" if i > 0 and words[i - 1] in PLACEHOLDER_OPTIONS else word for i, word in enumerate(words)
    ]


def compose_command(service: dict) -> str:
    """The long-running command of a compose service (web's comes after its migrate steps, as ``exec ...``)."""
    command = service["command"]
    if isinstance(command, list):
        command = shlex.join(command)
    if command.startswith("sh -c"):
        inner = shlex.split(command)[2]
        return inner[inner.index("exec ") + len("exec ") :].strip()
    return command


def dry_run(*args: str, **env) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["scripts/start", "--full", "--dry-run", *args],
        cwd=ROOT,
        env=clean_env(**env),
        capture_output=True,
        text=True,
        timeout=60,
    )


def exported(output: str) -> dict[str, str]:
    return dict(
        line.removeprefix("export ").split("=", 1)
        for line in output.splitlines()
        if line.startswith("export ")
    )


def compose_default(value: str) -> str:
    """``${NAME:-default}`` as compose reads it with NAME unset."""
    return re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", str(value))


# -- in step with docker-compose.yml ------------------------------------------------------------


def test_the_procfile_runs_the_web_worker_and_beat_commands_of_docker_compose():
    services = compose()["services"]
    entries = procfile()
    assert sorted(entries) == sorted((*APP_SERVICES, "proxy"))
    for name in APP_SERVICES:
        assert normalised(entries[name]) == normalised(compose_command(services[name])), name


def test_the_pdfs_rendered_ahead_go_to_the_printer_never_to_the_worker_of_the_pairing_runs():
    """A render queued on the pairing worker held the first pairing run back (the demo queued some 60)."""
    services = compose()["services"]
    assert exported(dry_run().stdout)["PRINTING_QUEUE"] == "printing"
    assert services["worker"]["environment"]["PRINTING_QUEUE"] == "printing"
    for command in (procfile()["printer"], compose_command(services["printer"])):
        words = shlex.split(command)
        assert words[words.index("--queues") + 1] == "printing"
        # the CPU nobody else wants: the scheduler's idle class, and the lowest niceness of the stack
        assert words[:6] == ["chrt", "--idle", "0", "nice", "-n", "15"]
        assert words[words.index("--concurrency") + 1] == "1"
    for command in (procfile()["worker"], compose_command(services["worker"])):
        assert "--queues" not in command  # the default queue: pairing runs, notices, pings


def test_the_proxy_of_docker_compose_fills_the_template_the_full_start_fills_with_the_same_maps():
    import sys

    sys.path.insert(0, str(ROOT / "scripts"))
    import proxy_conf

    proxy = compose()["services"]["proxy"]
    assert proxy["image"].startswith("nginx:")
    assert set(proxy["environment"]) == set(proxy_conf.PLACEHOLDERS)
    mounts = {v.split(":")[1]: v.split(":")[0] for v in proxy["volumes"]}
    conf_dir = proxy["environment"]["PROXY_CONF_DIR"]
    assert mounts["/etc/nginx/templates/default.conf.template"] == "./deploy/nginx/site.conf.template"
    assert mounts[f"{conf_dir}/public_http.conf"] == "./deploy/nginx/public_http.conf"
    assert mounts[proxy["environment"]["PROXY_STATIC_ROOT"]] == "static"  # web copies the files there
    assert "static:/app/var/static" in compose()["services"]["web"]["volumes"]
    upstreams = {
        proxy["environment"][k].split(":")[0] for k in ("PROXY_PUBLIC_UPSTREAM", "PROXY_STAFF_UPSTREAM")
    }
    assert upstreams == {"web", "staff"}
    assert "proxy:" in (ROOT / "Procfile").read_text() and "$PROXY_RUN_DIR/nginx.conf" in procfile()["proxy"]


def test_the_full_start_sets_the_environment_variables_docker_compose_sets():
    services = compose()["services"]
    ours = exported(dry_run().stdout)
    for name in APP_SERVICES:
        theirs = services[name]["environment"]
        assert set(theirs) - {"SEED_DEMO"} == set(ours) - PROCFILE_ONLY_VARIABLES, name
    shared = services["web"]["environment"]
    for name in (
        "DJANGO_SETTINGS_MODULE",
        "DJANGO_SECURE_SSL_REDIRECT",
        "DJANGO_SECURE_COOKIES",
        "DJANGO_SECURE_HSTS_SECONDS",
        "DJANGO_LOG_FORMAT",
        "METRICS_TOKEN",
    ):
        assert ours[name] == compose_default(shared[name]), name


def test_the_web_service_and_the_full_start_both_migrate_and_build_the_demo_before_serving():
    web = compose()["services"]["web"]["command"]
    assert "manage.py migrate --noinput" in web and "manage.py seed_demo" in web
    steps = [line for line in dry_run().stdout.splitlines() if not line.startswith("export ")]
    assert steps == [
        "ensure_venv",
        "reset_metrics",
        ".venv/bin/python scripts/check_services.py",
        ".venv/bin/python manage.py migrate --noinput",
        ".venv/bin/python manage.py collectstatic --noinput -v 0",
        ".venv/bin/python manage.py seed_demo",
        "ensure_nginx",
        '.venv/bin/python scripts/proxy_conf.py "$PROXY_RUN_DIR" --listen "$PROXY_BIND" --public "$WEB_BIND" '
        '--staff "$WEB_STAFF_BIND" --static-root "${DJANGO_STATIC_ROOT:-staticfiles}"',
        "exec .venv/bin/honcho start --procfile Procfile --env /dev/null",
    ]


def test_the_full_start_can_skip_the_demo_and_serve_on_another_address():
    result = dry_run("--no-seed", "127.0.0.1:8765")
    assert "seed_demo" not in result.stdout
    env = exported(result.stdout)
    assert env["PROXY_BIND"] == "127.0.0.1:8765"  # the proxy; gunicorn's two pools on the next ports
    assert env["WEB_BIND"] == "127.0.0.1:8766" and env["WEB_STAFF_BIND"] == "127.0.0.1:8767"
    assert env["DJANGO_CSRF_TRUSTED_ORIGINS"] == "http://localhost:8765,http://127.0.0.1:8765"


def test_the_full_start_never_prints_the_secret_key_and_lets_the_environment_win():
    result = dry_run(DJANGO_SECRET_KEY="a-key-from-outside", DATABASE_URL="postgres://u@db.example:5432/x")
    env = exported(result.stdout)
    assert "a-key-from-outside" not in result.stdout
    assert env["DATABASE_URL"] == "postgres://u@db.example:5432/x"


def test_the_broker_and_the_cache_each_have_a_redis_with_a_memory_limit_and_a_sound_eviction_policy():
    """Issue 18: the cache evicts under its limit; the broker never evicts a queued task."""
    services = compose()["services"]
    broker, cache = (
        compose_default(services["redis"]["command"]),
        compose_default(services["cache"]["command"]),
    )
    assert "--maxmemory 256mb" in broker and "--maxmemory-policy noeviction" in broker
    assert "--maxmemory 256mb" in cache and "--maxmemory-policy allkeys-lru" in cache
    env = services["web"]["environment"]
    assert env["REDIS_URL"] == "redis://redis:6379/0" and env["CACHE_REDIS_URL"] == "redis://cache:6379/0"
    for name in APP_SERVICES:
        assert "cache" in services[name]["depends_on"], name


def test_the_full_start_puts_the_cache_in_its_own_database_of_the_redis():
    assert exported(dry_run().stdout)["CACHE_REDIS_URL"] == "redis://127.0.0.1:6379/1"
    env = exported(dry_run(REDIS_URL="redis://r.example:6380/4").stdout)
    assert (
        env["REDIS_URL"] == "redis://r.example:6380/4"
        and env["CACHE_REDIS_URL"] == "redis://r.example:6380/5"
    )
    assert (
        exported(dry_run(CACHE_REDIS_URL="redis://c:6379/0").stdout)["CACHE_REDIS_URL"] == "redis://c:6379/0"
    )


def test_a_shared_redis_without_a_limit_gets_one_that_evicts_cache_entries_only(tmp_path):
    """scripts/check_services.py on a real, throwaway redis-server (never the tests' shared one)."""
    import redis

    from scripts.check_services import limit_redis_memory, memory_plan

    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed here")
    port = _free_port()
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
    )
    try:
        client = redis.Redis(port=port)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                assert time.monotonic() < deadline
                time.sleep(0.05)
        url = f"redis://127.0.0.1:{port}/0"
        assert limit_redis_memory(url, f"redis://127.0.0.1:{port}/1", "64mb") is None
        config = client.config_get("maxmemory*")
        assert config["maxmemory"] == str(64 * 1024 * 1024)
        assert config["maxmemory-policy"] == "volatile-lru"  # keys with an expiry only: never a queue
        client.config_set("maxmemory-policy", "allkeys-lru")
        warning = limit_redis_memory(url, f"redis://127.0.0.1:{port}/1", "64mb")
        assert "a queued task could be lost" in warning
    finally:
        server.terminate()
        server.wait(10)
    assert memory_plan({"maxmemory": "0"}, "1gb")[0] == {
        "maxmemory": "1gb",
        "maxmemory-policy": "volatile-lru",
    }
    assert memory_plan({"maxmemory": "100", "maxmemory-policy": "noeviction"}, "1gb") == ({}, None)


def _docker_compose_available() -> bool:
    if shutil.which("docker") is None:
        return False
    probe = subprocess.run(["docker", "compose", "version"], capture_output=True, text=True, timeout=30)
    return probe.returncode == 0


@pytest.mark.skipif(not _docker_compose_available(), reason="Docker Compose is not installed here")
def test_docker_compose_accepts_the_file_and_runs_the_procfile_commands():
    result = subprocess.run(
        ["docker", "compose", "config", "--format", "json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    services = json.loads(result.stdout)["services"]
    for name in APP_SERVICES:
        command = services[name]["command"]
        command = shlex.join(command) if isinstance(command, list) else command
        assert normalised(procfile()[name]) == normalised(compose_command({"command": command})), name


# -- the services it needs -------------------------------------------------------------------------


def test_the_full_start_names_each_missing_service_and_how_to_start_it(tmp_path):
    result = subprocess.run(
        ["scripts/start", "--full"],
        cwd=ROOT,
        env=clean_env(
            DATABASE_URL="postgres://postgres@127.0.0.1:1/nothing_here",
            REDIS_URL="redis://127.0.0.1:1/0",
            PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"),
        ),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 3, result.stdout + result.stderr
    assert "PostgreSQL is not answering at 127.0.0.1:1" in result.stderr
    assert "pg_ctlcluster" in result.stderr
    assert "Redis is not answering at redis://127.0.0.1:1/0" in result.stderr
    assert "redis-server --daemonize yes" in result.stderr
    assert "manage.py migrate" not in result.stdout  # nothing started


# -- the real thing ------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _get(url: str, timeout: float = 5.0) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def _service_urls() -> tuple[str, str, str]:
    """A throwaway database on the PostgreSQL of DATABASE_URL, and a Redis db the tests do not use."""
    import environ

    database = os.environ.get("DATABASE_URL", "")
    redis_url = os.environ.get("REDIS_URL", "")
    if not redis_url or not database.startswith("postgres"):
        pytest.skip("needs PostgreSQL and Redis: set DATABASE_URL=postgres://... and REDIS_URL")
    config = environ.Env.db_url_config(database)
    name = f"fullstack_{uuid.uuid4().hex[:10]}"
    auth = config["USER"] + (f":{config['PASSWORD']}" if config.get("PASSWORD") else "")
    server = f"postgres://{auth}@{config['HOST'] or '127.0.0.1'}:{config['PORT'] or 5432}"
    base, _, db = redis_url.rstrip("/").rpartition("/")
    other_db = "14" if db == "15" else "15"
    return f"{server}/{name}", f"{base}/{other_db}", name


def _drop_database(url: str, name: str) -> None:
    import environ
    import psycopg
    from psycopg import sql

    c = environ.Env.db_url_config(url)
    with psycopg.connect(
        dbname="postgres",
        host=c["HOST"] or None,
        port=c["PORT"] or None,
        user=c["USER"] or None,
        password=c.get("PASSWORD") or None,
        autocommit=True,
    ) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def _json_lines(output: str, process: str) -> list[dict]:
    lines = []
    for line in output.splitlines():
        prefix, sep, rest = line.partition(" | ")
        if sep and process in prefix and rest.startswith("{"):
            with contextlib.suppress(ValueError):
                lines.append(json.loads(rest))
    return lines


@pytest.mark.services
@pytest.mark.slow
def test_start_full_runs_the_whole_stack_and_one_ctrl_c_stops_every_process(tmp_path):
    from celery import Celery

    database_url, redis_url, db_name = _service_urls()
    port = _free_port()
    log_path = tmp_path / "full.log"
    log = open(log_path, "w")  # noqa: SIM115  (closed below)
    proc = subprocess.Popen(
        ["scripts/start", "--full", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=clean_env(
            DATABASE_URL=database_url,
            REDIS_URL=redis_url,
            REDIS_MAXMEMORY="0",  # the tests' shared Redis keeps its configuration
            PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"),
            CELERY_BEAT_SCHEDULE_FILE=str(tmp_path / "celerybeat-schedule"),
            PROXY_RUN_DIR=str(tmp_path / "proxy"),
        ),
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # the test's own SIGINT goes to the script alone, as one Ctrl-C would
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 900  # install check, migrate, collectstatic, the demo, then start
        health = None
        while time.monotonic() < deadline:
            assert proc.poll() is None, log_path.read_text()[-5000:]
            try:
                status, body = _get(f"{base}/healthz/")
                health = json.loads(body)
                if status == 200 and health["worker"]["ok"]:
                    break
            except (OSError, ValueError):
                pass
            time.sleep(1)
        else:
            pytest.fail(f"/healthz/ never said ok: {health}\n{log_path.read_text()[-5000:]}")
        assert health["database"]["vendor"] == "postgresql" and health["redis"]["ok"] is True

        # the worker answers a task sent through this stack's Redis
        client = Celery(broker=redis_url, backend=redis_url)
        assert client.send_task("pairing_site.tasks.ping").get(timeout=120) == "pong"

        # the demo is there and its pages log one JSON line each, with the tournament
        status, _ = _get(f"{base}/t/demo-team-league/")
        assert status == 200
        status, metrics = _get(f"{base}/metrics")
        assert status == 200 and b"pairing_site_celery_queue_length" in metrics
        assert b"pairing_site_pairing_runs_total" in metrics
        time.sleep(1)
        lines = _json_lines(log_path.read_text(), "web")
        assert any(x.get("event") == "request" and x.get("tournament") == "demo-team-league" for x in lines)
        assert any(
            x.get("event") == "task" and x.get("task") == "pairing_site.tasks.ping"
            for x in _json_lines(log_path.read_text(), "worker")
        )

        processes = _descendants(proc.pid) | {proc.pid}
        # honcho, nginx and its worker, two gunicorns and their workers, celery worker, printer and their
        # pools, beat
        assert len(processes) >= 12
        os.kill(proc.pid, signal.SIGINT)
        proc.wait(timeout=60)
        time.sleep(0.5)
        assert [pid for pid in processes if _alive(pid)] == []
        with socket.socket() as s:
            assert s.connect_ex(("127.0.0.1", port)) != 0  # nobody serves the port any more
    finally:
        if proc.poll() is None:
            for pid in _descendants(proc.pid) | {proc.pid}:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            proc.wait(10)
        log.close()
        _drop_database(database_url, db_name)
