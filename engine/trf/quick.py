"""Well-formed ``001`` and ``310`` records, cut in a few C-level steps.

A large file is mostly player records written the usual way (numbers
right-aligned in their columns, lower-case colours, upper-case results). A
regular expression recognises such a line and ``str.split`` / ``re.findall``
cut it; anything else (a number not right-aligned, an unusual code, a wrong
column) gives ``None``, and ``engine.trf.records`` reads the line field by
field, naming the first wrong field with its column. For a line both read,
both give the same record: every field here is read the way the checked
reader reads it (bench/bench_trf_read.py measures the difference).
"""

from __future__ import annotations

import re
from functools import partial

from engine.trf.record_types import (
    NUMBER,
    RESULT_CODES,
    ROUND_START,
    ROUND_WIDTH,
    Entry,
    PlayerLine,
    TeamLine,
)


def quick_player(line: str, no: int) -> PlayerLine | None:
    """The ``001`` record of a well-formed line without the field-by-field checks; None: check it."""
    fixed = _PLAYER_FIXED.match(line[:91].ljust(91))
    if fixed is None:
        return None
    number_raw, sex, title, name, rating_raw, federation, fide_id, birth, points_raw = fixed.groups()
    number, rating = _whole4(number_raw), _whole4(rating_raw)
    if not number_raw.strip() or number is None or rating is None:
        return None
    points = _decimal(points_raw)
    if points is False:
        return None
    body = len(line.rstrip())
    count = (body - ROUND_START) // ROUND_WIDTH + 1 if body >= ROUND_START else 0
    span = ROUND_WIDTH * count
    entries = _quick_entries(line[ROUND_START - 1 : ROUND_START - 1 + span].ljust(span), count)
    if entries is None:
        return None
    return PlayerLine(
        line=no,
        number=number,
        sex=sex.strip(),
        title=title.strip(),
        name=name.strip(),
        rating=rating,
        federation=federation.strip(),
        fide_id=fide_id.strip(),
        birth_date=birth.strip(),
        points=points,
        entries=entries,
    )


def quick_team(line: str, no: int) -> TeamLine | None:
    """The ``310`` record of a well-formed line without the field-by-field checks; None: check it."""
    fixed = _TEAM_FIXED.match(line[:73].ljust(73))
    if fixed is None:
        return None
    tpn_raw, name, nickname, strength_raw, mp_raw, gp_raw = fixed.groups()
    tpn = _whole4(tpn_raw)
    strength, mp, gp = _decimal(strength_raw), _decimal(mp_raw), _decimal(gp_raw)
    if not tpn_raw.strip() or tpn is None or strength is False or mp is False or gp is False:
        return None
    body = len(line.rstrip())
    count = (body - 74) // 5 + 1 if body >= 74 else 0
    found = _TEAM_MEMBER.findall(line[73 : 73 + 5 * count].ljust(5 * count))
    if len(found) != count:  # n fixed-width matches tile the n slots only when every slot matches
        return None
    members = [(int(raw), 74 + 5 * i) for i, raw in enumerate(found) if raw != "    "]
    return TeamLine(no, tpn, name.strip(), nickname.strip(), strength, mp, gp, members)


# The fixed part of a 001 record, columns 1-91 (blank columns 4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91).
_PLAYER_FIXED = re.compile(
    r"001 (.{4}) (.)(.{3}) (.{33}) (.{4}) (.{3}) (.{11}) (.{10}) (.{4}) .{4}  ", re.DOTALL
)
# One round, 10 columns: opponent, blank, colour, blank, result, two blanks.
_PLAYER_ROUND = re.compile(r"(.{4}) (.) (.)  ", re.DOTALL)
# A right-aligned number in 4 columns.
_NUMBER4 = r"(?: {3}[0-9]| {2}[0-9]{2}| [0-9]{3}|[0-9]{4})"
# Rounds written the usual way: a right-aligned opponent number, w/b/-, a result code (upper case).
_PLAYER_ROUNDS_PLAIN = re.compile(rf"(?:{_NUMBER4} [wb-] [-+WDL1=0HFUZ]  )*")  # no blank: str.split cuts it
_PLAYER_ROUND_USUAL = re.compile(rf"({_NUMBER4}) ([wb-]) ([-+WDL1=0HFUZ ])  ")
_COLOUR_OF = {"w": "w", "W": "w", "b": "b", "B": "b", "-": "-", " ": "-"}
_RESULT_OF = {c: c for c in RESULT_CODES} | {c.lower(): c for c in RESULT_CODES}
_WHOLE: dict[str, int] = {}  # a 4-column number field as read (blank = 0), filled as met
_DECIMALS: dict[str, float | None] = {}  # a decimal field as read (blank = None), filled as met
_CACHED = 50_000  # at most this many fields of each kind are remembered
_COLUMNS = [tuple(range(ROUND_START, ROUND_START + ROUND_WIDTH * n, ROUND_WIDTH)) for n in range(100)]
_new_entry = partial(tuple.__new__, Entry)  # Entry from (opponent, colour, result, column), in C


def _whole4(raw: str) -> int | None:
    """A 4-column number field the checked reader reads the same way (blank = 0), else None."""
    value = _WHOLE.get(raw)
    if value is None:
        text = raw.strip()
        if text and not (text.isascii() and text.isdigit()):
            return None
        value = int(text) if text else 0
        if len(_WHOLE) < _CACHED:
            _WHOLE[raw] = value
    return value


def _decimal(raw: str) -> float | None | bool:
    """A decimal field the checked reader reads the same way (blank = None), else False."""
    if raw in _DECIMALS:
        return _DECIMALS[raw]
    text = raw.strip()
    if text and not (text.isascii() and NUMBER.fullmatch(text)):
        return False
    value = float(text) if text else None
    if len(_DECIMALS) < _CACHED:
        _DECIMALS[raw] = value
    return value


def _quick_entries(rounds: str, count: int) -> list[Entry] | None:
    """The ``count`` rounds of ``rounds`` (10 columns each) when every one is well formed, else None."""
    if count < len(_COLUMNS):
        if _PLAYER_ROUNDS_PLAIN.fullmatch(rounds):
            words = rounds.split()
            return list(
                map(
                    _new_entry,
                    zip(map(int, words[0::3]), words[1::3], words[2::3], _COLUMNS[count], strict=True),
                )
            )
        found = _PLAYER_ROUND_USUAL.findall(rounds)
        if len(found) == count:  # n fixed-width matches tile the n rounds only when every round matches
            opponents, colours, results = zip(*found, strict=True) if found else ((), (), ())
            return list(
                map(_new_entry, zip(map(int, opponents), colours, results, _COLUMNS[count], strict=True))
            )
    found = _PLAYER_ROUND.findall(rounds)
    if len(found) != count:  # n fixed-width matches tile the n rounds only when every round matches
        return None
    colours, results = _COLOUR_OF, _RESULT_OF
    entries = []
    for i, (opp, colour, result) in enumerate(found):
        number = _whole4(opp)
        if number is None or colour not in colours or result not in results:
            return None
        entries.append(_new_entry((number, colours[colour], results[result], ROUND_START + ROUND_WIDTH * i)))
    return entries


# Columns 1-73 of a 310 record (blank columns 4, 8, 41, 47, 54, 61, 68, 72, 73); the rank is not read.
_TEAM_FIXED = re.compile(r"310 (.{3}) (.{32}) (.{5}) (.{6}) (.{6}) (.{6}) .{3}  ", re.DOTALL)
# The members from column 74: a right-aligned player number and a blank, or a blank slot.
_TEAM_MEMBER = re.compile(rf"({_NUMBER4}|    ) ")
