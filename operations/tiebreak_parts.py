"""The team's tie-break page: each value under its tie-break's name, with the parts it is the sum of.

The values were shown as "olympiad2007 14 / 4 / 10" beside an "SB part" column that did not
add up to any of them (issue 18 item 6). Each column of each tie-break in force now has its
head (``tiebreak_heads.column_heads``: the name arbiters use, the article on hover) and its
parts round by round (``engine.standings.parts``): the opponent, the arithmetic, the part,
and whether it counts (a cut part is shown, struck out, with the reason).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext_lazy

from engine.standings import get
from engine.standings.parts import parts
from engine.state import TournamentState
from operations.tiebreak_heads import ColumnHead, column_heads

# engine.standings.parts.NOTES in words
NOTE_WORDS = {
    "cut": gettext_lazy("cut: not counted"),
    "unplayed": gettext_lazy("unplayed round: the team's own score"),
    "no_opponent": gettext_lazy("no opponent"),
    "won": gettext_lazy("won"),
    "drawn": gettext_lazy("drawn: half"),
    "lost": gettext_lazy("lost: not counted"),
    "not_all_met": gettext_lazy("not counted: not every pair of the tied teams has met"),
}


_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _localized(how: str) -> str:
    """The engine's arithmetic (``"4 × 3.5"``) with its numbers written as the reader's language writes them
    (``"4 × 3,5"`` in French), like the parts beside it."""
    return _NUMBER.sub(lambda m: number_format(Decimal(m.group(0))), how)


@dataclass(frozen=True)
class PartLine:
    round: int
    opponent: str
    how: str
    value: float
    counted: bool
    note: str


@dataclass(frozen=True)
class Breakdown:
    head: ColumnHead
    value: float
    parts: list[PartLine]

    @property
    def total(self) -> float:
        return sum(p.value for p in self.parts if p.counted)


def breakdowns(state: TournamentState, names: list[str], tpn: int, group: frozenset[int]) -> list[Breakdown]:
    """One :class:`Breakdown` per column of each tie-break in ``names`` (unknown names left out)."""
    out = []
    for name in names:
        try:
            heads = column_heads(get(name))
        except ValueError:
            continue
        for head, column in zip(heads, parts(state, name, tpn, group), strict=True):
            lines = [
                PartLine(
                    p.round,
                    state.by_tpn[p.opponent].name if p.opponent in state.by_tpn else "",
                    _localized(p.how),
                    p.value,
                    p.counted,
                    str(NOTE_WORDS.get(p.note, p.note)),
                )
                for p in column.parts
            ]
            out.append(Breakdown(head, column.value, lines))
    return out
