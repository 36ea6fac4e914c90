"""The standings table: primary score, then the tie-break list in order.

The organiser's extra team (``Participant.unranked``, 1998 Olympiad rules 2-3)
is listed without a rank and does not take a place; the points scored
against it count for the others as any other result.

Tie-breaks are applied in sequence to the groups still tied (C.07 4.1), so a
tie-break computed within a group (direct encounter) sees exactly the
participants tied before it. Participants equal on everything share the
place (competition ranking "1, 2, 2, 4") and are listed in TPN order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.standings.registry import TieBreak, resolve
from engine.state import TournamentState


@dataclass(frozen=True)
class StandingRow:
    rank: int | None  # None for the unranked extra team
    tpn: int
    name: str
    match_points: float
    game_points: float
    tiebreaks: dict[str, tuple[float, ...]] = field(default_factory=dict)
    shared: bool = False  # equal on everything with another participant

    @property
    def key(self) -> tuple:
        return tuple(v for vals in self.tiebreaks.values() for v in vals)


def _split(
    state: TournamentState,
    groups: list[list[int]],
    tiebreaks: Sequence[TieBreak],
    values: dict[int, dict[str, tuple[float, ...]]],
) -> list[list[int]]:
    whole = None
    for tb in tiebreaks:
        if not tb.needs_group:
            whole = tb.compute(state, frozenset(state.by_tpn))
        new_groups: list[list[int]] = []
        for group in groups:
            vals = whole if not tb.needs_group else tb.compute(state, frozenset(group))
            for t in group:
                values[t][tb.name] = vals[t]
            if len(group) == 1:
                new_groups.append(group)
                continue
            distinct = sorted({vals[t] for t in group}, reverse=True)
            for v in distinct:
                new_groups.append(sorted(t for t in group if vals[t] == v))
        groups = new_groups
    return groups


def standings(state: TournamentState, tiebreak_names: Sequence[str] = ()) -> list[StandingRow]:
    """The ranking after the rounds in ``state`` (``ValueError`` for an unknown tie-break)."""
    tiebreaks = resolve(tiebreak_names)
    primary = state.scoring.primary
    ranked = [p for p in state.participants if not p.unranked]
    values: dict[int, dict[str, tuple[float, ...]]] = {p.tpn: {} for p in state.participants}

    by_score: dict[float, list[int]] = {}
    for p in ranked:
        by_score.setdefault(p.score(primary), []).append(p.tpn)
    groups = [sorted(by_score[s]) for s in sorted(by_score, reverse=True)]
    groups = _split(state, groups, tiebreaks, values)

    rows: list[StandingRow] = []
    place = 1
    for group in groups:
        for t in group:
            p = state.by_tpn[t]
            rows.append(
                StandingRow(place, t, p.name, p.match_points, p.game_points, values[t], len(group) > 1)
            )
        place += len(group)

    # The unranked extra team: values shown, no place taken.
    extra = [p for p in state.participants if p.unranked]
    if extra:
        for tb in tiebreaks:
            vals = tb.compute(state, frozenset(p.tpn for p in extra))
            for p in extra:
                values[p.tpn].setdefault(tb.name, vals[p.tpn])
        for p in sorted(extra, key=lambda p: (-p.score(primary), p.tpn)):
            rows.append(StandingRow(None, p.tpn, p.name, p.match_points, p.game_points, values[p.tpn]))
    return rows
