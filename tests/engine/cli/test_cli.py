"""The command line (docs/engine-cli.md): modes, outputs and exit codes, called in-process."""

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine import api, cli, snapshot, systems, trf

FILES = Path(__file__).parents[1] / "trf" / "files"


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = cli.main([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def team_file(tmp_path):
    path = tmp_path / "team.trf"
    path.write_text((FILES / "team_small.trf").read_text())
    return path


# -- pairing (-p) -------------------------------------------------------------------


def engine_pairs(path):
    return trf.format_pairs(api.pair(trf.read(path.read_text(), "c0406").state))


def test_pair_writes_the_engines_pairs_to_standard_output_when_no_file_is_named(c0406, team_file):
    code, out, err = run("--team", team_file, "-p")
    assert (code, err) == (0, "")
    assert out == engine_pairs(team_file)
    assert out.splitlines()[0] == "2"  # team 3 is absent: two pairs, no bye


def test_pair_output_in_the_fake_systems_order_shows_board_order_is_kept(fake_systems, team_file):
    # team 3 is absent and 1-2 may not meet (260): the fake pairs 1-4 and 2-5, in that order
    assert run("--team", team_file, "-p")[1] == "2\n1 4\n2 5\n"


def test_pair_writes_the_named_output_file_and_the_explanation(c0406, team_file, tmp_path):
    code, out, _ = run("--team", team_file, "-p", tmp_path / "pairs.txt", "--explain", tmp_path / "why.txt")
    assert code == 0 and out == ""
    assert (tmp_path / "pairs.txt").read_text() == engine_pairs(team_file)
    pairing = api.pair(trf.read(team_file.read_text(), "c0406").state)
    assert (tmp_path / "why.txt").read_text() == pairing.explanation_text() + "\n"


def test_explanation_is_json_when_the_file_name_ends_in_json(c0406, team_file, tmp_path):
    run("--team", team_file, "-p", tmp_path / "pairs.txt", "--explain", tmp_path / "why.json")
    data = json.loads((tmp_path / "why.json").read_text())
    assert data["format"] == "pairing-engine/pairing" and data["round"] == 3
    again = snapshot.pairing_from_dict(data)
    assert trf.format_pairs(again) == (tmp_path / "pairs.txt").read_text()


def test_a_json_snapshot_pairs_like_the_trf_it_came_from(c0406, team_file, tmp_path):
    state = trf.read(team_file.read_text(), "c0406").state
    snap = tmp_path / "state.json"
    snap.write_text(snapshot.dumps(state))
    assert run("--json", snap, "-p")[1] == run("--team", team_file, "-p")[1]


def test_exit_1_when_no_valid_pairing_exists_says_why_and_writes_nothing(c0406, tmp_path):
    state = trf.read((FILES / "team_small.trf").read_text(), "c0406").state
    # Only teams 1 and 2 are left to pair, and they may not meet (260): C.04.6 [C1].
    snap = tmp_path / "s.json"
    snap.write_text(snapshot.dumps(replace(state, unavailable=frozenset({3, 4, 5}))))
    code, _, err = run("--json", snap, "-p", tmp_path / "pairs.txt", "--explain", tmp_path / "why.txt")
    assert code == 1 and err.startswith("no valid pairing: ") and len(err) > len("no valid pairing: \n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]


def test_exit_2_on_an_unexpected_error_without_a_traceback(monkeypatch, team_file, tmp_path):
    monkeypatch.setitem(systems.SYSTEMS, "c0406", "tests.engine.cli.broken_system")
    code, _, err = run("--team", team_file, "-p", tmp_path / "pairs.txt")
    assert code == 2 and "ZeroDivisionError" in err and "Traceback" not in err
    assert not (tmp_path / "pairs.txt").exists()


def test_exit_3_on_bad_usage():
    assert run("--team")[0] == 3  # no mode
    assert run("--team", "-p")[0] == 3  # no input
    assert run("--team", "--dubov", "x.trf", "-p")[0] == 3  # two systems


def test_exit_3_on_a_bad_json_snapshot(tmp_path):
    snap = tmp_path / "s.json"
    snap.write_text('{"participants": [{"tpn": "x"}]}')
    code, _, err = run("--json", snap, "-p")
    assert code == 3 and "participants[0].tpn" in err


def test_exit_4_over_a_size_limit(monkeypatch, team_file, tmp_path):
    monkeypatch.setattr(cli, "MAX_INPUT_BYTES", 100)
    assert run("--team", team_file, "-p")[0] == 4
    config = tmp_path / "big.cfg"
    config.write_text("teams=100000\n")
    assert run("--team", "-g", config, "-o", tmp_path / "out.trf")[0] == 4


def test_exit_5_when_a_file_cannot_be_read_or_written(c0406, team_file, tmp_path):
    code, _, err = run("--team", tmp_path / "missing.trf", "-p")
    assert code == 5 and "missing.trf" in err
    assert run("--team", team_file, "-p", tmp_path / "no" / "such" / "dir.txt")[0] == 5


# -- checking (-c) ------------------------------------------------------------------


def test_check_reports_each_round_that_differs_pair_by_pair(fake_systems, team_file):
    # round 1 had 1-3 and 4-2; the fake pairs 1-3 and 2-4 (1-2 is forbidden)
    code, out, _ = run("--team", team_file, "-c")
    assert code == 1
    assert "round 1: differs\n  4-2: the engine gives White to 2\n" in out
    assert out.strip().endswith("2 rounds checked, 2 differ")


def test_check_of_a_generated_file_exits_0(c0406, tmp_path):
    out = tmp_path / "gen.trf"
    assert run("--team", "-g", "-o", out, "-s", 7)[0] == 0
    code, report, _ = run("--team", out, "-c")
    assert code == 0 and report.strip().endswith("7 rounds checked, 0 differ")


def test_check_of_one_round_only(c0406, team_file):
    code, out, _ = run("--team", team_file, "-c", "--round", 2)
    assert out.startswith("round 2: ") and "1 rounds checked" in out
    assert run("--team", team_file, "-c", "--round", 9)[0] == 3


# -- generating (-g) ----------------------------------------------------------------


def test_generate_is_reproducible_from_its_seed(c0406, tmp_path):
    run("--team", "-g", "-o", tmp_path / "a.trf", "-s", 3)
    run("--team", "-g", "-o", tmp_path / "b.trf", "-s", 3)
    run("--team", "-g", "-o", tmp_path / "c.trf", "-s", 4)
    a, b, c = ((tmp_path / n).read_text() for n in ("a.trf", "b.trf", "c.trf"))
    assert a == b and a != c


def test_generate_reads_a_key_value_or_json_configuration(c0406, tmp_path):
    (tmp_path / "kv.cfg").write_text("# six teams\nteams = 6\nrounds=3\nboards=2\n")
    (tmp_path / "js.cfg").write_text('{"teams": 6, "rounds": 3, "boards": 2}')
    for name in ("kv.cfg", "js.cfg"):
        assert run("--team", "-g", tmp_path / name, "-o", tmp_path / "out.trf", "-s", 1)[0] == 0
        state = trf.read((tmp_path / "out.trf").read_text(), "c0406").state
        assert (len(state.participants), state.rounds_played, state.boards) == (6, 3, 2)


def test_generate_for_an_individual_system_writes_an_individual_file(dubov, tmp_path):
    (tmp_path / "c.cfg").write_text("players=9\nrounds=4\n")
    assert run("--dubov", "-g", tmp_path / "c.cfg", "-o", tmp_path / "out.trf", "-s", 1)[0] == 0
    state = trf.read((tmp_path / "out.trf").read_text()).state
    assert state.system == "dubov" and not state.team and len(state.participants) == 9


@pytest.mark.parametrize("config", ["colour=red\n", "teams=many\n", "draw_rate=2\n", "nonsense\n"])
def test_generate_refuses_a_bad_configuration_with_exit_3(tmp_path, config):
    (tmp_path / "c.cfg").write_text(config)
    code, _, err = run("--team", "-g", tmp_path / "c.cfg", "-o", tmp_path / "out.trf")
    assert code == 3 and err.startswith("invalid input")
    assert not (tmp_path / "out.trf").exists()


def test_generate_needs_an_output_file_and_a_system(tmp_path):
    assert run("--team", "-g")[0] == 3
    assert run("-g", "-o", tmp_path / "x.trf")[0] == 3


def test_pairing_a_finished_tournament_is_refused_with_exit_3(c0406, tmp_path):
    out = tmp_path / "gen.trf"
    (tmp_path / "c.cfg").write_text("teams=6\nrounds=3\n")
    assert run("--team", "-g", tmp_path / "c.cfg", "-o", out, "-s", 2)[0] == 0
    code, _, err = run("--team", out, "-p")
    assert code == 3 and "all 3 rounds have been played" in err


def test_check_of_a_json_snapshot_with_forfeits_compares_their_pairs_but_not_their_colours(c0406, tmp_path):
    from engine import generator

    config = generator.GeneratorConfig(participants=8, rounds=4, boards=2, forfeit_rate=0.3)
    state, _ = generator.generate("c0406", config, seed=5)
    assert any(r.outcome.name == "FORFEIT_WIN" for p in state.participants for r in p.history)
    snap = tmp_path / "s.json"
    snap.write_text(snapshot.dumps(state))
    code, out, _ = run("--json", snap, "-c")
    assert code == 0, out
