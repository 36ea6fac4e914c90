"""The JSON form of a TournamentState and of a RoundPairing (docs/engine-json.md).

``state_to_dict`` / ``state_from_dict`` and ``pairing_to_dict`` /
``pairing_from_dict`` give plain JSON-able dicts, tagged with a ``format``
name and a ``version`` number, so the web application's snapshots can be
stored, sent and paired from the command line (``python -m engine --json``).
A malformed snapshot raises :class:`SnapshotError`, naming the field.
"""

from __future__ import annotations

import json
from typing import Any

from engine.result import Pair, RoundPairing, Step
from engine.state import (
    Colour,
    ColourPreferenceType,
    Outcome,
    Participant,
    Player,
    RoundRecord,
    ScoreKind,
    Scoring,
    TournamentState,
)

STATE_FORMAT = "pairing-engine/state"
PAIRING_FORMAT = "pairing-engine/pairing"
VERSION = 1


class SnapshotError(ValueError):
    """A snapshot that is not valid JSON of this format; ``path`` names the field."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


# -- to dict ------------------------------------------------------------------


def _record(r: RoundRecord) -> dict[str, Any]:
    return {
        "round": r.round,
        "outcome": r.outcome.value,
        "opponent": r.opponent,
        "colour": r.colour.value if r.colour else None,
        "match_points": r.match_points,
        "game_points": r.game_points,
    }


def _player(p: Player) -> dict[str, Any]:
    return {
        "number": p.number,
        "name": p.name,
        "rating": p.rating,
        "fide_id": p.fide_id,
        "title": p.title,
        "federation": p.federation,
        "sex": p.sex,
        "birth_date": p.birth_date,
    }


def _participant(p: Participant) -> dict[str, Any]:
    return {
        "tpn": p.tpn,
        "name": p.name,
        "rating": p.rating,
        "federation": p.federation,
        "withdrawn": p.withdrawn,
        "unranked": p.unranked,
        "roster": [_player(x) for x in p.roster],
        "history": [_record(r) for r in p.history],
    }


def _scoring(s: Scoring) -> dict[str, Any]:
    return {
        "primary": s.primary.value,
        "secondary_for_colours": s.secondary_for_colours,
        "match_win": s.match_win,
        "match_draw": s.match_draw,
        "match_loss": s.match_loss,
        "game_win": s.game_win,
        "game_draw": s.game_draw,
        "game_loss": s.game_loss,
        "bye_match_points": s.bye_match_points,
        "bye_game_points": s.bye_game_points,
    }


def state_to_dict(state: TournamentState) -> dict[str, Any]:
    return {
        "format": STATE_FORMAT,
        "version": VERSION,
        "system": state.system,
        "team": state.team,
        "name": state.name,
        "rounds_total": state.rounds_total,
        "boards": state.boards,
        "board_colour_sequence": state.board_colour_sequence,
        "initial_colour": state.initial_colour.value,
        "colour_preferences": state.colour_preferences.value,
        "scoring": _scoring(state.scoring),
        "unavailable": sorted(state.unavailable),
        "forbidden_pairs": sorted(sorted(p) for p in state.forbidden_pairs),
        "options": state.options,
        "participants": [_participant(p) for p in state.participants],
    }


def pairing_to_dict(pairing: RoundPairing) -> dict[str, Any]:
    return {"format": PAIRING_FORMAT, "version": VERSION, **pairing.to_dict()}


def dumps(obj: TournamentState | RoundPairing) -> str:
    data = state_to_dict(obj) if isinstance(obj, TournamentState) else pairing_to_dict(obj)
    return json.dumps(data, indent=1, ensure_ascii=False)


# -- from dict ----------------------------------------------------------------


class _Reader:
    """Typed access to a dict, with the path of each field for error messages."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, dict):
            raise SnapshotError(path, "expected an object")
        self.data, self.path = data, path

    def _at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if key not in self.data or self.data[key] is None and default is not ...:
            if default is ...:
                raise SnapshotError(self._at(key), "is missing")
            return default
        value = self.data[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        bad_bool = isinstance(value, bool) and kind is not bool
        if not isinstance(value, kind) or bad_bool:
            raise SnapshotError(self._at(key), f"expected {getattr(kind, '__name__', kind)}, got {value!r}")
        return value

    def enum(self, key: str, enum: type, default: Any = ...) -> Any:
        raw = self.get(key, str, default)
        if raw is default:
            return default
        try:
            return enum(raw)
        except ValueError:
            choices = ", ".join(e.value for e in enum)
            raise SnapshotError(self._at(key), f"{raw!r} is not one of {choices}") from None

    def items(self, key: str, default: Any = ...) -> list[tuple[Any, str]]:
        values = self.get(key, list, [] if default is ... else default)
        return [(v, f"{self._at(key)}[{i}]") for i, v in enumerate(values)]


def _ints(r: _Reader, key: str) -> list[int]:
    out = []
    for v, path in r.items(key, []):
        if not isinstance(v, int) or isinstance(v, bool):
            raise SnapshotError(path, f"expected a number, got {v!r}")
        out.append(v)
    return out


def _record_from(data: Any, path: str) -> RoundRecord:
    r = _Reader(data, path)
    return RoundRecord(
        round=r.get("round", int),
        outcome=r.enum("outcome", Outcome),
        opponent=r.get("opponent", int, None),
        colour=r.enum("colour", Colour, None),
        match_points=r.get("match_points", float, 0.0),
        game_points=r.get("game_points", float, 0.0),
    )


def _player_from(data: Any, path: str) -> Player:
    r = _Reader(data, path)
    return Player(
        number=r.get("number", int),
        name=r.get("name", str, ""),
        rating=r.get("rating", int, 0),
        fide_id=r.get("fide_id", str, ""),
        title=r.get("title", str, ""),
        federation=r.get("federation", str, ""),
        sex=r.get("sex", str, ""),
        birth_date=r.get("birth_date", str, ""),
    )


def _participant_from(data: Any, path: str) -> Participant:
    r = _Reader(data, path)
    return Participant(
        tpn=r.get("tpn", int),
        name=r.get("name", str, ""),
        rating=r.get("rating", float, 0.0),
        federation=r.get("federation", str, ""),
        withdrawn=r.get("withdrawn", bool, False),
        unranked=r.get("unranked", bool, False),
        roster=tuple(_player_from(v, p) for v, p in r.items("roster", [])),
        history=tuple(_record_from(v, p) for v, p in r.items("history", [])),
    )


def _scoring_from(data: Any, path: str) -> Scoring:
    r = _Reader(data, path)
    d = Scoring()
    return Scoring(
        primary=r.enum("primary", ScoreKind, d.primary),
        secondary_for_colours=r.get("secondary_for_colours", bool, d.secondary_for_colours),
        match_win=r.get("match_win", float, d.match_win),
        match_draw=r.get("match_draw", float, d.match_draw),
        match_loss=r.get("match_loss", float, d.match_loss),
        game_win=r.get("game_win", float, d.game_win),
        game_draw=r.get("game_draw", float, d.game_draw),
        game_loss=r.get("game_loss", float, d.game_loss),
        bye_match_points=r.get("bye_match_points", float, None),
        bye_game_points=r.get("bye_game_points", float, None),
    )


def _check_format(r: _Reader, name: str) -> None:
    fmt = r.get("format", str, name)
    if fmt != name:
        raise SnapshotError("format", f"{fmt!r} is not {name!r}")
    version = r.get("version", int, VERSION)
    if version > VERSION:
        raise SnapshotError("version", f"version {version} is newer than this engine reads ({VERSION})")


def state_from_dict(data: Any) -> TournamentState:
    r = _Reader(data, "")
    _check_format(r, STATE_FORMAT)
    d = TournamentState(participants=())
    forbidden = []
    for v, path in r.items("forbidden_pairs", []):
        if not isinstance(v, list) or len(v) != 2 or not all(isinstance(x, int) for x in v):
            raise SnapshotError(path, "expected a pair of TPNs")
        forbidden.append(frozenset(v))
    try:
        return TournamentState(
            participants=tuple(_participant_from(v, p) for v, p in r.items("participants")),
            system=r.get("system", str, d.system),
            team=r.get("team", bool, d.team),
            name=r.get("name", str, d.name),
            rounds_total=r.get("rounds_total", int, d.rounds_total),
            boards=r.get("boards", int, d.boards),
            board_colour_sequence=r.get("board_colour_sequence", str, d.board_colour_sequence),
            initial_colour=r.enum("initial_colour", Colour, d.initial_colour),
            colour_preferences=r.enum("colour_preferences", ColourPreferenceType, d.colour_preferences),
            scoring=_scoring_from(r.get("scoring", dict, {}), "scoring"),
            unavailable=frozenset(_ints(r, "unavailable")),
            forbidden_pairs=frozenset(forbidden),
            options=r.get("options", dict, {}),
        )
    except ValueError as exc:
        if isinstance(exc, SnapshotError):
            raise
        raise SnapshotError("participants", str(exc)) from None


def pairing_from_dict(data: Any) -> RoundPairing:
    r = _Reader(data, "")
    _check_format(r, PAIRING_FORMAT)
    pairs = []
    for v, path in r.items("pairs"):
        p = _Reader(v, path)
        pairs.append(Pair(p.get("white", int), p.get("black", int), p.get("colour_article", str, "")))
    steps = []
    for v, path in r.items("explanation", []):
        s = _Reader(v, path)
        steps.append(
            Step(
                s.get("article", str),
                s.get("topic", str, ""),
                s.get("message", str, ""),
                s.get("data", dict, {}),
            )
        )
    return RoundPairing(
        round=r.get("round", int),
        pairs=pairs,
        bye=r.get("bye", int, None),
        explanation=steps,
        system=r.get("system", str, ""),
    )


def loads(text: str) -> TournamentState:
    """A state from JSON text (what ``--json`` reads)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SnapshotError(
            "", f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    return state_from_dict(data)
