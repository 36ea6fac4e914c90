"""Who plays for which team, and on how many boards (TRF-2026 records 310 / 013, 300, 352).

Shared by the team reader (``engine.trf.team_records``) and ``engine.trf.reader``.
"""

from __future__ import annotations

from engine.trf.errors import TrfError
from engine.trf.record_types import PlayerLine, TeamLine, TrfRecords


def team_membership(teams: list[TeamLine], players: dict[int, PlayerLine]) -> dict[int, int]:
    """Player number -> TPN, refusing a player in two teams or one without a 001 record."""
    out: dict[int, int] = {}
    seen: dict[int, TeamLine] = {}
    for t in teams:
        if t.tpn in seen:
            raise TrfError(f"two teams have TPN {t.tpn} (lines {seen[t.tpn].line} and {t.line})", t.line, 5)
        seen[t.tpn] = t
        for number, col in t.members:
            if number not in players:
                raise TrfError(f"team member {number} is not defined by a 001 record", t.line, col)
            if number in out:
                raise TrfError(f"player {number} is in two teams ({out[number]} and {t.tpn})", t.line, col)
            out[number] = t.tpn
    return out


def infer_boards(recs: TrfRecords, team_of: dict[int, int], players: dict[int, PlayerLine]) -> int:
    """The number of boards when no 352 record gives it: the most boards any team fielded."""
    most = max((len(lu.players) for lu in recs.lineups), default=0)
    counts: dict[tuple[int, int], int] = {}
    for number, tpn in team_of.items():
        for r, e in enumerate(players[number].entries, start=1):
            if e.opponent:
                counts[(r, tpn)] = counts.get((r, tpn), 0) + 1
    most = max([most, *counts.values()])
    if most:
        return most
    sizes = [len(t.members) for t in recs.teams if t.members]
    return min(sizes) if sizes else 4
