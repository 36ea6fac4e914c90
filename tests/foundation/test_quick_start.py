"""The quick start's two commands (without recursing into the whole suite)."""

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*cmd, timeout=300):
    return subprocess.run(
        list(cmd), cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=os.environ.copy()
    )


def test_start_dry_run_lists_install_migrate_seed_and_serve_on_localhost():
    result = run("scripts/start", "--dry-run")
    assert result.returncode == 0, result.stderr
    steps = result.stdout.splitlines()
    assert steps[0] == "ensure_venv"
    assert "manage.py migrate --noinput" in steps[1]
    assert "manage.py seed_demo" in steps[2]
    assert steps[3].endswith("manage.py runserver 127.0.0.1:8000")


def test_start_can_skip_the_demo_and_serve_elsewhere():
    result = run("scripts/start", "--dry-run", "--no-seed", "0.0.0.0:8080")
    assert not any("seed_demo" in line for line in result.stdout.splitlines())
    assert result.stdout.strip().endswith("runserver 0.0.0.0:8080")


def test_start_refuses_an_unknown_option():
    result = run("scripts/start", "--frobnicate")
    assert result.returncode == 2
    assert "unknown option --frobnicate" in result.stderr


def test_test_script_explains_itself_and_passes_arguments_to_pytest():
    result = run("scripts/test", "--help")
    assert result.returncode == 0, result.stderr
    assert "Run the whole test suite" in result.stdout
    assert "usage:" in result.stdout  # pytest's own help: the argument went through


def test_test_script_runs_pytest_with_the_given_arguments():
    result = run("scripts/test", "--collect-only", "-q", "tests/foundation/test_states.py")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test_states.py::test_the_cycle_runs_forward_through_every_state" in result.stdout
