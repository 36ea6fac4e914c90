"""The reference's view of a ``TournamentState`` (what D.02 2022 reads of the history)."""

from __future__ import annotations

from engine.state import Outcome, TournamentState
from tests.engine.olympiad2022_reference.reference import RefPairing, RefTeam, pair_round

# 4.2.1, 4.2.2: a team that had the bye, or won a match by default (the opponents did not arrive).
_SCORED_WITHOUT_PLAYING = (Outcome.PAIRING_ALLOCATED_BYE, Outcome.FORFEIT_WIN, Outcome.FULL_POINT_BYE)


def is_late_entry(history) -> bool:
    """4.2.3 Late Entry: a team not paired in round 1 (its round-1 record is an absence)."""
    return bool(history) and history[0].outcome is Outcome.ABSENT


def ref_teams(state: TournamentState, *, late_entry_bye: bool = False) -> list[RefTeam]:
    """The teams to be paired in ``state.next_round``, as the reference takes them.

    ``late_entry_bye``: the other reading of 4.2.3, in which a Late Entry may have the bye.
    """
    teams = []
    for p in state.to_be_paired():
        forbidden = {t for pair in state.forbidden_pairs if p.tpn in pair for t in pair if t != p.tpn}
        teams.append(
            RefTeam(
                tpn=p.tpn,
                mp=p.match_points,
                met=frozenset(p.played_opponents | forbidden),
                colours=tuple((r.round, r.colour.value) for r in p.history if r.played and r.colour),
                bye_ineligible=any(r.outcome in _SCORED_WITHOUT_PLAYING for r in p.history)
                or (is_late_entry(p.history) and not late_entry_bye),
                rating=p.rating,
            )
        )
    return teams


def reference_pairing(state: TournamentState, *, late_entry_bye: bool = False, **readings) -> RefPairing:
    """The reference's pairing of ``state.next_round``; ``readings`` as :func:`pair_round` takes them."""
    return pair_round(ref_teams(state, late_entry_bye=late_entry_bye), state.initial_colour.value, **readings)
