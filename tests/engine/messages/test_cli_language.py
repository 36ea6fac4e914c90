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


CLI_FILES = Path(__file__).parents[1] / "cli" / "files"


def _check(name: str, system: str, *extra) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main([system, str(CLI_FILES / name), "-c", *extra], out, err)
    assert not err.getvalue()
    return code, out.getvalue()


def test_the_cli_checker_report_is_english_by_default_and_french_with_language_fr():
    from engine import checker

    code, english = _check("checker_c0406_c8.trf", "--team")
    doc = trf.read((CLI_FILES / "checker_c0406_c8.trf").read_text(), "c0406")
    assert english == checker.report_text(checker.check_document(doc))  # the English, as it always was
    assert "round 3: differs" in english and "3 rounds checked, 1 differ" in english
    assert "  why: C8: 2 colour preference(s) not fulfilled in bracket 2 (scoregroup 2)" in english
    french_code, french = _check("checker_c0406_c8.trf", "--team", "--language", "fr")
    assert french_code == code == 1  # a round differs, whatever the language
    assert french.splitlines()[:3] == ["Ronde 1 : identique", "Ronde 2 : identique", "Ronde 3 : différente"]
    assert "  Pourquoi : C8 : préférences de couleur non satisfaites dans le groupe d'appariement 2" in french
    assert french.rstrip().endswith("Rondes vérifiées : 3, différentes : 1")
    for word in ("round", "why:", "differs", "rounds checked", "not in the engine's pairing", "bracket"):
        assert word not in french, word


def test_the_cli_checker_report_of_dubov_lim_and_the_olympiad_has_no_english_left_in_french():
    for name, system in (
        ("checker_dubov_rematch.trf", "--dubov"),
        ("dubov_upfloats.trf", "--dubov"),
        ("lim_maxi.trf", "--lim"),
        ("checker_olympiad_rule15.trf", "--olympiad"),
    ):
        _, english = _check(name, system)
        _, french = _check(name, system, "--language", "fr")
        assert len(french.splitlines()) == len(english.splitlines())
        assert "Pourquoi : " in french and "why:" not in french
        cited = french.replace("Lim 12 (lot: initial colour)", "")  # an article, cited as it is
        for word in ("round", "engine", "pairing", "colour", "absolute criterion", " the "):
            assert word not in cited, (name, word)
        _, russian = _check(name, system, "--language", "ru")
        assert "Почему: " in russian and "Проверено туров: " in russian
