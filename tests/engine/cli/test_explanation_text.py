"""What ``--explain`` prints (RoundPairing.explanation_text, docs/engine-cli.md "Pairing (-p)").

The options in force come first, then one line per step, then the
per-participant "why" lines in a section of their own.
"""

from __future__ import annotations

from pathlib import Path

from engine import api, trf
from engine.result import Pair, RoundPairing
from tests.engine.cli.test_cli import run

TEAM_FILE = Path(__file__).parents[1] / "trf" / "files" / "team_small.trf"


def pairing_with_why(team: bool | None) -> RoundPairing:
    state = trf.read(TEAM_FILE.read_text(), "c0406").state
    pairing = RoundPairing(3, [Pair(2, 5), Pair(4, 1)])
    if team is not None:
        step = api.options_step(state)
        step.data["team"] = team
        pairing.explanation.append(step)
    pairing.explain("C.04.6 3.5", "bracket", "Bracket 1: scoregroup 3.5 (2) takes upfloaters 5")
    pairing.explain_why(
        2,
        opponent=5,
        opponent_reason="No team of your score was left; 5 floated up.",
        opponent_article="C.04.6 3.5",
        colour="w",
        colour_reason="You had Black last round.",
        colour_article="C.04.6 4.3.7",
    )
    pairing.explain("C.04.6 4.3.7", "colour", "2-5: the colour preference of first-team 2 is granted")
    return pairing


def test_the_why_lines_come_last_in_a_section_team_by_team():
    lines = pairing_with_why(team=True).explanation_text().splitlines()
    assert lines[0] == "Options in force (* = not the default):"
    steps = [line for line in lines if line.startswith("[")]
    assert steps == [
        "[C.04.6 3.5] Bracket 1: scoregroup 3.5 (2) takes upfloaters 5",
        "[C.04.6 4.3.7] 2-5: the colour preference of first-team 2 is granted",
    ]
    assert lines[-3:] == [
        "",
        "Why, team by team:",
        "  2: No team of your score was left; 5 floated up. [C.04.6 3.5] You had Black last round. [C.04.6 4.3.7]",
    ]


def test_the_why_section_of_an_individual_event_goes_player_by_player():
    assert "\nWhy, player by player:\n" in pairing_with_why(team=False).explanation_text()
    assert "\nWhy, one by one:\n" in pairing_with_why(team=None).explanation_text()


def test_the_explain_file_of_a_real_pairing_lists_its_why_steps_only_in_the_last_section(tmp_path):
    why = tmp_path / "why.txt"
    assert run("--team", TEAM_FILE, "-p", "--explain", why)[0] == 0
    lines = why.read_text().splitlines()
    pairing = api.pair(trf.read(TEAM_FILE.read_text(), "c0406").state)
    expected_why = [f"  {tpn}: {step.message}" for tpn, step in pairing.why().items()]
    assert lines[0] == "Options in force (* = not the default):"
    header = lines.index("Why, team by team:") if expected_why else len(lines)
    assert lines[header + 1 :] == expected_why
    assert [line for line in lines[:header] if line.startswith("[")] == [
        f"[{s.article}] {s.message}" for s in pairing.explanation if s.topic not in ("options", "why")
    ]
