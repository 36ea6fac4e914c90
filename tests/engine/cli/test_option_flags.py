"""Every option of every system is a command-line flag generated from its spec (engine/options.py).

docs/engine-cli.md, "System options": the flag, its ``--help`` (article, what
it decides, default, FIDE's tool's value), its value reaching the engine,
an option of another system or a bad value refused with exit 3, and the
same flags for the pairing (-p), the checker (-c) and the generator (-g).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from engine import api, cli, cli_options, options, trf
from engine.options import UNSET, OptionSpec, format_value
from tests.engine.cli.test_cli import run

FILES = Path(__file__).parent / "files"
TEAM_FILE = Path(__file__).parents[1] / "trf" / "files" / "team_small.trf"
# a file each system can pair (the Olympiad reads the C.04.6 team file too)
INPUT = {
    "c0406": TEAM_FILE,
    "olympiad": TEAM_FILE,
    "dubov": FILES / "dubov_individual.trf",
    "lim": FILES / "lim_individual.trf",
}
EVERY_SPEC = [pytest.param(s, id=f"{s.system}-{s.key}") for s in options.all_specs()]


def other_value(spec: OptionSpec):
    """A value of ``spec`` that is not its default."""
    if spec.choices:
        return next(c for c in spec.choices if not (c == spec.default and type(c) is type(spec.default)))
    if spec.key == "host_team":
        return 2  # a TPN of the file
    base = spec.default if isinstance(spec.default, int) else (spec.minimum or 0)
    return base + 1


def flag_args(spec: OptionSpec, value) -> list[str]:
    """The command-line words that set ``spec`` to ``value`` (and what it needs with it)."""
    needed = cli_options.REQUIRES.get((spec.system, spec.key))
    extra = flag_args(options.spec(spec.system, needed[0]), needed[1]) if needed else []
    if spec.is_bool:
        return [spec.cli_flag if value else "--no-" + spec.cli_flag[2:], *extra]
    return [spec.cli_flag, format_value(value), *extra]


def system_flag(system: str) -> str:
    return cli_options.SYSTEM_FLAG[system]


def action(flag: str) -> argparse.Action:
    parser = cli.build_parser()
    return next(a for a in parser._actions if flag in a.option_strings)


@pytest.mark.parametrize("spec", EVERY_SPEC)
def test_every_option_is_a_flag_whose_help_names_its_article_its_default_and_fide_tools_value(spec):
    help_text = action(spec.cli_flag).help.replace("%%", "%")
    assert spec.article in help_text
    assert spec.help in help_text
    assert f"Default: {format_value(spec.default)}." in help_text
    if spec.fide_tool is not UNSET:
        assert f"FIDE's tool (Gacrux) reads it as {format_value(spec.fide_tool)}." in help_text
    for choice in spec.choices:
        assert f"{format_value(choice)} = " in help_text


@pytest.mark.parametrize("spec", EVERY_SPEC)
def test_every_option_flag_sets_the_option_the_engine_reads_and_the_explanation_shows(spec):
    value = other_value(spec)
    argv = [system_flag(spec.system), str(INPUT[spec.system]), "-p", *flag_args(spec, value)]
    state, _ = cli.load(cli.build_parser().parse_args(argv))
    assert state.system == spec.system
    assert state.options[spec.key] == value and type(state.options[spec.key]) is type(value)
    row = next(r for r in api.options_step(state).data["options"] if r["key"] == spec.key)
    assert row["value"] == value and row["differs"]


@pytest.mark.parametrize("spec", EVERY_SPEC)
def test_an_option_flag_with_another_system_is_refused_with_exit_3(spec):
    other = next(s for s in options.SYSTEM_NAMES if s != spec.system and spec.cli_flag not in _flags_of(s))
    code, out, err = run(system_flag(other), INPUT[other], "-p", *flag_args(spec, other_value(spec)))
    assert code == 3 and out == ""
    assert f"is an option of the {spec.system} system, not of {other}" in err


def _flags_of(system: str) -> set[str]:
    return {s.cli_flag for s in options.specs(system)}


def test_an_option_of_another_system_is_refused_also_when_the_file_names_the_system():
    # team_small.trf says FIDE_TEAM (192): --maxi belongs to Lim
    code, _, err = run(TEAM_FILE, "-p", "--maxi")
    assert code == 3 and "--maxi is an option of the lim system, not of c0406" in err


@pytest.mark.parametrize(
    ("argv", "named", "allowed"),
    [
        (["--team", TEAM_FILE, "-p", "--initial-colour-by", "seat"], "'initial_colour_by'", "tpn or rank"),
        (["--team", TEAM_FILE, "-p", "--type-b-last-round-cd0", "weak"], "'type_b_last_round_cd0'", "strong"),
        (["--dubov", INPUT["dubov"], "-p", "--max-upfloats", "-1"], "'max_upfloats'", "from 0 up or none"),
        (["--dubov", INPUT["dubov"], "-p", "--max-upfloats", "x"], "'max_upfloats'", "a whole number"),
        (["--lim", INPUT["lim"], "-p", "--maxi", "--maxi-limit", "many"], "'maxi_limit'", "a whole number"),
        (["--olympiad", TEAM_FILE, "-p", "--section", "mixed"], "'section'", "open or women"),
    ],
)
def test_a_bad_option_value_is_refused_naming_the_option_and_what_it_allows(argv, named, allowed):
    code, out, err = run(*argv)
    assert code == 3 and out == ""
    assert err.startswith("invalid input: --") and named in err and allowed in err


def test_a_choice_that_reads_none_is_a_choice_not_a_missing_value():
    # type_b_last_round_cd0 has the choice "none" (1.7.2.5: no preference)
    argv = ["--team", str(TEAM_FILE), "-p", "--type-b-last-round-cd0", "none"]
    state, _ = cli.load(cli.build_parser().parse_args(argv))
    assert state.options["type_b_last_round_cd0"] == "none"


def test_a_number_option_takes_none_for_as_the_rule_says():
    argv = ["--dubov", str(INPUT["dubov"]), "-p", "--max-upfloats", "none"]
    state, _ = cli.load(cli.build_parser().parse_args(argv))
    assert state.options["max_upfloats"] is None


# -- the flags reach the engine in every mode -----------------------------------------------

INITIAL_COLOUR = FILES / "c0406_initial_colour.trf"  # 8 teams, 5 rounds, Type B, paired with the defaults


def test_c0406_flag_reaches_the_checker_initial_colour_by_rank_changes_round_2_c0406_4_3_1():
    code, out, _ = run(INITIAL_COLOUR, "-c")
    assert code == 0 and out.endswith("5 rounds checked, 0 differ\n")
    code, out, _ = run(INITIAL_COLOUR, "-c", "--initial-colour-by", "rank")
    assert code == 1 and "round 2: differs\n  7-1: the engine gives White to 1\n" in out
    assert (
        "    why: C.04.6 4.3.1: the engine gives White to 1: 1-7: neither team has played; first-team 7 gets Black"
        in out
    )


def test_c0406_flag_and_engine_option_line_are_the_same_setting(tmp_path):
    line = tmp_path / "line.trf"
    text = INITIAL_COLOUR.read_text()
    line.write_text(text.replace("192 ", '### engine-option initial_colour_by "rank"\n192 ', 1))
    assert run(line, "-c")[1] == run(INITIAL_COLOUR, "-c", "--initial-colour-by", "rank")[1]
    # the command line wins over the file's line
    assert run(line, "-c", "--initial-colour-by", "tpn")[1] == run(INITIAL_COLOUR, "-c")[1]


def test_c0406_flag_reaches_the_pairing_and_its_explanation_lists_it(tmp_path):
    why = tmp_path / "why.txt"
    code, _, err = run("--team", TEAM_FILE, "-p", "--explain", why, "--initial-colour-by", "rank")
    assert code == 0, err
    text = why.read_text()
    assert text.startswith("Options in force (* = not the default):\n")
    assert "  [C.04.6 4.3.1] initial_colour_by = rank * (" in text


def test_c0406_flags_reach_the_generator_and_are_written_as_engine_option_lines(tmp_path):
    out = tmp_path / "gen.trf"
    (tmp_path / "c.cfg").write_text("teams=8\nrounds=5\nforfeit_rate=0.1\ncolour_preferences=B\n")
    code, _, err = run("--team", "-g", tmp_path / "c.cfg", "-o", out, "-s", 4, "--initial-colour-by", "rank")
    assert code == 0, err
    assert '### engine-option initial_colour_by "rank"' in out.read_text()
    assert trf.read(out.read_text()).state.options["initial_colour_by"] == "rank"
    assert run(out, "-c")[0] == 0  # its own option, read back from the file


def test_c0406_flags_reach_the_checker_of_a_json_snapshot(tmp_path):
    from engine import snapshot

    state = trf.read(INITIAL_COLOUR.read_text()).state
    snap = tmp_path / "s.json"
    snap.write_text(snapshot.dumps(state))
    assert run("--json", snap, "-c")[0] == 0
    code, out, _ = run("--json", snap, "-c", "--initial-colour-by", "rank")
    assert code == 1 and "round 2: differs" in out and "why: C.04.6 4.3.1" in out


def test_the_generator_refuses_an_option_of_another_system(tmp_path):
    code, _, err = run("--team", "-g", "-o", tmp_path / "x.trf", "--max-upfloats", "2")
    assert code == 3 and "--max-upfloats is an option of the dubov system, not of c0406" in err
    assert not (tmp_path / "x.trf").exists()


# -- the documentation -------------------------------------------------------------------------


def test_the_flags_table_of_the_documentation_is_the_one_the_specs_give():
    docs = Path(__file__).parents[3] / cli_options.DOCS
    text = docs.read_text()
    assert cli_options.docs_with_table(text) == text, (
        "docs/engine-cli.md's option flags differ from the specs: "
        "run `.venv/bin/python -m engine.cli_options --update-docs`"
    )


def test_a_bad_value_in_an_engine_option_line_is_refused_with_exit_3_naming_the_option(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(
        INITIAL_COLOUR.read_text().replace("192 ", '### engine-option initial_colour_by "seat"\n192 ', 1)
    )
    code, out, err = run(bad, "-c")
    assert (code, out) == (3, "")
    assert "'initial_colour_by'" in err and "tpn or rank" in err
