"""One player's round in a ``001`` record: what it is and what it scores.

Shared by the individual and the team readers. Result codes are TRF-2026's:
``1 = 0`` played; ``W D L`` decided with less than one move played (the game
was scheduled and the colours were set, so it counts as played for pairing);
``+ -`` forfeits; ``H F U Z`` byes; blank = absent (or, with an opponent, an
unfinished game, counted as a draw as docs/interpretations.md says).
:func:`check_games` checks every game of a file from both sides.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from operator import itemgetter

from engine.state import Colour, Outcome, ScoreKind, Scoring
from engine.trf.errors import TrfError
from engine.trf.record_types import RESULT_CODES, Entry, PlayerLine, TrfRecords

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


# -- the 001 records of a file ---------------------------------------------------


def check_games(recs: TrfRecords, players: dict[int, PlayerLine]) -> None:
    """Every game must be named by both players, with opposite colours and matching results.

    Each round is first tested the quick way; one that fails goes through
    :func:`_check_entry`, which names the problem with its line and column.
    """
    entries_of = {number: p.entries for number, p in players.items()}
    agree = _GAMES_THAT_AGREE
    for p in recs.players:
        me = p.number
        for i, e in enumerate(p.entries):
            opponent, colour, result, _ = e
            if opponent:
                theirs = entries_of.get(opponent)
                if theirs is not None and i < len(theirs):
                    other_opponent, other_colour, other_result, _ = theirs[i]
                    if other_opponent == me and colour + result + other_colour + other_result in agree:
                        continue
            elif result not in _NEEDS_OPPONENT:
                continue
            _check_entry(p, i + 1, e, players)
    _check_points(recs)


def _games_that_agree() -> frozenset[str]:
    """Colour, result, the opponent's colour and result (4 characters) of every game
    :func:`outcome` and :func:`check_opponents` accept, the opponent naming the player."""
    out = set()
    for colour, other_colour in product("wb-", repeat=2):
        for result, other_result in product(RESULT_CODES, repeat=2):
            agree = other_result in "+-" if result == "-" else other_result == OPPOSITE.get(result)
            if (
                agree
                and (colour in "wb" or result in "+-")  # a played game has colours (outcome)
                and not (colour in "wb" and colour == other_colour)
            ):
                out.add(colour + result + other_colour + other_result)
    return frozenset(out)


_GAMES_THAT_AGREE = _games_that_agree()
_RESULT = itemgetter(2)  # an Entry's result code
_NEEDS_OPPONENT = "1=0WDL+"


def _check_entry(p: PlayerLine, rnd: int, e, players: dict[int, PlayerLine]) -> None:
    """One round of a 001 record, checked field by field (:class:`TrfError` on the first problem)."""
    outcome(e, p.line)  # refuses codes that make no sense
    if not e.opponent:
        return
    if e.opponent not in players:
        raise TrfError(f"opponent {e.opponent} is not defined by a 001 record", p.line, e.column)
    other = players[e.opponent].entries
    check_opponents(e, other[rnd - 1] if rnd <= len(other) else None, p.number, p.line, rnd)


def _check_points(recs: TrfRecords) -> None:
    """A 001 record's points (81-84) must be its results' total under 162 (unless a 299 record says otherwise)."""
    gp = GamePoints.from_record(recs.game_scoring)
    if recs.abnormal_points:
        return
    strict = {code: gp.code_points(code, 0, unfinished_as_draw=False) for code in RESULT_CODES}
    individual_pabs = bool(recs.pab_values) and not recs.teams
    for p in recs.players:
        if p.points is None:
            continue
        # An individual PAB with an engine-pab line is worth that line's game points, not P of 162.
        pab = (
            sum(
                recs.pab_values[r][1] - gp.points(e)
                for r, e in enumerate(p.entries, 1)
                if e.result == "U" and r in recs.pab_values
            )
            if individual_pabs
            else 0
        )
        total = pab + sum(map(strict.__getitem__, map(_RESULT, p.entries)))
        if abs(total - p.points) <= 1e-6:
            continue
        candidates = {
            pab + sum(gp.points(e, unfinished_as_draw=False) for e in p.entries),
            pab + sum(gp.points(e) for e in p.entries),
        }
        if all(abs(c - p.points) > 1e-6 for c in candidates):
            raise TrfError(
                f"points {p.points:g} of player {p.number} do not match the results ({min(candidates):g})",
                p.line,
                81,
            )
