"""The pairing systems the engine knows, by name.

Each system is a module exposing

- ``pair(state: TournamentState) -> RoundPairing``: the pairing of
  ``state.next_round`` with its explanation, or ``PairingImpossible``;
- ``violations(state, pairing) -> list[Violation]``: the absolute and
  quality criteria that a given (for example hand-amended) pairing of
  ``state.next_round`` breaks.

Modules are imported on first use so that one system's import cost is not
paid by another.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

SYSTEMS: dict[str, str] = {
    "c0406": "engine.c0406",
    "olympiad": "engine.olympiad",
    "dubov": "engine.dubov",
    "lim": "engine.lim",
}

LABELS: dict[str, str] = {
    "c0406": "FIDE C.04.6 Swiss Team Pairing System (2026)",
    "olympiad": "Chess Olympiad pairing rules (1998, 2007 amendments, 2022 D.02)",
    "dubov": "Dubov system (1997)",
    "lim": "Lim system",
}


def get(name: str) -> ModuleType:
    try:
        return import_module(SYSTEMS[name])
    except KeyError:
        raise ValueError(f"unknown pairing system {name!r}; known: {', '.join(SYSTEMS)}") from None
