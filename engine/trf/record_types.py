"""The typed records of a TRF-2026 file (FIDE TRF-2026, annex to C.02.03).

What ``engine.trf.records`` cuts a file into: one :class:`PlayerLine` per
``001`` record (its rounds as :class:`Entry`), one :class:`TeamLine` per
``310`` (or ``013``) record, and the other records pairing needs, gathered in
a :class:`TrfRecords`. Columns are 1-based and inclusive, as in FIDE's document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

RESULT_CODES = frozenset("+-WDL1=0HFUZ ")
COLOUR_CODES = frozenset("wb- ")
ROUND_START = 92  # column of round 1's opponent field in a 001 record
ROUND_WIDTH = 10
#: A number as record fields write it (``11.5``, ``-4``, ``.5``).
NUMBER = re.compile(r"-?(\d+(\.\d*)?|\.\d+)")


class Entry(NamedTuple):
    """One round of a ``001`` record: opponent (0 = none), colour, result."""

    opponent: int
    colour: str  # "w", "b" or "-"
    result: str  # TRF result code, " " when blank
    column: int  # column of the opponent field, for messages


@dataclass
class PlayerLine:
    line: int
    number: int
    sex: str
    title: str
    name: str
    rating: int
    federation: str
    fide_id: str
    birth_date: str
    points: float | None
    entries: list[Entry]


@dataclass
class TeamLine:
    """A ``310`` record (or a ``013`` one, whose TPN is its order of appearance)."""

    line: int
    tpn: int
    name: str
    nickname: str
    strength: float | None
    match_points: float | None
    game_points: float | None
    members: list[tuple[int, int]]  # (player number, column)


@dataclass(frozen=True)
class Lineup:  # 300
    line: int
    round: int
    team: int
    opponent: int
    players: tuple[int, ...]  # board order, 0 = empty board


@dataclass(frozen=True)
class TeamByes:  # 320
    line: int
    match_points: float | None
    game_points: float | None
    teams: tuple[int, ...]  # the team given the PAB in round 1, 2, ... (0 = none)


@dataclass(frozen=True)
class ForfeitedMatch:  # 330
    line: int
    kind: str  # "+-", "-+" or "--"
    round: int
    white: int
    black: int


@dataclass(frozen=True)
class ByeList:  # 240
    line: int
    kind: str  # "F", "H" or "Z"
    round: int
    ids: tuple[int, ...]


@dataclass(frozen=True)
class ForbiddenList:  # 260 (and XXP, which holds for every round)
    line: int
    first: int
    last: int
    ids: tuple[int, ...]


@dataclass
class TrfRecords:
    """Every record of a file that matters to pairing, as written."""

    name: str = ""
    rounds_total: int | None = None
    rounds_total_line: int = 0
    initial_colour: str | None = None
    game_scoring: dict[str, float] = field(default_factory=dict)
    team_scoring: dict[str, float] = field(default_factory=dict)
    tournament_type: str = ""
    tournament_type_line: int = 0
    board_colours: str | None = None
    board_colours_line: int = 0
    players: list[PlayerLine] = field(default_factory=list)
    teams: list[TeamLine] = field(default_factory=list)
    lineups: list[Lineup] = field(default_factory=list)
    team_byes: TeamByes | None = None
    forfeits: list[ForfeitedMatch] = field(default_factory=list)
    byes: list[ByeList] = field(default_factory=list)
    forbidden: list[ForbiddenList] = field(default_factory=list)
    absent_next: set[int] = field(default_factory=set)  # XXZ
    abnormal_points: bool = False  # a 299 record exists
    # project extension lines (engine/trf/extension.py)
    engine_options: dict = field(default_factory=dict)
    unranked: set[int] = field(default_factory=set)
    unranked_line: int = 0
    withdrawn: dict[int, tuple[int, int]] = field(default_factory=dict)  # TPN -> (first round out, line)
    tiebreaks: list[str] = field(default_factory=list)
    tiebreaks_line: int = 0
    pab_values: dict[int, tuple[float, float, int]] = field(default_factory=dict)  # round -> (MP, GP, line)
    event_settings: dict[str, tuple[object, int, int]] = field(
        default_factory=dict
    )  # key -> (value, line, col)
