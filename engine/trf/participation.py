"""Withdrawals and announced absences in a TRF-2026 file (docs/engine-cli.md).

A withdrawn participant is not paired from its withdrawal round on: the file
says it with ``### engine-withdrawn TPN ROUND`` and, for other programs, a
``240 Z`` record in each round from the one to be paired to the last. An
absence announced for a later round is a ``240 Z`` record for that round.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from engine.state import Outcome, Participant, TournamentState
from engine.trf.errors import TrfError

if TYPE_CHECKING:
    from engine.trf.records import TrfRecords


def withdrawal_rounds(state: TournamentState, given: Mapping[int, int] | None) -> dict[int, int]:
    """TPN -> the first round not paired: ``given``, else the round to be paired for each withdrawn participant."""
    if given is not None:
        return dict(given)
    return {p.tpn: state.next_round for p in state.participants if p.withdrawn}


def later_absences(
    state: TournamentState,
    withdrawals: Mapping[int, int] | None,
    absences: Mapping[int, Collection[int]] | None,
) -> dict[int, set[int]]:
    """Round -> TPNs not to be paired in it, for the rounds after the one to be paired (240 Z).

    Announced absences, and every withdrawn participant in each round from its
    withdrawal to the last: what other programs read as "not paired".
    """
    later: dict[int, set[int]] = {}
    first = state.next_round + 1
    for rnd, ids in (absences or {}).items():
        if rnd >= first and ids:
            later.setdefault(rnd, set()).update(ids)
    for tpn, out_from in withdrawal_rounds(state, withdrawals).items():
        for rnd in range(max(out_from, first), state.rounds_total + 1):
            later.setdefault(rnd, set()).add(tpn)
    return later


def withdrawn_by(recs: TrfRecords, tpns: set[int], rnd: int) -> set[int]:
    """The participants withdrawn by round ``rnd`` (``### engine-withdrawn TPN ROUND``)."""
    for tpn, (_, line) in recs.withdrawn.items():
        if tpn not in tpns:
            raise TrfError(f"engine-withdrawn names {tpn}, who is not a participant", line, 22)
    return {tpn for tpn, (first, _) in recs.withdrawn.items() if first <= rnd}


def check_withdrawals(recs: TrfRecords, parts: list[Participant]) -> None:
    """A withdrawn participant is not paired from its withdrawal round on: no game, no PAB there."""
    by_tpn = {p.tpn: p for p in parts}
    for tpn, (first, line) in recs.withdrawn.items():
        for rec in by_tpn[tpn].history[first - 1 :]:
            if rec.outcome.had_opponent or rec.outcome is Outcome.PAIRING_ALLOCATED_BYE:
                raise TrfError(
                    f"participant {tpn} withdrew from round {first} but is paired in round {rec.round}",
                    line,
                    len("### engine-withdrawn ") + len(str(tpn)) + 2,
                )
