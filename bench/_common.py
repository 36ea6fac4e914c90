"""What the benchmarks share. The load benchmarks (load_pairings.py, season.py): a PostgreSQL database of
their own on 127.0.0.1:5432 (user postgres) that they may drop, and the stack's processes on 127.0.0.1.
The in-process ones (bench_pdf.py, bench_seed_demo.py): Django on a scratch database."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SERVER = "postgresql://postgres@127.0.0.1:5432"


def django_on_a_scratch_database(prefix: str, database_url: str = "") -> None:
    """Django set up in this process on ``database_url``, else on a new SQLite file in a scratch folder
    named ``prefix``...; no Redis (tasks run in process); only warnings and worse logged."""
    scratch = tempfile.mkdtemp(prefix=prefix)
    os.environ["DATABASE_URL"] = database_url or f"sqlite:///{scratch}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pairing_site.settings")
    sys.path.insert(0, str(ROOT))
    import logging

    import django

    django.setup()
    logging.disable(logging.WARNING)


def demo_olympiad(teams: int):
    """The demo built afresh with ``teams`` Olympiad teams (``seed_demo --reset``), any host allowed for
    the in-process client; says how long the build took and returns the demo Olympiad."""
    import io

    from django.conf import settings
    from django.core.management import call_command

    from tournaments.models import Tournament

    settings.ALLOWED_HOSTS = ["*"]
    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    call_command("seed_demo", reset=True, teams=teams, stdout=io.StringIO())
    print(f"demo built in {time.perf_counter() - started:.1f} s ({teams} teams)")
    return Tournament.objects.get(slug="demo-olympiad-open")


def environment(database: str, redis_url: str) -> dict[str, str]:
    """The stack's environment on ``database`` and the Redis database ``redis_url`` (broker and cache)."""
    return {
        **os.environ,
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{database}",
        "DJANGO_CONN_MAX_AGE": "60",
        "REDIS_URL": redis_url,
        "DJANGO_DEBUG": "false",
        "DJANGO_LOG_LEVEL": "WARNING",
        "DJANGO_SETTINGS_MODULE": "pairing_site.settings",
    }


def drop_database(database: str) -> None:
    """``database`` dropped, whoever is connected to it."""
    import psycopg

    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


def recreate_database(database: str, env: dict) -> None:
    """``database`` dropped, created again and migrated."""
    import psycopg

    drop_database(database)
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{database}"')
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)


def start_gunicorn(
    env: dict,
    port: int,
    workers: int | None = None,
    threads: int | None = None,
    access_log: str = "",
    niceness: int = 0,
) -> subprocess.Popen:
    """gunicorn on 127.0.0.1:``port`` as the site runs it (gunicorn.conf.py in the project folder);
    ``workers`` and ``threads`` override its values; ``access_log``: a file of microseconds, status,
    method and path per request; ``niceness``: its priority lowered as the Procfile's public pool's."""
    command = ["nice", "-n", str(niceness)] if niceness else []
    command += [
        str(BIN / "gunicorn"),
        "pairing_site.wsgi",
        "-b",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
    ]
    if workers is not None:
        command += ["-w", str(workers)]
    if threads is not None:
        command += ["--threads", str(threads)]
    if access_log:
        command += ["--access-logfile", access_log, "--access-logformat", "%(D)s %(s)s %(m)s %(U)s"]
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)


def start_proxy(run: Path, port: int, public_port: int, staff_port: int) -> subprocess.Popen:
    """nginx on 127.0.0.1:``port`` with the site's configuration (scripts/proxy_conf.py, as
    ``./scripts/start --full`` writes it) in front of the two gunicorn pools; its access log in ``run``."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import proxy_conf

    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.path.exists(nginx):
        raise SystemExit("nginx is not installed: apt-get install -y nginx-light (or --via direct)")
    conf = proxy_conf.write(
        run, f"127.0.0.1:{port}", f"127.0.0.1:{public_port}", f"127.0.0.1:{staff_port}", ROOT / "staticfiles"
    )
    return subprocess.Popen([nginx, "-p", str(run), "-c", str(conf)], start_new_session=True)


def copy_database(template: str, database: str) -> float:
    """``database`` made afresh as a copy of ``template`` (which nobody may be connected to); seconds."""
    import psycopg

    started = time.perf_counter()
    drop_database(database)
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{database}" TEMPLATE "{template}"')
    return time.perf_counter() - started


def analyse(database: str) -> float:
    """The planner's statistics of the tables just filled (autovacuum may be off, or not yet there);
    the seconds it took."""
    import psycopg

    started = time.perf_counter()
    with psycopg.connect(f"{SERVER}/{database}", autocommit=True) as conn:
        conn.execute("ANALYZE")
    return time.perf_counter() - started


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"{url} did not answer within {timeout:.0f} s")


def start_worker(
    env: dict, node: str, *options: str, niceness: int = 0, idle: bool = False
) -> subprocess.Popen:
    """A Celery worker node (one pool process) in a process group of its own; ``options`` added;
    ``idle``: in the scheduler's idle class (``chrt --idle 0``), as the Procfile's printer."""
    return subprocess.Popen(
        (["chrt", "--idle", "0"] if idle else [])
        + (["nice", "-n", str(niceness)] if niceness else [])
        + [str(BIN / "celery"), "-A", "pairing_site", "worker", "-n", node, "-c", "1", "-l", "warning"]
        + ["--without-gossip", "--without-mingle", *options],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )


def stop(proc: subprocess.Popen | None) -> None:
    """SIGTERM the process and its group; SIGKILL after 20 s."""
    if proc is not None and proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
