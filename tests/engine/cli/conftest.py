import importlib

import pytest

from engine import systems


@pytest.fixture
def fake_systems(monkeypatch):
    """Every system name resolves to the plumbing fake (tests/engine/cli/fake_system.py)."""
    for name in list(systems.SYSTEMS):
        monkeypatch.setitem(systems.SYSTEMS, name, "tests.engine.cli.fake_system")


def require_system(name: str) -> None:
    try:
        importlib.import_module(systems.SYSTEMS[name])
    except ImportError as exc:
        pytest.skip(f"the {name} system is not importable yet ({exc})")


@pytest.fixture
def c0406():
    """The real FIDE C.04.6 engine (skips while engine.c0406 does not exist)."""
    require_system("c0406")


@pytest.fixture
def dubov():
    require_system("dubov")
