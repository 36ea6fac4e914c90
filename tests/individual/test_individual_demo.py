"""seed_demo adds a small individual Dubov event, paired through the committee like the team events."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import RoundState, Tournament
from tournaments.selectors import engine_state

SMALL = ["--teams", "14", "--league-teams", "6", "--olympiad-rounds", "2", "--league-rounds", "2"]


@pytest.mark.django_db
def test_the_demo_has_an_individual_dubov_event_with_three_rounds_played_and_the_fourth_posted(client):
    call_command("seed_demo", *SMALL, stdout=StringIO())
    t = Tournament.objects.get(slug="demo-individual-dubov")
    assert not t.is_team_event and t.pairing_system == "dubov"
    assert t.teams.count() == 10 and all(team.players.count() == 1 for team in t.teams.all())
    states = dict(t.rounds.values_list("number", "state"))
    assert [states[n] for n in (1, 2, 3, 4)] == [RoundState.COMPLETE] * 3 + [RoundState.BOARD_PAIRINGS_POSTED]
    assert t.rounds.get(number=1).pairing_runs.filter(status="succeeded").exists()
    assert engine_state(t.rounds.get(number=4)).team is False
    page = client.get("/t/demo-individual-dubov/round/4/pairings/").content.decode()
    top = t.rounds.get(number=4).matches.get(table=1)
    assert top.white_team.players.get().name in page and top.black_team.players.get().name in page
