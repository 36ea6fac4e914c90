"""The project's extension lines: settings TRF-2026 has no record for (docs/engine-cli.md).

They are comment lines (``###``), which other programs skip::

    ### engine-option host_team 13
    ### engine-option section "women"
    ### engine-option imaginary_points false
    ### engine-unranked 13

``engine-option KEY VALUE`` is one key of ``TournamentState.options`` with a
JSON value (the system's options not already said by the ``192`` code).
``engine-unranked TPN ...`` marks the organiser's extra team of the 1998
Olympiad text (rules 2-3, ``Participant.unranked``): paired and scored
against, not ranked.
"""

from __future__ import annotations

import json
import re

from engine.state import TournamentState
from engine.trf.errors import TrfError
from engine.trf.tournament_type import format_type, parse_type

OPTION = "### engine-option"
UNRANKED = "### engine-unranked"
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")


def is_extension(line: str) -> bool:
    return line.startswith((OPTION + " ", UNRANKED + " "))


def parse_line(line: str, no: int, options: dict, unranked: set[int]) -> None:
    """Read one extension line into ``options`` / ``unranked``; :class:`TrfError` when malformed."""
    if line.startswith(UNRANKED + " "):
        start = len(UNRANKED) + 1
        for m in re.finditer(r"\S+", line[start:]):
            if not m.group().isdigit():
                raise TrfError(f"unranked team {m.group()!r} is not a TPN", no, start + m.start() + 1)
            unranked.add(int(m.group()))
        return
    start = len(OPTION) + 1
    rest = line[start:].strip()
    key, _, value = rest.partition(" ")
    if not _KEY.match(key) or not value.strip():
        raise TrfError("expected '### engine-option KEY VALUE'", no, start + 1)
    try:
        options[key] = json.loads(value)
    except json.JSONDecodeError:
        column = start + len(key) + 2
        raise TrfError(f"option {key}: {value.strip()!r} is not a JSON value", no, column) from None


def lines(state: TournamentState) -> list[str]:
    """The extension lines that carry what the header records cannot."""
    said = parse_type(
        format_type(
            state.system,
            state.colour_preferences,
            state.scoring.primary,
            state.scoring.secondary_for_colours,
            state.options,
        )
    )
    implied = said.options if said is not None else {}
    out = [
        f"{OPTION} {key} {json.dumps(value, ensure_ascii=False, separators=(',', ':'))}"
        for key, value in sorted(state.options.items())
        if implied.get(key, _MISSING) != value
    ]
    unranked = sorted(p.tpn for p in state.participants if p.unranked)
    if unranked:
        out.append(f"{UNRANKED} {' '.join(str(t) for t in unranked)}")
    return out


_MISSING = object()
