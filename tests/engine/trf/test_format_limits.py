"""TRF-2026's own size: team pairing numbers 1 to 999 (310: 5-7), starting ranks 1 to 9999 (001: 5-8).

FIDE's TRF-2026 gives a team pairing number three columns wherever it appears
(310 columns 5-7 "1 to 999", 320 slots, 330, 300) and a player's starting rank
four (001 columns 5-8 "1 to 9999"). A larger event is refused by the generator
and the writer, naming the limit, and a file that goes past it is refused by
the reader with the same words: nothing writes a file the reader refuses.
"""

import io

import pytest

from engine import generator
from engine.cli import main
from engine.state import Participant, Player, TournamentState
from engine.trf import SizeLimitExceeded, TrfError, read, write


def field_state(teams: int, players_per_team: int = 1) -> TournamentState:
    parts = tuple(
        Participant(
            tpn=t,
            name=f"T{t}",
            rating=2000.0,
            roster=tuple(
                Player((t - 1) * players_per_team + b, f"P{t}.{b}", 2000)
                for b in range(1, players_per_team + 1)
            ),
        )
        for t in range(1, teams + 1)
    )
    return TournamentState(participants=parts, rounds_total=3, boards=1, board_colour_sequence="W")


def test_trf_2026_record_310_the_generator_refuses_a_1000_team_event_naming_the_limit():
    with pytest.raises(SizeLimitExceeded, match=r"1000 teams .*at most 999 teams .*record 310 columns 5-7"):
        generator.generate("c0406", generator.GeneratorConfig(participants=1000, rounds=11), seed=1)


def test_trf_2026_record_001_the_generator_refuses_more_players_than_starting_ranks_have_columns_for():
    config = generator.GeneratorConfig(participants=800, rounds=3, boards=10, reserves=3)
    with pytest.raises(
        SizeLimitExceeded, match=r"10400 players .*at most 9999 players .*record 001 columns 5-8"
    ):
        generator.generate("c0406", config, seed=1)


def test_the_generator_command_line_exits_4_for_1000_teams_and_writes_nothing(tmp_path):
    config = tmp_path / "big.cfg"
    config.write_text("teams=1000\nrounds=11\n")
    out = tmp_path / "big.trf"
    err = io.StringIO()
    assert main(["--team", "-g", str(config), "-o", str(out), "-s", "1"], io.StringIO(), err) == 4
    assert "at most 999 teams" in err.getvalue()
    assert not out.exists()


def test_trf_2026_record_310_the_writer_refuses_team_pairing_number_1000():
    with pytest.raises(
        SizeLimitExceeded, match="team pairing number 1000 cannot be written: TRF-2026 holds at most 999"
    ):
        write(field_state(1000))


def test_trf_2026_record_001_the_writer_refuses_starting_ranks_above_9999():
    with pytest.raises(
        SizeLimitExceeded, match="player number 10989 cannot be written: TRF-2026 holds at most 9999"
    ):
        write(field_state(999, players_per_team=11))


def test_trf_2026_record_310_999_teams_are_written_and_read_back():
    state, games = generator.generate(
        "c0406", generator.GeneratorConfig(participants=999, rounds=1, boards=1, absence_rate=0), seed=3
    )
    text = write(state, games)
    assert any(line.startswith("310 999 Team 999") for line in text.splitlines())
    assert read(text, "c0406").state == state


def test_a_310_record_with_team_pairing_number_1000_is_refused_naming_the_limit(team_text):
    lines = team_text.splitlines()
    lines[17] = "310 1000" + lines[17][8:]  # Alpha's 310 record, its TPN running into column 8
    with pytest.raises(TrfError) as err:
        read("\n".join(lines) + "\n", "c0406")
    assert (err.value.line, err.value.column) == (18, 5)
    assert (
        "team pairing number 1000 does not fit columns 5-7: TRF-2026 holds at most 999 teams"
        in err.value.message
    )


def test_a_310_record_ranked_1000th_is_refused_naming_the_limit(team_text):
    lines = team_text.splitlines()
    lines[17] = lines[17][:68] + "1000" + lines[17][72:]
    with pytest.raises(TrfError) as err:
        read("\n".join(lines) + "\n", "c0406")
    assert (err.value.line, err.value.column) == (18, 69)
    assert "team rank 1000 does not fit columns 69-71" in err.value.message


def test_a_001_record_with_starting_rank_10000_is_refused_naming_the_limit(dubov_text):
    lines = dubov_text.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[row] = "001 10000" + lines[row][9:]
    with pytest.raises(TrfError) as err:
        read("\n".join(lines) + "\n")
    assert (err.value.line, err.value.column) == (row + 1, 5)
    assert (
        "starting rank 10000 does not fit columns 5-8: TRF-2026 holds at most 9999 players"
        in err.value.message
    )
