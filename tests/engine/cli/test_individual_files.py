"""Individual events (Dubov, Lim) from TRF16-style files with only 001 records.

The files in tests/engine/cli/files/ are small events whose every round is
the engine's own pairing: the checker must find no difference, and a round
altered by hand must be reported.
"""

from pathlib import Path

import pytest

from engine import api, trf
from tests.engine.cli.test_cli import run

FILES = Path(__file__).parent / "files"
SYSTEMS = ["dubov", "lim"]


def individual_file(system: str) -> Path:
    return FILES / f"{system}_individual.trf"


def swap_colours(text: str, a: int, b: int, rnd: int) -> str:
    """The file with players ``a`` and ``b``'s colours of round ``rnd`` exchanged."""
    col = 97 + 10 * (rnd - 1) - 1  # 0-based index of the colour letter
    out = []
    for line in text.splitlines():
        if line.startswith("001") and int(line[4:8]) in (a, b):
            line = line[:col] + {"w": "b", "b": "w"}[line[col]] + line[col + 1 :]
        out.append(line)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(
    ("system", "expected"),
    [("dubov", "4\n1 2\n6 5\n7 4\n3 0\n"), ("lim", "4\n2 1\n5 6\n7 4\n3 0\n")],
)
def test_an_individual_file_with_only_001_records_pairs_round_4(system, expected):
    code, out, err = run(f"--{system}", individual_file(system), "-p")
    assert (code, err) == (0, "")
    assert out == expected
    state = trf.read(individual_file(system).read_text(), system).state
    assert state.next_round == 4 and not state.team and len(state.participants) == 7
    assert trf.format_pairs(api.pair(state)) == out


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_individual_file_explains_its_pairing_with_the_systems_articles(system, tmp_path):
    why = tmp_path / "why.txt"
    assert run(f"--{system}", individual_file(system), "-p", tmp_path / "pairs.txt", "--explain", why)[0] == 0
    prefix = {"dubov": "[Dubov ", "lim": "[Lim "}[system]
    assert any(line.startswith(prefix) for line in why.read_text().splitlines())


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_checker_reproduces_every_round_of_an_individual_file(system):
    code, out, _ = run(f"--{system}", individual_file(system), "-c")
    assert code == 0, out
    assert out == "round 1: same\nround 2: same\nround 3: same\n3 rounds checked, 0 differ\n"


@pytest.mark.parametrize(("system", "white", "black"), [("dubov", 2, 6), ("lim", 6, 2)])
def test_the_checker_reports_a_round_whose_colours_were_changed_by_hand(system, white, black, tmp_path):
    path = tmp_path / "changed.trf"
    path.write_text(swap_colours(individual_file(system).read_text(), white, black, 3))
    code, out, _ = run(f"--{system}", path, "-c")
    assert code == 1
    assert f"round 3: differs\n  {black}-{white}: the engine gives White to {white}\n" in out
    assert out.endswith("3 rounds checked, 1 differ\n")


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_checker_of_one_round_of_an_individual_file(system):
    code, out, _ = run(f"--{system}", individual_file(system), "-c", "--round", 2)
    assert (code, out) == (0, "round 2: same\n1 rounds checked, 0 differ\n")


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_individual_events_check_clean_from_the_command_line(system, seed, tmp_path):
    config, out = tmp_path / "c.cfg", tmp_path / "gen.trf"
    config.write_text("players=11\nrounds=5\nforfeit_rate=0.1\nabsence_rate=0.1\n")
    assert run(f"--{system}", "-g", config, "-o", out, "-s", seed)[0] == 0
    code, report, _ = run(f"--{system}", out, "-c")
    assert code == 0, report
    assert report.endswith("5 rounds checked, 0 differ\n")


@pytest.mark.parametrize("system", SYSTEMS)
def test_generated_individual_events_stripped_to_001_records_still_check_clean(system, tmp_path):
    out = tmp_path / "gen.trf"
    (tmp_path / "c.cfg").write_text("players=9\nrounds=4\nforfeit_rate=0.1\nabsence_rate=0.1\n")
    assert run(f"--{system}", "-g", tmp_path / "c.cfg", "-o", out, "-s", 5)[0] == 0
    bare = tmp_path / "bare.trf"
    bare.write_text("".join(line + "\n" for line in out.read_text().splitlines() if line.startswith("001")))
    code, report, _ = run(f"--{system}", bare, "-c")
    assert code == 0, report
    assert report.endswith("4 rounds checked, 0 differ\n")
