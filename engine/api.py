"""The engine's public entry points: pair a round, check a given pairing."""

from __future__ import annotations

from engine import systems
from engine.result import CheckReport, RoundPairing
from engine.state import TournamentState


def pair(state: TournamentState) -> RoundPairing:
    """Pair ``state.next_round`` with the state's system."""
    pairing = systems.get(state.system).pair(state)
    pairing.system = state.system
    return pairing


def check(
    state: TournamentState, proposed: RoundPairing, engine_pairing: RoundPairing | None = None
) -> CheckReport:
    """Compare a proposed pairing of ``state.next_round`` with the engine's.

    Reports the criteria the proposal breaks (absolute ones block approval)
    and, pair by pair, where it departs from the engine's pairing.
    ``engine_pairing``, when given, is the engine's pairing of this same
    state computed before (``pair(state)``), so it is not computed again.
    """
    system = systems.get(state.system)
    report = CheckReport(round=proposed.round)
    report.violations = list(system.violations(state, proposed))
    if engine_pairing is None:
        try:
            engine_pairing = pair(state)
        except Exception as exc:  # the engine may find no pairing at all
            report.differences.append(f"the engine found no pairing: {exc}")
            return report
    report.engine_pairing = engine_pairing
    report.differences = describe_differences(engine_pairing, proposed)
    return report


def describe_differences(expected: RoundPairing, proposed: RoundPairing) -> list[str]:
    """Human-readable differences between two pairings of the same round."""
    out: list[str] = []
    exp = {frozenset((p.white, p.black)): p for p in expected.pairs}
    got = {frozenset((p.white, p.black)): p for p in proposed.pairs}
    for key, p in got.items():
        if key not in exp:
            out.append(f"{p.white}-{p.black} is not in the engine's pairing")
        elif exp[key].white != p.white:
            e = exp[key]
            out.append(f"{p.white}-{p.black}: the engine gives White to {e.white}")
    for key, p in exp.items():
        if key not in got:
            out.append(f"the engine pairs {p.white}-{p.black}")
    if expected.bye != proposed.bye:
        out.append(f"the engine gives the pairing-allocated bye to {expected.bye}, not {proposed.bye}")
    return out
