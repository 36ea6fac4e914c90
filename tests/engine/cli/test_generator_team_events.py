"""Dubov and Lim pair team events too (C.04.6 preface: individual systems apply to teams mutatis mutandis).

The generator makes team events for them with ``events=team``; the file reads back as a team
event and the checker re-pairs every round the same way.
"""

import random

import pytest

from engine import generator
from engine.cli import main
from tests.engine.cli.test_roundtrip import round_trips


def team_config(rng: random.Random, system: str) -> generator.GeneratorConfig:
    teams = rng.randint(5, 13)
    return generator.GeneratorConfig(
        participants=teams,
        rounds=rng.randint(2, max(2, min(7, teams - 2))),
        boards=rng.choice([4, 6]),
        forfeit_rate=0.03,
        absence_rate=0.04,
        events="team",
    )


@pytest.mark.parametrize("system", ["dubov", "lim"])
def test_generated_team_events_of_individual_systems_are_reproduced_by_the_checker(system):
    made, impossible, problems = round_trips(system, 25, configure=team_config)
    assert problems == []
    assert made >= 20, f"only {made} of 25 team events could be generated ({impossible} had no pairing)"


@pytest.mark.parametrize("system", ["dubov", "lim"])
def test_generated_team_event_of_an_individual_system_is_a_team_event(system):
    state, _ = generator.generate(system, team_config(random.Random(1), system), seed=1)
    assert state.team
    assert state.boards >= 4
    assert all(len(p.roster) >= state.boards for p in state.participants)


def test_team_systems_refuse_individual_events():
    with pytest.raises(generator.ConfigError, match="pairs teams only"):
        generator.generate("c0406", generator.GeneratorConfig(events="individual"), seed=1)


def test_generator_command_line_writes_team_records_for_a_dubov_team_event(tmp_path):
    config = tmp_path / "team.cfg"
    config.write_text("events=team\nteams=9\nrounds=4\n")
    out = tmp_path / "dubov-team.trf"
    assert main(["--dubov", "-g", str(config), "-o", str(out), "-s", "4"]) == 0
    text = out.read_text()
    assert sum(line.startswith("310") for line in text.splitlines()) == 9
    assert main(["--dubov", str(out), "-c"]) == 0
