"""manage.py create_individual_event: an individual event and its players from a CSV file."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Tournament


def test_the_command_creates_an_individual_event_with_its_players_in_rating_order(db, tmp_path):
    csv = tmp_path / "players.csv"
    csv.write_text(
        'name,rating,title,federation\n"Cole, Cy",2300,,ENG\n"Able, Ann",2450,IM,ESP\n"Baker, Bo",,,\n'
    )
    out = StringIO()
    call_command("create_individual_event", "Club Open", str(csv), system="lim", rounds=5, stdout=out)
    t = Tournament.objects.get(slug="club-open")
    assert not t.is_team_event and (t.pairing_system, t.rounds_total, t.rounds.count()) == ("lim", 5, 5)
    assert list(t.teams.order_by("tpn").values_list("name", flat=True)) == [
        "Able, Ann",
        "Cole, Cy",
        "Baker, Bo",
    ]
    assert "3 players" in out.getvalue()


def test_a_bad_row_is_refused_with_its_line_and_nothing_is_saved(db, tmp_path):
    csv = tmp_path / "players.csv"
    csv.write_text('name,rating\n"Able, Ann",2450\n"Baker, Bo",strong\n')
    with pytest.raises(CommandError, match="line 3: rating 'strong' is not a number"):
        call_command(
            "create_individual_event", "Club Open", str(csv), system="dubov", rounds=5, stdout=StringIO()
        )
    assert not Tournament.objects.filter(slug="club-open").exists()
