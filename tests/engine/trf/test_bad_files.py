"""Bad TRF files: each problem is named, with its line and column; the command line exits 3 and writes nothing."""

import io

import pytest

from engine import cli
from engine.trf import TrfError, read


def edit(text: str, line: int, column: int, new: str) -> str:
    """Overwrite ``new`` at (line, column), both 1-based."""
    lines = text.splitlines()
    s = lines[line - 1].ljust(column - 1 + len(new))
    lines[line - 1] = s[: column - 1] + new + s[column - 1 + len(new) :]
    return "\n".join(lines) + "\n"


def replace_line(text: str, line: int, new: str) -> str:
    lines = text.splitlines()
    lines[line - 1] = new
    return "\n".join(lines) + "\n"


def shift_name(text: str) -> str:
    lines = text.splitlines()
    lines[7] = lines[7][:14] + " " + lines[7][14:]
    return "\n".join(lines) + "\n"


# (id, how to break team_small.trf, line, column, words of the message)
CASES = [
    ("unknown_record", lambda t: t + "999 hello\n", 29, 1, "unknown record '999'"),
    ("bad_number", lambda t: edit(t, 8, 49, "24X0"), 8, 49, "rating '24X0' is not a whole number"),
    ("bad_strength", lambda t: edit(t, 18, 48, "23a0  "), 18, 48, "strength factor '23a0' is not a number"),
    ("player_in_two_teams", lambda t: edit(t, 19, 74, "   1"), 19, 74, "player 1 is in two teams"),
    (
        "member_without_001",
        lambda t: edit(t, 18, 79, "  11"),
        18,
        79,
        "team member 11 is not defined by a 001",
    ),
    ("two_teams_same_tpn", lambda t: edit(t, 19, 5, "  1"), 19, 5, "two teams have TPN 1"),
    ("inconsistent_opponents", lambda t: edit(t, 8, 92, "   6"), 8, 92, "inconsistent opponents"),
    ("same_colour_both_sides", lambda t: edit(t, 12, 97, "w"), 8, 97, "inconsistent colours"),
    ("results_do_not_match", lambda t: edit(t, 12, 99, "1"), 8, 99, "results do not match"),
    ("bad_colour_code", lambda t: edit(t, 8, 97, "x"), 8, 97, "colour 'x' is not w, b or -"),
    ("bad_result_code", lambda t: edit(t, 8, 99, "Q"), 8, 99, "result 'Q' is not a TRF result code"),
    ("wrong_column_layout", shift_name, 8, 53, "wrong column layout in the 001 record"),
    (
        "player_points_do_not_match",
        lambda t: edit(t, 8, 81, " 1.5"),
        8,
        81,
        "points 1.5 of player 1 do not match",
    ),
    (
        "team_points_do_not_match",
        lambda t: edit(t, 18, 55, "   9.0"),
        18,
        55,
        "team 1's match points 9 do not match",
    ),
    ("unknown_tournament_type", lambda t: replace_line(t, 5, "192 FIDE_TEAM_TYPEC"), 5, 5, "tournament type"),
    ("bad_board_colours", lambda t: replace_line(t, 6, "352 WX"), 6, 6, "board colour sequence"),
    ("forfeit_unknown_team", lambda t: replace_line(t, 25, "330 +- 002   2   9"), 25, 16, "team 9"),
    (
        "bye_unknown_team",
        lambda t: replace_line(t, 27, "240 Z 003   33"),
        27,
        11,
        "33, who is not a participant",
    ),
    ("bad_forfeit_type", lambda t: replace_line(t, 25, "330 ++ 002   2   1"), 25, 5, "forfeit type '++'"),
    ("142_below_rounds_played", lambda t: replace_line(t, 3, "142 1"), 3, 5, "142 says 1 rounds"),
    ("record_code_too_long", lambda t: t + "0011 x\n", 29, 4, "three characters and a space"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_bad_file_names_the_problem_with_its_line_and_column(team_text, case):
    _, breaker, line, column, words = case
    with pytest.raises(TrfError) as err:
        read(breaker(team_text), "c0406")
    assert (err.value.line, err.value.column) == (line, column), str(err.value)
    assert words in err.value.message


@pytest.mark.parametrize("case", CASES[:6], ids=[c[0] for c in CASES[:6]])
def test_the_command_line_exits_3_with_line_and_column_and_writes_nothing(tmp_path, team_text, case):
    _, breaker, line, column, words = case
    src = tmp_path / "in.trf"
    src.write_text(breaker(team_text))
    out = tmp_path / "pairs.txt"
    err = io.StringIO()
    code = cli.main(
        ["--team", str(src), "-p", str(out), "--explain", str(tmp_path / "x.txt")], io.StringIO(), err
    )
    assert code == 3
    assert f"line {line}, column {column}" in err.getvalue() and words in err.getvalue()
    assert "Traceback" not in err.getvalue()
    assert list(tmp_path.iterdir()) == [src]


def test_a_team_system_refuses_a_file_without_teams(dubov_text):
    with pytest.raises(TrfError, match="pairs teams"):
        read(dubov_text, "c0406")


def test_a_file_that_names_no_system_asks_for_one():
    with pytest.raises(TrfError, match="say which pairing system"):
        read("012 nothing\n")


def test_a_played_result_without_an_opponent_is_refused(dubov_text):
    bad = edit(dubov_text, 6, 109, "1")  # player 2's half-point bye becomes a "win" against nobody
    with pytest.raises(TrfError, match="needs an opponent") as err:
        read(bad)
    assert err.value.line == 6


def test_a_game_on_a_team_file_whose_opponent_is_in_no_team_is_refused(team_text):
    lines = team_text.splitlines()
    lines = [ln for ln in lines if not (ln.startswith("310") and ln[4:7] == "  4")]
    with pytest.raises(TrfError, match="belongs to no team"):
        read("\n".join(lines), "c0406")


def test_another_programs_192_code_is_ignored_when_the_command_line_names_the_system(dubov_text):
    text = dubov_text.replace("192 FIDE_DUBOV", "192 FIDE_DUTCH_2025")
    assert read(text, "dubov").state.system == "dubov"
    with pytest.raises(TrfError, match="tournament type 'FIDE_DUTCH_2025'") as err:
        read(text)
    assert (err.value.line, err.value.column) == (4, 5)


def test_a_teams_players_facing_two_different_teams_is_refused(team_text):
    text = edit(team_text, 9, 92, "   8 b =")  # Alpha's board 2 meets Delta's board 2 ...
    text = edit(text, 15, 92, "   2 w =")
    text = edit(text, 13, 92, "   4 w =")  # ... while its board 1 meets Charlie
    text = edit(text, 11, 92, "   6 b =")
    with pytest.raises(TrfError, match="team 1's players face teams 3 and 4") as err:
        read(text, "c0406")
    assert (err.value.line, err.value.column) == (9, 92)


def test_a_line_up_with_a_player_of_another_team_is_refused(team_text):
    with pytest.raises(TrfError, match="player 3 is not a member of team 5") as err:
        read(replace_line(team_text, 23, "300 002   5   3    3    9"), "c0406")
    assert err.value.line == 23
