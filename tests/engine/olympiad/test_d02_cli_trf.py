"""D.02 through the command line, the TRF 192 code and the generator round trip."""

from __future__ import annotations

import io
import re

import pytest

from engine import cli, generator, trf
from engine.checker import check_document
from engine.state import ColourPreferenceType, ScoreKind
from engine.trf.tournament_type import format_type, parse_type


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = cli.main([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


def test_d02_192_code_fide_olympiad_2022_read_and_written():
    assert parse_type("FIDE_OLYMPIAD_2022").options == {"version": "2022"}
    assert parse_type("FIDE_OLYMPIAD_2022").system == "olympiad"
    code = format_type("olympiad", ColourPreferenceType.A, ScoreKind.MATCH_POINTS, True, {"version": "2022"})
    assert code == "FIDE_OLYMPIAD_2022"


def test_d02_192_bare_fide_olympiad_means_the_rules_in_force_2022():
    assert parse_type("FIDE_OLYMPIAD").options == {"version": "2022"}
    # the older texts keep their own codes
    assert parse_type("FIDE_OLYMPIAD_2007").options == {"version": "2007"}
    assert parse_type("FIDE_OLYMPIAD_1998").options == {"version": "1998"}


@pytest.fixture
def event(tmp_path):
    cfg = tmp_path / "cfg.txt"
    cfg.write_text("participants = 11\nrounds = 5\n")
    out = tmp_path / "ev.trf"
    code, _, err = run("--olympiad", "--olympiad-version", "2022", "-g", cfg, "-o", out, "-s", "7")
    assert code == 0, err
    return out


def test_d02_cli_generate_writes_the_2022_code_and_checks_with_no_difference(event):
    text = event.read_text()
    assert "192 FIDE_OLYMPIAD_2022" in text
    code, out, _ = run("--olympiad", "-c", event)
    assert code == 0
    assert "5 rounds checked, 0 differ" in out


def test_d02_cli_pair_cites_d02_articles(event, tmp_path):
    event.write_text(re.sub(r"^142 5", "142 6", event.read_text(), flags=re.M))
    pairs, why = tmp_path / "pairs.txt", tmp_path / "why.txt"
    code, _, err = run("--olympiad", "--olympiad-version", "2022", event, "-p", pairs, "--explain", why)
    assert code == 0, err
    lines = pairs.read_text().split()
    assert lines[0] == "6"  # 11 teams: five matches and the bye
    text = why.read_text()
    assert "[D.02 6.4]" in text and "[D.02 4.1]" in text
    assert "Why, team by team:" in text
    steps = [line for line in text.splitlines() if line.startswith("[")]
    assert steps and all(line.startswith("[D.02 ") for line in steps)


def test_d02_cli_bare_code_pairs_by_2022_and_the_flag_overrides_it(event, tmp_path):
    event.write_text(
        re.sub(
            r"^142 5", "142 6", event.read_text().replace("FIDE_OLYMPIAD_2022", "FIDE_OLYMPIAD"), flags=re.M
        )
    )
    why = tmp_path / "why.txt"
    assert run("--olympiad", event, "-p", tmp_path / "p.txt", "--explain", why)[0] == 0
    assert "the Median Group is" in why.read_text()
    assert (
        run("--olympiad", "--olympiad-version", "2007", event, "-p", tmp_path / "q.txt", "--explain", why)[0]
        == 0
    )
    assert "the Median Group is" not in why.read_text()


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_d02_trf_round_trip_generate_write_read_check(seed):
    config = generator.GeneratorConfig(
        participants=9 + seed,
        rounds=7,
        forfeit_rate=0.03,
        board_forfeit_rate=0.02,
        absence_rate=0.03,
        version="2022",
    )
    state, games = generator.generate("olympiad", config, seed)
    doc = trf.read(trf.write(state, games), "olympiad")
    assert doc.state == state
    assert doc.state.options["version"] == "2022"
    checks = check_document(doc)
    assert len(checks) == 7
    assert [c.round for c in checks if c.differences] == []
