"""The fields and records the TRF-2026 writer writes in every file (FIDE TRF-2026, annex to C.02.03).

A :class:`Line` puts each field at its columns (1-based, as in FIDE's
document); points are written with one decimal (``162``, ``001`` columns
81-84, ``310``, ``320``, ``362``) and a team's strength (``310`` columns
48-53) with as few decimals as keep its value. :func:`player_line` writes a
``001`` record, a round a :data:`Game` at columns 92 + 10 * (round - 1);
:func:`bye_lines` the ``240`` records (byes, absences announced for a round).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.state import Outcome, Player, TournamentState

Game = tuple[int, str, str]  # opponent (0 = none), colour "w"/"b"/"-", TRF result code

BYE_CODES = {
    Outcome.PAIRING_ALLOCATED_BYE: "U",
    Outcome.HALF_POINT_BYE: "H",
    Outcome.FULL_POINT_BYE: "F",
    Outcome.ZERO_POINT_BYE: "Z",
    Outcome.ABSENT: " ",
}
NO_GAME: Game = (0, "-", " ")


class Line:
    """A record being written: ``put`` a field at its first column; ``str`` drops the trailing blanks."""

    def __init__(self, code: str) -> None:
        self.buf: list[str] = list(code)

    def put(self, col: int, text: str) -> Line:
        end = col - 1 + len(text)
        if len(self.buf) < end:
            self.buf.extend(" " * (end - len(self.buf)))
        self.buf[col - 1 : end] = list(text)
        return self

    def __str__(self) -> str:
        return "".join(self.buf).rstrip()


def points_field(value: float, width: int) -> str:
    """Points right-aligned in ``width`` columns, one decimal (``1.5``, ``10.0``)."""
    return f"{value:>{width}.1f}"


def strength_field(value: float) -> str:
    """A team's strength (``310`` columns 48-53): an integer, else two or one decimals that keep its value."""
    if value == int(value):
        return f"{int(value):>6}"
    for digits in (2, 1):
        text = f"{value:.{digits}f}"
        if len(text) <= 6 and float(text) == value:
            return f"{text:>6}"
    return f"{round(value):>6}"


def player_line(p: Player, points: float, rank: int, games: Sequence[Game]) -> str:
    """A ``001`` record: the player's fields, its points (81-84) and rank (86-89), then a round each 10 columns."""
    line = Line("001").put(5, f"{p.number:>4}").put(10, p.sex[:1] or " ").put(11, f"{p.title:<3}"[:3])
    line.put(15, p.name[:33]).put(49, f"{p.rating:>4}" if p.rating else "    ").put(54, p.federation[:3])
    line.put(58, f"{p.fide_id:>11}"[:11]).put(70, p.birth_date[:10]).put(81, points_field(points, 4))
    line.put(86, f"{rank:>4}")
    for i, (opp, colour, result) in enumerate(games):
        col = 92 + 10 * i
        line.put(col, f"{opp:04d}" if not opp else f"{opp:>4}").put(col + 5, colour).put(col + 7, result)
    return str(line)


def ranks_by_tpn(state: TournamentState) -> dict[int, int]:
    """TPN -> rank by primary, then secondary score, then TPN (the rank column of ``001`` and ``310``)."""
    s = state.scoring
    order = sorted(state.participants, key=lambda p: (-p.score(s.primary), -p.score(s.secondary), p.tpn))
    return {p.tpn: i for i, p in enumerate(order, start=1)}


def bye_lines(byes: Mapping[tuple[str, int], Sequence[int]]) -> list[str]:
    """The ``240`` records: one per (code, round), by round then code, its TPNs in order."""
    out = []
    for (code, r), ids in sorted(byes.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        line = Line("240").put(5, code).put(7, f"{r:03d}")
        for i, tpn in enumerate(sorted(ids)):
            line.put(11 + 5 * i, f"{tpn:>4}")
        out.append(str(line))
    return out
