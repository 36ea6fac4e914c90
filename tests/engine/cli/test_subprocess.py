"""``python -m engine`` as a separate process: the exit codes a calling program sees."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[3]
FILES = Path(__file__).parents[1] / "trf" / "files"


def engine(*argv, cwd=ROOT):
    return subprocess.run(
        [sys.executable, "-m", "engine", *map(str, argv)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_python_m_engine_generates_then_checks_a_tournament_with_zero_differences(c0406, tmp_path):
    out = tmp_path / "gen.trf"
    gen = engine("--team", "-g", "-o", out, "-s", 11)
    assert gen.returncode == 0, gen.stderr
    check = engine("--team", out, "-c")
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.strip().endswith("0 differ")


def test_python_m_engine_exits_3_on_a_bad_file_and_5_on_a_missing_one(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text((FILES / "team_small.trf").read_text() + "999 what\n")
    result = engine("--team", bad, "-p")
    assert result.returncode == 3
    assert "line 29, column 1: unknown record '999'" in result.stderr and "Traceback" not in result.stderr
    assert engine("--team", tmp_path / "missing.trf", "-p").returncode == 5
