"""Take a backup of the whole site; restore one onto an empty database.

A backup is one tar file holding:

- ``manifest.json``: the format, when it was taken, the database's kind, the
  Django version, the last migration of each app, and the number of rows of
  everything that matters (tournaments, publications, notes, runs, users, and
  the change history of every tracked model), checked after a restore;
- ``database.dump``: PostgreSQL, ``pg_dump --format=custom`` (one consistent
  snapshot, taken while the site runs; the sessions' rows are left out, so
  everybody logs in again after a restore), or ``database.sqlite3``: SQLite,
  a consistent copy made with SQLite's online backup;
- ``media/...``: the uploaded files (``MEDIA_ROOT``), if there are any.

The backup holds password hashes and API tokens: it is written readable by its owner only
(mode 0600, whatever the umask; a directory it creates is 0700), issue 18 item 4.

A restore goes onto an empty database of the same kind (PostgreSQL:
``pg_restore --single-transaction``, all or nothing), puts the media files
back, checks the counts against the manifest, and makes every cached public
page and ETag out of date.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

import django
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection

FORMAT = 1
MANIFEST = "manifest.json"
PG_DUMP = "database.dump"
SQLITE_COPY = "database.sqlite3"
MEDIA = "media"
COUNTED = {
    "tournaments": "tournaments.Tournament",
    "teams": "tournaments.Team",
    "players": "tournaments.Player",
    "rounds": "tournaments.Round",
    "matches": "tournaments.Match",
    "board games": "tournaments.BoardGame",
    "lineups": "tournaments.Lineup",
    "memberships": "tournaments.Membership",
    "pairing runs": "committee.PairingRun",
    "draft versions": "committee.DraftVersion",
    "approvals": "committee.Approval",
    "publications": "committee.Publication",
    "decisions and notes": "committee.Decision",
    "options changes": "committee.OptionsChange",
    "result entries": "operations.ResultEntry",
}


PRIVATE_FILE = 0o600  # password hashes and API tokens: the owner only (issue 18 item 4)
PRIVATE_DIR = 0o700


def _private_file(path: Path):
    """``path`` opened for writing, created (or truncated) with mode 0600 whatever the umask."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
    os.fchmod(fd, PRIVATE_FILE)  # an existing file keeps its mode through os.open
    return os.fdopen(fd, "wb")


class BackupError(Exception):
    """A backup or a restore that cannot be done; the message says why and what to do."""


def counts() -> dict[str, int]:
    """Rows of everything a restore must bring back, by plain name."""
    out = {}
    for name, label in COUNTED.items():
        try:
            model = apps.get_model(label)
        except LookupError:
            continue
        out[name] = model._default_manager.count()
    out["users"] = get_user_model()._default_manager.count()
    for model in apps.get_models():
        if hasattr(model, "instance_type") and model.__name__.startswith("Historical"):
            out[f"history of {model.instance_type._meta.verbose_name_plural}"] = (
                model._default_manager.count()
            )
    return out


def _migrations() -> dict[str, str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT app, name FROM django_migrations ORDER BY id")
        return {app: name for app, name in cursor.fetchall()}


def _pg_args() -> tuple[list[str], dict[str, str]]:
    db = connection.settings_dict
    args = ["--dbname", db["NAME"]]
    if db.get("HOST"):
        args += ["--host", str(db["HOST"])]
    if db.get("PORT"):
        args += ["--port", str(db["PORT"])]
    if db.get("USER"):
        args += ["--username", str(db["USER"])]
    env = {**os.environ}
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    return args, env


def _run(command: list[str], env: dict[str, str], what: str) -> None:
    if shutil.which(command[0]) is None:
        raise BackupError(
            f"{command[0]} is not installed: install PostgreSQL's client programs "
            "(Debian: apt-get install postgresql-client), of the server's version or newer."
        )
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(
            f"{what} failed ({command[0]} exit {done.returncode}): {done.stderr.strip()[-2000:]}"
        )


def _media_files() -> list[Path]:
    root = Path(settings.MEDIA_ROOT)
    if not root.is_dir():
        return []
    return sorted(p for p in root.rglob("*") if p.is_file())


def default_path() -> Path:
    """``var/backups/pairing-site-<UTC time>.tar`` in the project (``/var/`` is not under version control)."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    return Path(settings.BASE_DIR) / "var" / "backups" / f"pairing-site-{stamp}.tar"


def backup(path: Path | None = None, *, media: bool = True, log: Callable[[str], None] = print) -> Path:
    """Write a backup of the database (and the media files) to ``path``; returns the path."""
    path = Path(path or default_path())
    path.parent.mkdir(mode=PRIVATE_DIR, parents=True, exist_ok=True)
    vendor = connection.vendor
    if vendor not in ("postgresql", "sqlite"):
        raise BackupError(f"Backups cover PostgreSQL and SQLite; this site's database is {vendor}.")
    with tempfile.TemporaryDirectory(prefix="pairing-backup-") as tmp:
        work = Path(tmp)
        manifest = {
            "format": FORMAT,
            "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "database": vendor,
            "django": django.get_version(),
            "migrations": _migrations(),
            "counts": counts(),
        }
        if vendor == "postgresql":
            args, env = _pg_args()
            dump = work / PG_DUMP
            _run(
                [
                    "pg_dump",
                    "--format=custom",
                    "--no-owner",
                    "--no-privileges",
                    "--exclude-table-data=django_session",
                    "--file",
                    str(dump),
                    *args,
                ],
                env,
                "pg_dump",
            )
        else:
            dump = work / SQLITE_COPY
            connection.ensure_connection()
            target = sqlite3.connect(dump)
            try:
                connection.connection.backup(target)
                target.execute("DELETE FROM django_session")
                target.commit()
            finally:
                target.close()
        files = _media_files() if media else []
        manifest["media_files"] = len(files)
        (work / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True))
        partial = path.with_name(path.name + ".partial")
        with _private_file(partial) as out, tarfile.open(fileobj=out, mode="w") as tar:
            tar.add(work / MANIFEST, arcname=MANIFEST)
            tar.add(dump, arcname=dump.name)
            root = Path(settings.MEDIA_ROOT)
            for f in files:
                tar.add(f, arcname=f"{MEDIA}/{f.relative_to(root).as_posix()}")
        partial.replace(path)
    summary = ", ".join(
        f"{n} {name}" for name, n in manifest["counts"].items() if n and "history" not in name
    )
    log(
        f"Backup written to {path} ({path.stat().st_size / 1e6:.1f} MB): {summary}; {len(files)} media files."
    )
    return path


def read_manifest(path: Path) -> dict:
    try:
        with tarfile.open(path) as tar:
            member = tar.extractfile(MANIFEST)
            if member is None:
                raise KeyError(MANIFEST)
            manifest = json.load(member)
    except (OSError, tarfile.TarError, KeyError, ValueError) as exc:
        raise BackupError(f"{path} is not a backup of this site ({type(exc).__name__}: {exc}).") from None
    if manifest.get("format") != FORMAT:
        raise BackupError(
            f"{path} has backup format {manifest.get('format')!r}; this site reads format {FORMAT}."
        )
    return manifest


def _require_empty_database() -> None:
    tables = connection.introspection.table_names()
    if tables:
        name = connection.settings_dict["NAME"]
        raise BackupError(
            f"The database {name} is not empty ({len(tables)} tables): a backup is restored onto an empty "
            "database only. Create a new one (PostgreSQL: createdb NAME; SQLite: a new file) and point "
            "DATABASE_URL at it."
        )


def restore(path: Path, *, log: Callable[[str], None] = print) -> dict[str, int]:
    """Restore the backup at ``path`` onto the site's (empty) database; the counts found."""
    path = Path(path)
    manifest = read_manifest(path)
    vendor = connection.vendor
    if manifest["database"] != vendor:
        raise BackupError(
            f"This backup holds a {manifest['database']} database and the site's database is {vendor}: "
            f"point DATABASE_URL at an empty {manifest['database']} database."
        )
    _require_empty_database()
    with tempfile.TemporaryDirectory(prefix="pairing-restore-") as tmp:
        work = Path(tmp)
        with tarfile.open(path) as tar:
            tar.extractall(work, filter="data")
        if vendor == "postgresql":
            args, env = _pg_args()
            _run(
                [
                    "pg_restore",
                    "--no-owner",
                    "--no-privileges",
                    "--exit-on-error",
                    "--single-transaction",
                    *args,
                    str(work / PG_DUMP),
                ],
                env,
                "pg_restore",
            )
        else:
            connection.close()
            source = sqlite3.connect(work / SQLITE_COPY)
            target = sqlite3.connect(connection.settings_dict["NAME"])
            try:
                source.backup(target)
            finally:
                source.close()
                target.close()
        connection.close()  # the next query sees the restored tables
        restored_media = _restore_media(work / MEDIA)
    found = counts()
    differ = {name: (n, found.get(name)) for name, n in manifest["counts"].items() if found.get(name) != n}
    if differ:
        details = "; ".join(f"{name}: {n} in the backup, {m} restored" for name, (n, m) in differ.items())
        raise BackupError(f"The restored database differs from the backup: {details}.")
    _invalidate_caches()
    log(
        f"Restored {path} (taken {manifest['created_at']}): "
        + ", ".join(f"{n} {name}" for name, n in found.items() if n and "history" not in name)
        + f"; {restored_media} media files. Run 'manage.py migrate' if this code is newer than the backup."
    )
    return found


def _restore_media(source: Path) -> int:
    if not source.is_dir():
        return 0
    root = Path(settings.MEDIA_ROOT)
    restored = 0
    for f in sorted(p for p in source.rglob("*") if p.is_file()):
        target = root / f.relative_to(source)
        if target.exists() and target.read_bytes() != f.read_bytes():
            raise BackupError(
                f"{target} already exists and differs from the backup's copy: move it away first."
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, target)
        restored += 1
    return restored


def _invalidate_caches() -> None:
    """Every cached public page, fragment and ETag describes the site before the restore."""
    from django.core.cache import cache

    from committee.public_cache import public_cache_keys
    from operations import live
    from public_http.versions import invalidate_all
    from tournaments.models import Round

    invalidate_all()
    keys = []
    for rnd in Round.objects.select_related("tournament").only("pk", "number", "tournament__slug"):
        keys += list(public_cache_keys(rnd.tournament.slug, rnd.number).values())
        live.bump(rnd.pk, rnd.tournament_id)
    cache.delete_many(keys)
