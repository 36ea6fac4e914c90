"""The command line writes its explanation in English unless ``--language`` names another (issue 20 item 3)."""

import io
from pathlib import Path

from engine import api, cli, trf

FILES = Path(__file__).parents[1] / "trf" / "files"


def _explain(tmp_path, *extra) -> tuple[str, str]:
    source = tmp_path / "team.trf"
    source.write_text((FILES / "team_small.trf").read_text())
    args = [
        "--team",
        str(source),
        "-p",
        str(tmp_path / "pairs.txt"),
        "--explain",
        str(tmp_path / "why.txt"),
        *extra,
    ]
    assert cli.main(args, io.StringIO(), io.StringIO()) == 0
    return (tmp_path / "why.txt").read_text(), (tmp_path / "pairs.txt").read_text()


def test_the_cli_explanation_is_english_by_default_and_french_with_language_fr(tmp_path):
    english, pairs = _explain(tmp_path)
    pairing = api.pair(trf.read((FILES / "team_small.trf").read_text(), "c0406").state)
    assert english == pairing.explanation_text() + "\n"
    assert "Why, team by team:" in english
    french, french_pairs = _explain(tmp_path, "--language", "fr")
    assert french_pairs == pairs  # the TRF output stays as it is
    assert "Pourquoi, équipe par équipe :" in french and "Why, team by team:" not in french
    why_lines = french.split("Pourquoi, équipe par équipe :", 1)[1]
    assert "Both teams have" not in why_lines and "You get" not in why_lines
    assert "[C.04.6 " in why_lines  # the articles are cited as they are
    assert any(w in why_lines for w in ("Les deux équipes ont", "L'équipe", "Exempt attribué"))


def test_the_cli_refuses_a_language_without_a_catalogue(tmp_path):
    err = io.StringIO()
    code = cli.main(["--team", str(FILES / "team_small.trf"), "-p", "--language", "de"], io.StringIO(), err)
    assert code != 0 and "--language" in err.getvalue()
