"""The caching proxy's configuration in a run folder: nginx from the system, no root-only path (issue 21).

    python scripts/proxy_conf.py RUN_DIR --listen 127.0.0.1:8000 --public 127.0.0.1:8001 \\
        --staff 127.0.0.1:8002 --static-root staticfiles

Writes RUN_DIR/nginx.conf (pid, temporary files, cache and access log in RUN_DIR; errors on stderr;
in the foreground) and RUN_DIR/site.conf, deploy/nginx/site.conf.template with its placeholders
filled (docker-compose.yml fills the same template with the nginx image's envsubst). Start it with
``nginx -p RUN_DIR -c RUN_DIR/nginx.conf``. Python's standard library only: ./scripts/start --full,
bench/season.py and tests/public_http/test_proxy.py all run it.
"""

from __future__ import annotations

import argparse
import grp
import os
import pwd
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "deploy" / "nginx" / "site.conf.template"
PLACEHOLDERS = (
    "PROXY_LISTEN",
    "PROXY_PUBLIC_UPSTREAM",
    "PROXY_STAFF_UPSTREAM",
    "PROXY_CACHE_DIR",
    "PROXY_STATIC_ROOT",
    "PROXY_CONF_DIR",
    "PROXY_ACCESS_LOG",
)
MAIN = """\
# Written by scripts/proxy_conf.py: nginx -p {run} -c {run}/nginx.conf
daemon off;
{user}worker_processes {workers};
pid {run}/nginx.pid;
error_log stderr warn;
events {{
    worker_connections 4096;
}}
http {{
    include {mime_types};
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65s;
    client_body_temp_path {run}/tmp/body;
    proxy_temp_path {run}/tmp/proxy;
    fastcgi_temp_path {run}/tmp/fastcgi;
    uwsgi_temp_path {run}/tmp/uwsgi;
    scgi_temp_path {run}/tmp/scgi;
    include {run}/site.conf;
}}
"""


def render(values: dict[str, str]) -> str:
    """The template with every ``${NAME}`` placeholder filled (nginx's own ``$name`` left alone)."""
    missing = set(PLACEHOLDERS) - set(values)
    if missing:
        raise SystemExit(f"no value for {sorted(missing)}")
    text = TEMPLATE.read_text()
    return re.sub(r"\$\{(\w+)\}", lambda m: values[m.group(1)], text)


def write(
    run: Path,
    listen: str,
    public: str,
    staff: str,
    static_root: Path,
    access_log: str = "",
    workers: int = 1,
) -> Path:
    """RUN/nginx.conf and RUN/site.conf; the path of nginx.conf."""
    run = run.resolve()
    for sub in ("cache", "tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"):
        (run / sub).mkdir(parents=True, exist_ok=True)
    values = {
        "PROXY_LISTEN": listen,
        "PROXY_PUBLIC_UPSTREAM": public,
        "PROXY_STAFF_UPSTREAM": staff,
        "PROXY_CACHE_DIR": str(run / "cache"),
        "PROXY_STATIC_ROOT": str(static_root.resolve()),
        "PROXY_CONF_DIR": str(TEMPLATE.parent),
        "PROXY_ACCESS_LOG": access_log or str(run / "access.log"),
    }
    (run / "site.conf").write_text(render(values))
    mime_types = next(
        (p for p in ("/etc/nginx/mime.types", "/usr/local/etc/nginx/mime.types") if os.path.exists(p)),
        "/etc/nginx/mime.types",
    )
    conf = run / "nginx.conf"
    # Started by root, nginx's workers would run as nobody, who may not write in RUN: they run as the
    # user who starts it (a user who is not root needs no such line).
    user = ""
    if os.geteuid() == 0:
        user = f"user {pwd.getpwuid(os.geteuid()).pw_name} {grp.getgrgid(os.getegid()).gr_name};\n"
    conf.write_text(MAIN.format(run=run, workers=workers, mime_types=mime_types, user=user))
    return conf


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("run", type=Path, help="the run folder (created)")
    parser.add_argument("--listen", required=True, help="the public address, e.g. 127.0.0.1:8000")
    parser.add_argument("--public", required=True, help="the public pool's gunicorn, host:port")
    parser.add_argument("--staff", required=True, help="the staff pool's gunicorn, host:port")
    parser.add_argument("--static-root", type=Path, default=ROOT / "staticfiles")
    parser.add_argument("--access-log", default="", help="default: RUN/access.log ('off': none)")
    parser.add_argument("--workers", type=int, default=1, help="nginx worker processes (default 1)")
    args = parser.parse_args()
    conf = write(
        args.run, args.listen, args.public, args.staff, args.static_root, args.access_log, args.workers
    )
    print(conf)


if __name__ == "__main__":
    main()
