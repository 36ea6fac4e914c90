"""A backup of the demo restores onto a fresh PostgreSQL database as the same site (issue 13, section 3).

Real PostgreSQL, pg_dump and pg_restore (skipped on SQLite); the restore runs as
an administrator runs it: ``manage.py restore_site`` with ``DATABASE_URL`` naming
the new, empty database.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

pytestmark = [pytest.mark.services, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]

# Every table a committee would miss, compared row by row (history: django-simple-history).
TABLES = [
    "tournaments_tournament",
    "tournaments_team",
    "tournaments_player",
    "tournaments_round",
    "tournaments_match",
    "tournaments_boardgame",
    "tournaments_membership",
    "committee_pairingrun",
    "committee_draftversion",
    "committee_publication",
    "committee_decision",
    "committee_decisionsubject",
    "tournaments_historicalteam",
    "tournaments_historicalround",
    "tournaments_historicalmatch",
    "tournaments_historicalboardgame",
    "tournaments_historicallineup",
    "auth_user",
]


def _url(name: str) -> str:
    db = connection.settings_dict
    auth = db["USER"] or "postgres"
    if db.get("PASSWORD"):
        auth += f":{db['PASSWORD']}"
    return f"postgresql://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{name}"


def _fingerprints(url: str) -> dict[str, tuple[int, str]]:
    import psycopg

    out = {}
    with psycopg.connect(url) as conn:
        for table in TABLES:
            count, digest = conn.execute(
                f"SELECT count(*), md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM {table} t"
            ).fetchone()
            out[table] = (count, digest)
    return out


@pytest.fixture
def fresh_database():
    import psycopg

    if connection.vendor != "postgresql":
        pytest.skip(
            "the restore test needs PostgreSQL (DATABASE_URL); the quick start's SQLite is not covered"
        )
    name = f"{connection.settings_dict['NAME']}_restore"
    admin = _url("postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    yield name
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _restore(backup: Path, database: str, media: Path) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "DATABASE_URL": _url(database).replace("postgresql://", "postgres://"),
        "DJANGO_MEDIA_ROOT": str(media),
    }
    return subprocess.run(
        [sys.executable, "manage.py", "restore_site", str(backup)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.django_db(transaction=True)
def test_a_backup_of_the_demo_restores_into_a_fresh_database_with_the_same_tournaments_publications_notes_and_history(
    fresh_database, tmp_path, settings, eager_celery
):
    from django.core.management import call_command

    from committee.services import add_note
    from demo.seed import SeedOptions, seed
    from tournaments.models import Tournament

    seed(
        SeedOptions(teams=16, league_teams=6, olympiad_rounds_played=2, league_rounds_played=3),
        log=lambda line: None,
    )
    league = Tournament.objects.get(slug="demo-team-league")
    from django.contrib.auth import get_user_model

    add_note(
        round=league.rounds.get(number=3),
        user=get_user_model().objects.get(username="chair"),
        text="Teams 1 and 2 were paired by the committee's decision.",
        pairings=[(1, 2)],
    )
    settings.MEDIA_ROOT = str(tmp_path / "media")
    (tmp_path / "media" / "logos").mkdir(parents=True)
    (tmp_path / "media" / "logos" / "federation.svg").write_text("<svg/>")
    backup = tmp_path / "site.tar"
    call_command("backup_site", output=backup, stdout=open(os.devnull, "w"))  # noqa: SIM115

    done = _restore(backup, fresh_database, tmp_path / "restored-media")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Restored" in done.stdout

    before = _fingerprints(_url(connection.settings_dict["NAME"]))
    after = _fingerprints(_url(fresh_database))
    assert before == after
    for table in ("committee_publication", "committee_decision", "tournaments_historicalmatch"):
        assert after[table][0] > 0, f"the demo should have rows in {table}"
    assert (tmp_path / "restored-media" / "logos" / "federation.svg").read_text() == "<svg/>"

    again = _restore(backup, fresh_database, tmp_path / "restored-media")
    assert again.returncode != 0
    assert "is not empty" in again.stderr
