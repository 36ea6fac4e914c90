"""One reading of a TRF file everywhere, its limits enforced by the reader (issue 18, item 4).

The command line and the site decode a file with ``engine.trf.decode`` (a UTF-8 byte-order mark is
accepted by both), the reader refuses a control character with its line and column (a NUL byte in a
team name reached PostgreSQL), and ``142 5000`` is over the engine's documented limit of 50 rounds
(exit 4), as is an empty file for an individual system an invalid input (exit 3, like ``--team``).
"""

import io
from pathlib import Path

import pytest

from engine import cli
from engine.trf import SizeLimitExceeded, TrfError, decode, read
from tests.engine.trf.test_bad_files import edit, replace_line

FILES = Path(__file__).parents[1] / "trf" / "files"


@pytest.fixture
def team_text():
    return (FILES / "team_small.trf").read_text()


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = cli.main([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


def test_a_file_with_a_utf8_byte_order_mark_reads_like_the_same_file_without_it(team_text):
    data = team_text.encode("utf-8")
    assert decode(b"\xef\xbb\xbf" + data) == team_text
    assert read("\ufeff" + team_text, "c0406").state == read(team_text, "c0406").state


def test_a_utf16_file_with_its_byte_order_mark_reads_like_the_same_file_in_utf8(team_text):
    assert decode(team_text.encode("utf-16")) == team_text  # Python writes the BOM first
    assert decode("\ufeff".encode("utf-16-be") + team_text.encode("utf-16-be")) == team_text


def test_a_latin1_file_is_read_as_latin1():
    assert decode("012 Zürich Open\n".encode("latin-1")) == "012 Zürich Open\n"


def test_the_command_line_pairs_a_file_with_a_byte_order_mark(c0406, tmp_path, team_text):
    plain, bom = tmp_path / "plain.trf", tmp_path / "bom.trf"
    plain.write_bytes(team_text.encode())
    bom.write_bytes(b"\xef\xbb\xbf" + team_text.encode())
    assert run("--team", bom, "-p") == run("--team", plain, "-p")
    assert run("--team", bom, "-p")[0] == 0


def test_a_nul_byte_in_a_team_name_is_refused_with_its_line_and_column(team_text):
    bad = edit(team_text, 18, 12, "\x00")  # inside "Alpha"
    with pytest.raises(TrfError, match="NUL") as err:
        read(bad, "c0406")
    assert (err.value.line, err.value.column) == (18, 12)


def test_a_control_character_in_a_player_name_is_refused_with_its_line_and_column(team_text):
    with pytest.raises(TrfError, match="U\\+001B") as err:
        read(edit(team_text, 8, 20, "\x1b"), "c0406")
    assert (err.value.line, err.value.column) == (8, 20)


def test_the_command_line_exits_3_on_a_nul_byte(tmp_path, team_text):
    src = tmp_path / "nul.trf"
    src.write_bytes(edit(team_text, 18, 12, "\x00").encode())
    code, _, err = run("--team", src, "-p")
    assert code == 3 and "line 18, column 12" in err and "NUL" in err


def test_a_number_of_rounds_over_the_engines_limit_is_refused_with_its_line(team_text):
    with pytest.raises(SizeLimitExceeded, match="at most 50 rounds") as err:
        read(replace_line(team_text, 3, "142 5000"), "c0406")
    assert (err.value.line, err.value.column) == (3, 5)
    assert read(replace_line(team_text, 3, "142 50"), "c0406").state.rounds_total == 50


def test_the_command_line_exits_4_on_142_5000_and_writes_nothing(c0406, tmp_path, team_text):
    src = tmp_path / "long.trf"
    src.write_text(replace_line(team_text, 3, "142 5000"))
    out = tmp_path / "pairs.txt"
    code, _, err = run("--team", src, "-p", out)
    assert code == 4 and "line 3, column 5" in err and "at most 50 rounds" in err
    assert not out.exists()


def test_the_command_line_exits_4_on_a_json_snapshot_over_the_limit(c0406, tmp_path, team_text):
    from engine import snapshot

    state = read(team_text, "c0406").state
    snap = tmp_path / "long.json"
    snap.write_text(snapshot.dumps(state).replace('"rounds_total": 5', '"rounds_total": 5000'))
    code, _, err = run("--json", snap, "-p")
    assert code == 4 and "at most 50 rounds" in err


def test_a_unicode_digit_in_a_number_field_is_refused_not_crashed(team_text):
    with pytest.raises(TrfError, match="not a whole number") as err:
        read(edit(team_text, 8, 49, "24²0"), "c0406")
    assert (err.value.line, err.value.column) == (8, 49)


@pytest.mark.parametrize("flag", ["--team", "--olympiad", "--dubov", "--lim"])
@pytest.mark.parametrize("mode", [["-p"], ["-c"]])
def test_an_empty_file_is_an_invalid_input_for_every_system(tmp_path, flag, mode):
    src = tmp_path / "empty.trf"
    src.write_text("")
    code, out, err = run(flag, src, *mode)
    assert code == 3 and out == ""
    assert "no 001 records" in err or "no 310" in err
