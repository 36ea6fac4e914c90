"""The checker says why a round differs (docs/engine-cli.md, "Checker (-c)").

Each file of tests/engine/cli/files/checker_*.trf was paired by the engine,
then had one more round paired by hand (tests/engine/cli/checker_files.py):
the ``why:`` lines name what the system's own check finds in that round.
"""

from __future__ import annotations

from pathlib import Path

from engine import checker, snapshot, systems, trf
from engine.result import Pair, RoundPairing, Violation
from tests.engine.cli.test_cli import run

FILES = Path(__file__).parent / "files"


def why(name: str, *argv) -> tuple[int, list[str]]:
    """The exit code and the ``why:`` lines of ``-c`` on a case file."""
    code, out, err = run(FILES / name, "-c", *argv)
    assert err == ""
    return code, [line.strip().removeprefix("why: ") for line in out.splitlines() if "why: " in line]


def test_c0406_c1_a_recorded_rematch_is_named_as_the_absolute_criterion_it_breaks():
    code, lines = why("checker_c0406_c1.trf")
    assert code == 1
    assert lines == [
        "C1: 6 and 5 have already met (absolute criterion)",
        "C1: 8 and 7 have already met (absolute criterion)",
    ]


def test_c0406_c8_a_pairing_with_more_unfulfilled_colour_preferences_is_told_by_c8():
    code, lines = why("checker_c0406_c8.trf")
    assert code == 1
    assert lines == [
        "C8: 2 colour preference(s) not fulfilled in bracket 2 (scoregroup 2), the engine's pairing has 0"
    ]


def test_c0406_3_6_a_pairing_equal_on_every_criterion_is_told_by_the_order_of_identifiers():
    # round 3, scoregroup 2 {3, 4, 6, 8}: the file has 4-3 6-8, the engine 3-8 4-6, C4-C10 equal
    code, out, _ = run(FILES / "checker_c0406_order.trf", "-c", "--round", 3)
    assert code == 1
    assert "  4-3 is not in the engine's pairing\n  6-8 is not in the engine's pairing\n" in out
    (line,) = [line for line in out.splitlines() if line.startswith("    why: ")]
    assert "3.6" in line, line


def test_olympiad_rule_14a_a_recorded_rematch_is_named():
    code, lines = why("checker_olympiad_rematch.trf")
    assert code == 1
    # One departure (every pair is linked to the others): its absolute criteria first, then the rest.
    assert lines[:3] == [
        "Olympiad 1998 rule 14(a): 1 and 2 have already played each other (absolute criterion)",
        "Olympiad 1998 rule 14(a): 5 and 6 have already played each other (absolute criterion)",
        "Olympiad 1998 rule 14(a): 9 and 10 have already played each other (absolute criterion)",
    ]
    assert not any("absolute" in line for line in lines[3:])


def test_olympiad_rule_15_larger_score_differences_than_necessary_are_named():
    code, lines = why("checker_olympiad_rule15.trf", "--round", 3)
    assert code == 1
    # The exchange of opponents has rule 15; each of the two colour reversals its colour rule.
    assert lines[0] == (
        "Olympiad 1998 rule 15: score differences 2, 1, 1 are larger than necessary (the engine's: 1, 1)"
    )
    assert [line.split(": the engine gives White to ")[0] for line in lines[1:]] == [
        "Olympiad 1998 rule 20",
        "Olympiad 1998 rule 23",
    ]


def test_dubov_2_1_a_recorded_rematch_is_named():
    code, lines = why("checker_dubov_rematch.trf")
    assert code == 1
    assert lines[0] == "Dubov 2.1: 7 and 8 have played each other (absolute criterion)"
    assert not any("absolute" in line for line in lines[1:])


def test_rounds_that_are_the_same_have_no_why_line():
    code, out, _ = run(FILES / "checker_c0406_c1.trf", "-c", "--round", 2)
    assert code == 0 and out == "round 2: same\n1 rounds checked, 0 differ\n"


def test_a_system_that_reports_nothing_is_said_to_separate_nothing(fake_systems):
    # the fake pairs 1-3 and 2-4 in TPN order and its check reports nothing
    team_file = Path(__file__).parents[1] / "trf" / "files" / "team_small.trf"
    code, out, _ = run("--team", team_file, "-c", "--round", 1)
    assert code == 1
    assert out.splitlines()[-2] == f"    why: {checker.NO_REASON}"


def test_the_reasons_are_also_given_for_a_json_snapshot_checked_from_its_history(tmp_path):
    state = trf.read((FILES / "checker_c0406_c1.trf").read_text()).state
    snap = tmp_path / "s.json"
    snap.write_text(snapshot.dumps(state))
    code, out, _ = run("--json", snap, "-c")
    assert code == 1 and "  why: C1: 6 and 5 have already met (absolute criterion)\n" in out


def test_the_library_gives_the_violations_and_the_reasons_of_each_round():
    doc = trf.read((FILES / "checker_c0406_c1.trf").read_text())
    first, second, third = checker.check_document(doc)
    assert first.same and first.violations == [] and first.reasons == []
    assert {(v.criterion, v.absolute, v.tpns) for v in third.violations} >= {
        ("C1", True, (6, 5)),
        ("C1", True, (8, 7)),
    }
    assert third.reasons[0] == "C1: 6 and 5 have already met (absolute criterion)"


def test_a_check_that_fails_is_reported_with_the_differences_not_raised(monkeypatch):
    monkeypatch.setitem(systems.SYSTEMS, "c0406", "tests.engine.cli.broken_check_system")
    doc = trf.read((FILES / "checker_c0406_c1.trf").read_text())
    (third,) = checker.check_document(doc, [3])
    assert not third.same and third.differences
    assert third.reasons == ["the system's check could not run: ZeroDivisionError: a bug in the check"]


def test_report_text_puts_the_reasons_after_the_differences():
    violation = Violation("C1", True, "4 and 2 have already met", (4, 2))
    round_ = RoundPairing(1, [Pair(4, 2)])
    check = checker.RoundCheck(1, round_, RoundPairing(1, [Pair(4, 1)]), ["x"], [violation])
    assert checker.report_text([check]) == (
        "round 1: differs\n  x\n  why: C1: 4 and 2 have already met (absolute criterion)\n"
        "1 rounds checked, 1 differ\n"
    )
