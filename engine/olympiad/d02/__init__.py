"""The Olympiad Pairing Rules in force since 1 January 2022 (FIDE Handbook D.02).

Selected by ``state.options["version"] == "2022"`` of the ``"olympiad"``
system; ``engine.olympiad.pairing.pair`` and ``engine.olympiad.violations``
hand over to :func:`pair` and :func:`violations` here. Readings are in
``docs/interpretations/olympiad2022.md``. The modules are imported when
called, so ``engine.olympiad.options`` can read this package's options
without a cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.result import RoundPairing, Violation
    from engine.state import TournamentState


def pair(state: TournamentState) -> RoundPairing:
    from engine.olympiad.d02.pairing import pair as pair_round

    return pair_round(state)


def violations(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    from engine.olympiad.d02.departures import violations as check

    return check(state, pairing)


__all__ = ["pair", "violations"]
