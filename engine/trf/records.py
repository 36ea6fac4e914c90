"""TRF-2026 records, column by column (FIDE TRF-2026, annex to C.02.03).

This module only cuts lines into typed records and checks each field's
layout; what the records mean for the tournament is ``engine.trf.reader``'s
business. Columns are 1-based and inclusive, as in FIDE's document.
"""

from __future__ import annotations

import re

from engine.trf import extension
from engine.trf.decoding import check_characters, strip_bom
from engine.trf.errors import PLAYER_LIMIT, TEAM_LIMIT, TrfError
from engine.trf.quick import quick_player, quick_team
from engine.trf.record_types import (
    COLOUR_CODES,
    NUMBER,
    RESULT_CODES,
    ROUND_START,
    ROUND_WIDTH,
    ByeList,
    Entry,
    ForbiddenList,
    ForfeitedMatch,
    Lineup,
    PlayerLine,
    TeamByes,
    TeamLine,
    TrfRecords,
)

__all__ = [  # the record types are read from here too
    "COLOUR_CODES",
    "RESULT_CODES",
    "ROUND_START",
    "ROUND_WIDTH",
    "ByeList",
    "Entry",
    "ForbiddenList",
    "ForfeitedMatch",
    "Lineup",
    "PlayerLine",
    "TeamByes",
    "TeamLine",
    "TrfRecords",
    "parse",
    "parse_player",
    "parse_team",
]

#: Records read but not used for pairing (informative or rating-only).
IGNORED = frozenset(
    [
        "022",
        "032",
        "042",
        "052",
        "062",
        "072",
        "082",
        "092",
        "102",
        "112",
        "122",
        "132",
        "172",
        "182",
        "202",
        "212",
        "222",
        "250",
        "299",
        "801",
        "802",
    ]
)


# -- fields -------------------------------------------------------------------


def _text(line: str, a: int, b: int) -> str:
    return line[a - 1 : b]


def _int(line: str, no: int, a: int, b: int, what: str, blank: int | None = None) -> int:
    raw = _text(line, a, b).strip()
    if not raw:
        if blank is None:
            raise TrfError(f"{what} is missing (columns {a}-{b})", no, a)
        return blank
    if not (raw.isascii() and raw.isdigit()):
        raise TrfError(f"{what} {raw!r} is not a whole number (columns {a}-{b})", no, a)
    return int(raw)


def _float(line: str, no: int, a: int, b: int, what: str) -> float | None:
    raw = _text(line, a, b).strip()
    if not raw:
        return None
    if not NUMBER.fullmatch(raw):
        raise TrfError(f"{what} {raw!r} is not a number (columns {a}-{b})", no, a)
    return float(raw)


def _blank(line: str, no: int, cols: list[int], record: str) -> None:
    for c in cols:
        if c <= len(line) and line[c - 1] != " ":
            raise TrfError(f"wrong column layout in the {record} record: column {c} should be blank", no, c)


def _too_wide(line: str, no: int, a: int, b: int, what: str, limit: str) -> None:
    """A number running on into the blank column after its field: TRF-2026's limit, named."""
    raw = _text(line, a, b + 1)
    if len(raw) == b + 2 - a and raw.isascii() and raw.isdigit():
        raise TrfError(f"{what} {int(raw)} does not fit columns {a}-{b}: {limit}", no, a)


def _ids(line: str, no: int, start: int, width: int, step: int, what: str) -> list[tuple[int, int]]:
    """Numbers in fixed slots from column ``start``, ``step`` columns apart."""
    out: list[tuple[int, int]] = []
    col = start
    while col <= len(line.rstrip()):
        raw = _text(line, col, col + width - 1)
        if raw.strip():
            out.append((_int(line, no, col, col + width - 1, what), col))
        col += step
    return out


# -- records ------------------------------------------------------------------


def parse_player(line: str, no: int) -> PlayerLine:
    """A ``001`` record; :class:`TrfError` naming the first field that is wrong.

    A well-formed line (numbers right-aligned in their columns, ASCII codes)
    is cut by :func:`engine.trf.quick.quick_player`; any other line goes through
    :func:`_checked_player`, which checks field by field and gives the
    message. Both give the same :class:`PlayerLine` for a line both accept.
    """
    return quick_player(line, no) or _checked_player(line, no)


def _checked_player(line: str, no: int) -> PlayerLine:
    """A ``001`` record checked field by field: the first wrong field raises, with its column."""
    _too_wide(line, no, 5, 8, "starting rank", PLAYER_LIMIT)
    _blank(line, no, [4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91], "001")
    rating = _int(line, no, 49, 52, "rating", blank=0)
    entries: list[Entry] = []
    col = ROUND_START
    body = line.rstrip()
    while col <= len(body):
        _blank(line, no, [col + 4, col + 6, col + 8, col + 9], "001")
        opponent = _int(line, no, col, col + 3, "opponent number", blank=0)
        colour = _text(line, col + 5, col + 5).lower() or " "
        result = _text(line, col + 7, col + 7).upper() or " "
        if colour not in COLOUR_CODES:
            raise TrfError(f"colour {colour!r} is not w, b or -", no, col + 5)
        if result not in RESULT_CODES:
            raise TrfError(f"result {result!r} is not a TRF result code", no, col + 7)
        entries.append(Entry(opponent, "-" if colour == " " else colour, result, col))
        col += ROUND_WIDTH
    return PlayerLine(
        line=no,
        number=_int(line, no, 5, 8, "starting rank"),
        sex=_text(line, 10, 10).strip(),
        title=_text(line, 11, 13).strip(),
        name=_text(line, 15, 47).strip(),
        rating=rating,
        federation=_text(line, 54, 56).strip(),
        fide_id=_text(line, 58, 68).strip(),
        birth_date=_text(line, 70, 79).strip(),
        points=_float(line, no, 81, 84, "points"),
        entries=entries,
    )


def parse_team(line: str, no: int) -> TeamLine:
    """A ``310`` record: :func:`engine.trf.quick.quick_team` for a well-formed line, else :func:`_checked_team`."""
    return quick_team(line, no) or _checked_team(line, no)


def _checked_team(line: str, no: int) -> TeamLine:
    """A ``310`` record checked field by field: the first wrong field raises, with its column."""
    _too_wide(line, no, 5, 7, "team pairing number", TEAM_LIMIT)
    _too_wide(line, no, 69, 71, "team rank", TEAM_LIMIT)
    _blank(line, no, [4, 8, 41, 47, 54, 61, 68, 72, 73], "310")
    members = _ids(line, no, 74, 4, 5, "team member")
    for _, col in members:
        _blank(line, no, [col + 4], "310")
    return TeamLine(
        line=no,
        tpn=_int(line, no, 5, 7, "team pairing number"),
        name=_text(line, 9, 40).strip(),
        nickname=_text(line, 42, 46).strip(),
        strength=_float(line, no, 48, 53, "strength factor"),
        match_points=_float(line, no, 55, 60, "match points"),
        game_points=_float(line, no, 62, 67, "game points"),
        members=members,
    )


def parse_old_team(line: str, no: int, order: int) -> TeamLine:
    """A TRF16 ``013`` record: name 5-36, members from column 37."""
    members = _ids(line, no, 37, 4, 5, "team member")
    return TeamLine(no, order, _text(line, 5, 36).strip(), "", None, None, None, members)


def _scoring(line: str, no: int, codes: set[str]) -> dict[str, float]:
    """162 / 362: result codes followed by their points (columns are not strict)."""
    out: dict[str, float] = {}
    pattern = re.compile(r"\s*([A-Z]{1,2})\s*=?\s*(-?(?:\d+(?:\.\d*)?|\.\d+))")
    pos = 4
    body = line.rstrip()
    while pos < len(body):
        m = pattern.match(body, pos)
        if not m or m.group(1) not in codes:
            raise TrfError(f"expected one of {', '.join(sorted(codes))} followed by its points", no, pos + 1)
        out[m.group(1)] = float(m.group(2))
        pos = m.end()
    return out


def parse(text: str) -> TrfRecords:
    """Cut a TRF-2026 text into records; raises :class:`TrfError`.

    A leading byte-order mark is dropped and a control character refused with
    its line and column (``engine.trf.decoding``; issue 18, item 4).
    """
    text = strip_bom(text)
    check_characters(text)
    recs = TrfRecords()
    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n").expandtabs(1) if "\t" in raw else raw.rstrip("\r\n")
        code = line[:3]
        if code == "###":
            if extension.is_extension(line):
                extension.parse_line(line, no, recs)
            continue
        if not line.strip():
            continue
        if len(line) > 3 and line[3] != " ":
            raise TrfError(f"record code {line[:4]!r} is not three characters and a space", no, 4)
        _one(recs, code, line, no)
    return recs


def _one(recs: TrfRecords, code: str, line: str, no: int) -> None:  # noqa: C901 - a dispatch table
    if code == "001":
        recs.players.append(parse_player(line, no))
    elif code == "310":
        recs.teams.append(parse_team(line, no))
    elif code == "013":
        recs.teams.append(parse_old_team(line, no, len(recs.teams) + 1))
    elif code == "012":
        recs.name = line[4:].strip()
    elif code in ("142", "XXR"):
        recs.rounds_total = _int(line, no, 5, max(len(line), 5), "number of rounds")
        recs.rounds_total_line = no
    elif code == "152":
        colour = line[4:].strip().upper()[:1]
        if colour not in ("W", "B"):
            raise TrfError(f"initial colour {line[4:].strip()!r} is not W or B", no, 5)
        recs.initial_colour = colour
    elif code == "162":
        recs.game_scoring.update(_scoring(line, no, {"W", "D", "L", "A", "P", "X"}))
    elif code == "362":
        recs.team_scoring.update(_scoring(line, no, {"TW", "TD", "TL"}))
    elif code == "192":
        recs.tournament_type, recs.tournament_type_line = line[4:].strip().upper(), no
    elif code == "352":
        seq = line[4:].strip().upper()
        bad = next((i for i, c in enumerate(seq) if c not in "WB"), None)
        if not seq or bad is not None:
            raise TrfError("board colour sequence must be letters W and B", no, 5 + (bad or 0))
        recs.board_colours, recs.board_colours_line = seq, no
    elif code == "300":
        players = tuple(p for p, _ in _ids(line, no, 17, 4, 5, "lineup player"))
        recs.lineups.append(
            Lineup(
                no,
                _int(line, no, 5, 7, "round"),
                _int(line, no, 9, 11, "team"),
                _int(line, no, 13, 15, "opponent team", blank=0),
                players,
            )
        )
    elif code == "320":
        if recs.team_byes is not None:
            raise TrfError("a second 320 record (team pairing-allocated byes)", no, 1)
        mp = _float(line, no, 5, 8, "PAB match points")
        gp = _float(line, no, 10, 13, "PAB game points")
        teams = [t for t, _ in _ids(line, no, 15, 3, 4, "PAB team")]
        recs.team_byes = TeamByes(no, mp, gp, tuple(teams))
    elif code == "330":
        kind = _text(line, 5, 6)
        if kind not in ("+-", "-+", "--"):
            raise TrfError(f"forfeit type {kind!r} is not +-, -+ or --", no, 5)
        recs.forfeits.append(
            ForfeitedMatch(
                no,
                kind,
                _int(line, no, 8, 10, "round"),
                _int(line, no, 12, 14, "White team"),
                _int(line, no, 16, 18, "Black team"),
            )
        )
    elif code == "240":
        kind = _text(line, 5, 5).upper()
        if kind not in ("F", "H", "Z"):
            raise TrfError(f"bye type {kind!r} is not F, H or Z", no, 5)
        ids = tuple(i for i, _ in _ids(line, no, 11, 4, 5, "bye participant"))
        recs.byes.append(ByeList(no, kind, _int(line, no, 7, 9, "round"), ids))
    elif code == "260":
        ids = tuple(i for i, _ in _ids(line, no, 13, 4, 5, "forbidden participant"))
        recs.forbidden.append(
            ForbiddenList(no, _int(line, no, 5, 7, "first round"), _int(line, no, 9, 11, "last round"), ids)
        )
    elif code in ("XXZ", "XXP"):
        ids = []
        for m in re.finditer(r"\S+", line[4:]):
            if not m.group().isdigit():
                raise TrfError(f"{m.group()!r} is not a number", no, m.start() + 5)
            ids.append(int(m.group()))
        if code == "XXZ":
            recs.absent_next.update(ids)
        else:
            recs.forbidden.append(ForbiddenList(no, 1, 9999, tuple(ids)))
    elif code == "XXC":  # JaVaFo: "white1" / "black1" give the initial colour
        words = line[4:].lower().split()
        if "white1" in words or "black1" in words:
            recs.initial_colour = "W" if "white1" in words else "B"
    elif code == "299":
        recs.abnormal_points = True
    elif code in IGNORED or (code.isalpha() and code.isupper()):
        return  # informative records, national rating records, other XX? extensions
    else:
        raise TrfError(f"unknown record {code!r}", no, 1)
