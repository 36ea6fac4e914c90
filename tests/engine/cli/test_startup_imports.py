"""``python -m engine`` imports the system it runs and no other (docs/engine-cli.md).

Importing every system's package for one pairing cost most of a short run
(issue 19, item 4). Each test runs the command line as a separate process
with ``-X importtime`` and reads which of the engine's system packages it
imported.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from engine import generator, trf
from engine.cli_options import SYSTEM_FLAG
from engine.options import SYSTEM_NAMES

ROOT = Path(__file__).parents[3]
IMPORTED = re.compile(r"\|\s*(engine\.(?:" + "|".join(SYSTEM_NAMES) + r"))(?:\.\w+)*\s*$", re.MULTILINE)


def systems_imported(*argv) -> tuple[subprocess.CompletedProcess, set[str]]:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "engine", *map(str, argv)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done, {name.removeprefix("engine.") for name in IMPORTED.findall(done.stderr)}


def next_round_file(system: str, folder: Path) -> Path:
    """A 12-participant event of ``system`` with 3 rounds played and a round to pair."""
    config = generator.GeneratorConfig(participants=12, rounds=3, boards=4)
    state, games = generator.generate(system, config, 1)
    path = folder / f"{system}.trf"
    path.write_text(trf.write(replace(state, rounds_total=5), games), encoding="utf-8")
    return path


@pytest.mark.parametrize("system", SYSTEM_NAMES)
def test_pairing_a_round_imports_only_the_system_named(system, tmp_path):
    done, imported = systems_imported(SYSTEM_FLAG[system], next_round_file(system, tmp_path), "-p")
    assert done.returncode == 0, done.stderr[-2000:]
    assert imported == {system}


@pytest.mark.parametrize("system", SYSTEM_NAMES)
def test_pairing_a_round_the_file_names_imports_only_that_system(system, tmp_path):
    done, imported = systems_imported(next_round_file(system, tmp_path), "-p")
    assert done.returncode == 0, done.stderr[-2000:]
    assert imported == {system}


def test_an_option_of_another_system_is_refused_as_before(tmp_path):
    done, _ = systems_imported("--team", next_round_file("c0406", tmp_path), "-p", "--maxi")
    assert done.returncode == 3
    assert "--maxi is an option of the lim system, not of c0406" in done.stderr


def test_help_lists_the_options_of_every_system():
    done, imported = systems_imported("--team", "--help")
    assert done.returncode == 0
    assert imported == set(SYSTEM_NAMES)
    for flag in SYSTEM_FLAG.values():
        assert f"options (with {flag})" in done.stdout
