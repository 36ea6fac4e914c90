"""A backup holds password hashes and API tokens: only its owner reads it (issue 18 item 4)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from django.core.management import call_command

# Committed writes: on SQLite the online copy waits for the test's open transaction otherwise.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def lax_umask():
    """The usual umask (022), under which a plain ``open()`` makes a world-readable file."""
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _backup(path: Path) -> None:
    call_command("backup_site", output=path, stdout=open(os.devnull, "w"))  # noqa: SIM115


def test_a_backup_is_readable_by_its_owner_only(tmp_path, lax_umask, make_user):
    make_user("alice")  # a password hash in the backup
    backup = tmp_path / "site.tar"
    _backup(backup)
    assert _mode(backup) == 0o600


def test_a_backup_written_over_a_world_readable_file_is_made_private(tmp_path, lax_umask):
    backup = tmp_path / "site.tar"
    backup.write_text("an old copy")
    backup.chmod(0o644)
    _backup(backup)
    assert _mode(backup) == 0o600
    assert not (tmp_path / "site.tar.partial").exists()


def test_the_backup_directory_the_command_creates_is_private(tmp_path, lax_umask):
    backup = tmp_path / "new" / "backups" / "site.tar"
    _backup(backup)
    assert _mode(backup.parent) == 0o700
    assert _mode(backup) == 0o600
