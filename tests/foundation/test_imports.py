"""Imports run one way: engine <- tournaments <- committee, operations <- demo, and no module circles.

The contracts are in ``pyproject.toml`` (``[tool.importlinter]``) and checked by import-linter,
which reads every import, those inside functions included (not those under ``TYPE_CHECKING``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_imports_nothing_of_the_site_the_layers_run_one_way_and_no_modules_import_each_other():
    result = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache", "--no-logo"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout
