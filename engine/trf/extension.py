"""The project's extension lines: settings TRF-2026 has no record for (docs/engine-cli.md).

They are comment lines (``###``), which other programs skip::

    ### engine-option host_team 13
    ### engine-option section "women"
    ### engine-option imaginary_points false
    ### engine-unranked 13
    ### engine-withdrawn 7 4
    ### engine-tiebreaks MP SB GP
    ### engine-pab 3 1.0 2.0

``engine-option KEY VALUE`` is one key of ``TournamentState.options`` with a
JSON value (the system's options not already said by the ``192`` code).
``engine-unranked TPN ...`` marks the organiser's extra team of the 1998
Olympiad text (rules 2-3, ``Participant.unranked``): paired and scored
against, not ranked. ``engine-withdrawn TPN ROUND``: the participant
withdrew and is not paired from round ``ROUND`` on. ``engine-tiebreaks
NAME ...``: the event's tie-break list (``engine.standings`` names), in
order. ``engine-pab ROUND MP GP``: the pairing-allocated bye of round
``ROUND`` was worth these points, not the ``320`` record's. ``engine-event
KEY VALUE``: a setting of the event the engine does not use (the web
application's line-up window), its value in JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from engine.state import Outcome, TournamentState
from engine.trf import participation
from engine.trf.errors import TrfError
from engine.trf.tournament_type import format_type, parse_type

OPTION = "### engine-option"
UNRANKED = "### engine-unranked"
WITHDRAWN = "### engine-withdrawn"
TIEBREAKS = "### engine-tiebreaks"
PAB = "### engine-pab"
EVENT = "### engine-event"
PREFIXES = (OPTION, UNRANKED, WITHDRAWN, TIEBREAKS, PAB, EVENT)
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
_STARTS = tuple(p + " " for p in PREFIXES)


def is_extension(line: str) -> bool:
    return line.startswith(_STARTS)


def _words(line: str, prefix: str) -> list[tuple[str, int]]:
    """The words after ``prefix``, each with its 1-based column."""
    start = len(prefix) + 1
    return [(m.group(), start + m.start() + 1) for m in re.finditer(r"\S+", line[start:])]


def _whole(word: str, col: int, no: int, what: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise TrfError(f"{what} {word!r} is not a positive whole number", no, col)
    return int(word)


def _points(word: str, col: int, no: int, what: str) -> float:
    try:
        return float(word)
    except ValueError:
        raise TrfError(f"{what} {word!r} is not a number", no, col) from None


def parse_line(line: str, no: int, recs) -> None:  # noqa: C901 - one branch per line kind
    """Read one extension line into ``recs`` (a ``TrfRecords``); :class:`TrfError` when malformed."""
    if line.startswith(UNRANKED + " "):
        for word, col in _words(line, UNRANKED):
            if not word.isdigit():
                raise TrfError(f"unranked team {word!r} is not a TPN", no, col)
            recs.unranked.add(int(word))
        recs.unranked_line = no
        return
    if line.startswith(WITHDRAWN + " "):
        words = _words(line, WITHDRAWN)
        if len(words) != 2:
            raise TrfError("expected '### engine-withdrawn TPN ROUND'", no, len(WITHDRAWN) + 2)
        tpn = _whole(*words[0], no, "withdrawn participant")
        if tpn in recs.withdrawn:
            raise TrfError(f"participant {tpn} is withdrawn twice", no, words[0][1])
        recs.withdrawn[tpn] = (_whole(*words[1], no, "withdrawal round"), no)
        return
    if line.startswith(TIEBREAKS + " "):
        if recs.tiebreaks_line:
            raise TrfError(f"a second tie-break list (the first is on line {recs.tiebreaks_line})", no, 1)
        from engine.standings.registry import get

        names = []
        for word, col in _words(line, TIEBREAKS):
            try:
                get(word)
            except ValueError as exc:
                raise TrfError(str(exc), no, col) from None
            names.append(word)
        recs.tiebreaks, recs.tiebreaks_line = names, no
        return
    if line.startswith(PAB + " "):
        words = _words(line, PAB)
        if len(words) != 3:
            raise TrfError("expected '### engine-pab ROUND MP GP'", no, len(PAB) + 2)
        rnd = _whole(*words[0], no, "PAB round")
        if rnd in recs.pab_values:
            raise TrfError(f"two engine-pab lines for round {rnd}", no, words[0][1])
        mp = _points(*words[1], no, "PAB match points")
        gp = _points(*words[2], no, "PAB game points")
        recs.pab_values[rnd] = (mp, gp, no)
        return
    if line.startswith(EVENT + " "):
        key, value, column = _key_value(line, no, EVENT, "event setting")
        recs.event_settings[key] = (value, no, column)
        return
    key, value, _ = _key_value(line, no, OPTION, "option")
    recs.engine_options[key] = value


def _key_value(line: str, no: int, prefix: str, what: str) -> tuple[str, object, int]:
    """``PREFIX KEY JSON``: the key, the value and the value's column."""
    start = len(prefix) + 1
    rest = line[start:].strip()
    key, _, value = rest.partition(" ")
    if not _KEY.match(key) or not value.strip():
        raise TrfError(f"expected '{prefix} KEY VALUE'", no, start + 1)
    column = start + len(key) + 2
    try:
        return key, json.loads(value), column
    except json.JSONDecodeError:
        raise TrfError(f"{what} {key}: {value.strip()!r} is not a JSON value", no, column) from None


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def number(x: float) -> str:
    """A point value as short as it reads back exactly (``1``, ``1.5``)."""
    text = f"{x:g}"
    return text if float(text) == x else repr(x)


def lines(
    state: TournamentState,
    withdrawals: Mapping[int, int] | None = None,
    tiebreaks: Sequence[str] = (),
    event_settings: Mapping[str, object] | None = None,
) -> list[str]:
    """The extension lines that carry what the header records cannot.

    ``withdrawals`` maps a TPN to the first round it is not paired in; without
    it, each ``Participant.withdrawn`` is written as withdrawn from the round
    to be paired (the state says no more).
    """
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
        f"{OPTION} {key} {_json(value)}"
        for key, value in sorted(state.options.items())
        if implied.get(key, _MISSING) != value
    ]
    unranked = sorted(p.tpn for p in state.participants if p.unranked)
    if unranked:
        out.append(f"{UNRANKED} {' '.join(str(t) for t in unranked)}")
    for tpn, rnd in sorted(participation.withdrawal_rounds(state, withdrawals).items()):
        out.append(f"{WITHDRAWN} {tpn} {rnd}")
    if tiebreaks:
        out.append(f"{TIEBREAKS} {' '.join(tiebreaks)}")
    for key, value in sorted((event_settings or {}).items()):
        out.append(f"{EVENT} {key} {_json(value)}")
    s = state.scoring
    if state.team:
        default = s.pab_points(state.boards)
    else:  # an individual PAB is worth P of 162 (the writer's)
        bye = s.bye_game_points if s.bye_game_points is not None else s.game_win
        default = (bye, bye)
    byes = sorted(
        (rec.round, rec.match_points, rec.game_points)
        for p in state.participants
        for rec in p.history
        if rec.outcome is Outcome.PAIRING_ALLOCATED_BYE
    )
    out += [f"{PAB} {r} {number(mp)} {number(gp)}" for r, mp, gp in byes if (mp, gp) != default]
    return out


_MISSING = object()
