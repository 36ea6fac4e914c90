"""The quick start's SQLite site: a backup restores into a new SQLite file (issue 13, section 3)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db(transaction=True)
def test_a_sqlite_backup_restores_into_a_new_file_with_its_tournaments_and_history(
    tmp_path, make_tournament, make_team
):
    from django.core.management import call_command

    if connection.vendor != "sqlite":
        pytest.skip("the quick start's SQLite database (DATABASE_URL is set)")
    t = make_tournament(name="Backup Cup", slug="backup-cup")
    for i, name in enumerate(["Rooks", "Knights", "Bishops", "Pawns"], start=1):
        make_team(t, name, tpn=i)
    backup = tmp_path / "site.tar"
    call_command("backup_site", output=backup, stdout=open(os.devnull, "w"))  # noqa: SIM115
    target = tmp_path / "restored.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{target}", "DJANGO_MEDIA_ROOT": str(tmp_path / "media")}
    env.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "restore_site", str(backup)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    with sqlite3.connect(target) as db:
        assert db.execute("SELECT name FROM tournaments_tournament").fetchall() == [("Backup Cup",)]
        assert db.execute("SELECT count(*) FROM tournaments_team").fetchone() == (4,)
        assert db.execute("SELECT count(*) FROM tournaments_historicalteam").fetchone()[0] >= 4


def test_a_file_that_is_not_a_backup_is_refused_by_name(tmp_path):
    from backups.services import BackupError, read_manifest

    bogus = tmp_path / "notes.tar"
    bogus.write_text("not a tar file")
    with pytest.raises(BackupError, match="is not a backup of this site"):
        read_manifest(bogus)
