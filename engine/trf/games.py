"""One player's round in a ``001`` record: what it is and what it scores.

Shared by the individual and the team readers. Result codes are TRF-2026's:
``1 = 0`` played; ``W D L`` decided with less than one move played (the game
was scheduled and the colours were set, so it counts as played for pairing);
``+ -`` forfeits; ``H F U Z`` byes; blank = absent (or, with an opponent, an
unfinished game, counted as a draw as docs/interpretations.md says).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.state import Colour, Outcome, ScoreKind, Scoring
from engine.trf.errors import TrfError
from engine.trf.records import Entry

PLAYED_CODES = frozenset("1=0WDL ")
#: The opponent's result code for each result (a forfeit loss may also face "-": double forfeit).
OPPOSITE = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+", " ": " "}


@dataclass(frozen=True)
class GamePoints:
    """Game scoring (record 162): win, draw, loss, absence, pairing-allocated bye."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    absence: float = 0.0
    bye: float = 1.0  # "P": same as a win unless 162 says otherwise

    @classmethod
    def from_scoring(cls, scoring: Scoring) -> GamePoints:
        """The game scoring of a state (a PAB worth ``bye_game_points``, else a win)."""
        bye = scoring.bye_game_points if scoring.bye_game_points is not None else scoring.game_win
        return cls(scoring.game_win, scoring.game_draw, scoring.game_loss, 0.0, bye)

    @classmethod
    def from_record(cls, values: dict[str, float]) -> GamePoints:
        win = values.get("W", 1.0)
        return cls(
            win=win,
            draw=values.get("D", 0.5),
            loss=values.get("L", 0.0),
            absence=values.get("A", 0.0),
            bye=values.get("P", win),
        )

    def individual_scoring(self) -> Scoring:
        """The scoring of an individual event: both scores are the game score."""
        return Scoring(
            primary=ScoreKind.GAME_POINTS,
            secondary_for_colours=False,
            match_win=self.win,
            match_draw=self.draw,
            match_loss=self.loss,
            game_win=self.win,
            game_draw=self.draw,
            game_loss=self.loss,
            bye_match_points=self.bye,
            bye_game_points=self.bye,
        )

    def points(self, entry: Entry, unfinished_as_draw: bool = True) -> float:
        return self.code_points(entry.result, entry.opponent, unfinished_as_draw)

    def code_points(self, code: str, opponent: int = 0, unfinished_as_draw: bool = True) -> float:
        """The points of one result code (TRF-2026 162: W also for "+" and "F", D also for "H")."""
        if code in "1W+F":
            return self.win
        if code in "=DH":
            return self.draw
        if code in "0L":
            return self.loss
        if code == "U":
            return self.bye
        if code == " " and opponent and unfinished_as_draw:
            return self.draw
        return self.absence


def outcome(entry: Entry, line: int) -> Outcome:
    """The :class:`Outcome` of one entry (forfeit pairs are settled by the caller)."""
    code = entry.result
    if entry.opponent:
        if code in PLAYED_CODES:
            if entry.colour not in ("w", "b"):
                raise TrfError("a game with an opponent needs colour w or b", line, entry.column + 5)
            return Outcome.PLAYED
        if code == "+":
            return Outcome.FORFEIT_WIN
        if code == "-":
            return Outcome.FORFEIT_LOSS
        raise TrfError(f"result {code!r} cannot have an opponent", line, entry.column + 7)
    if code in "1=0WDL+":
        raise TrfError(f"result {code!r} needs an opponent", line, entry.column)
    return {
        "U": Outcome.PAIRING_ALLOCATED_BYE,
        "H": Outcome.HALF_POINT_BYE,
        "F": Outcome.FULL_POINT_BYE,
        "Z": Outcome.ZERO_POINT_BYE,
        "-": Outcome.ABSENT,
    }.get(code, Outcome.ABSENT)


def colour(entry: Entry) -> Colour | None:
    return {"w": Colour.WHITE, "b": Colour.BLACK}.get(entry.colour)


def check_opponents(entry: Entry, other: Entry | None, me: int, line: int, rnd: int) -> None:
    """Both sides of a game must name each other, with opposite colours and results."""
    if other is None or other.opponent != me:
        raise TrfError(
            f"inconsistent opponents: round {rnd} pairs {me} with {entry.opponent}, "
            f"but {entry.opponent}'s round {rnd} does not name {me}",
            line,
            entry.column,
        )
    if entry.colour in ("w", "b") and other.colour == entry.colour:
        raise TrfError(
            f"inconsistent colours: {me} and {entry.opponent} both have {entry.colour!r} in round {rnd}",
            line,
            entry.column + 5,
        )
    ok = other.result in "+-" if entry.result == "-" else other.result == OPPOSITE.get(entry.result)
    if not ok:
        raise TrfError(
            f"results do not match: {me} has {entry.result!r} and {entry.opponent} has "
            f"{other.result!r} in round {rnd}",
            line,
            entry.column + 7,
        )
