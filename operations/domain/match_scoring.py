"""Scoring a match from its boards' results.

Results are written from White's side (``1-0``, ``0-1``, ``1/2-1/2``,
``+-``, ``-+``, ``--``, ``*`` unfinished, ``""`` not yet in). A board's game
points go to the team whose player had that colour (rule 19 colours). The
match points follow the tournament's scoring (C.04.6 1.2 / the 2007 Olympiad
text). Unfinished games count as draws for pairing (Olympiad rule 11) and the
match is then "provisional". A team absent loses every board by forfeit
(rule 53: 0-4 with four boards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.state import Outcome, match_without_play
from operations.domain.board_colours import white_team_has_white

GAME_POINTS: dict[str, tuple[float, float] | None] = {
    "": None,
    "1-0": (1.0, 0.0),
    "0-1": (0.0, 1.0),
    "1/2-1/2": (0.5, 0.5),
    "+-": (1.0, 0.0),
    "-+": (0.0, 1.0),
    "--": (0.0, 0.0),
    "*": (0.5, 0.5),
}
FORFEITS = frozenset({"+-", "-+", "--"})
ALIASES = {"½-½": "1/2-1/2", "0.5-0.5": "1/2-1/2", "=": "1/2-1/2", "1-0f": "+-", "0-1f": "-+", "0-0f": "--"}


def normalise_result(text: str) -> str:
    """The canonical result code for ``text``, or ``ValueError`` naming the accepted ones."""
    code = ALIASES.get(text.strip(), text.strip())
    if code not in GAME_POINTS:
        raise ValueError(f"unknown result {text!r}; use one of 1-0, 0-1, 1/2-1/2, +-, -+, --, *")
    return code


@dataclass(frozen=True)
class MatchPoints:
    match_win: float = 2.0
    match_draw: float = 1.0
    match_loss: float = 0.0


@dataclass(frozen=True)
class MatchScore:
    """The match from the side of the team with White on board 1 ("first") and the other."""

    first_game_points: float
    second_game_points: float
    first_match_points: float
    second_match_points: float
    complete: bool  # every board has a final result
    provisional: bool  # some board is unfinished (counted as a draw, rule 11)
    played: bool  # actually played (C.04.6 1.6.1): a game over the board, or each team won a board by forfeit
    outcome: str  # "played", "forfeit_first", "forfeit_second", "double_forfeit", "pending"


def score_match(results: Sequence[str], sequence: str, points: MatchPoints) -> MatchScore:
    """Score a match whose boards (1, 2, ...) have ``results`` (White's side)."""
    first = second = 0.0
    pending = provisional = False
    over_board = 0
    won = [False, False]  # a board won by each team (by forfeit, when nothing was played)
    for board, raw in enumerate(results, start=1):
        code = normalise_result(raw)
        pts = GAME_POINTS[code]
        if pts is None:
            pending = True
            continue
        if code == "*":
            provisional = True
        if code not in FORFEITS:
            over_board += 1
        w, b = pts
        if not white_team_has_white(sequence, board):
            w, b = b, w
        first, second = first + w, second + b
        won = [won[0] or w > b, won[1] or b > w]
    if first > second:
        mp = (points.match_win, points.match_loss)
    elif first < second:
        mp = (points.match_loss, points.match_win)
    elif first == 0 and second == 0 and results and all(normalise_result(r) == "--" for r in results):
        mp = (points.match_loss, points.match_loss)
    else:
        mp = (points.match_draw, points.match_draw)
    # C.04.6 1.6.1: no game over the board, the match was not played (engine.state.match_without_play).
    unplayed = None if pending or over_board else match_without_play(*won)
    if pending:
        outcome = "pending"
    elif unplayed is None:
        outcome = "played"
    else:
        outcome = {
            Outcome.FORFEIT_WIN: "forfeit_second",
            Outcome.FORFEIT_LOSS: "forfeit_first",
            Outcome.DOUBLE_FORFEIT: "double_forfeit",
        }[unplayed[0]]
    played = over_board > 0 or (not pending and unplayed is None)
    return MatchScore(
        first, second, mp[0], mp[1], not pending and not provisional, provisional, played, outcome
    )


def absent_team_results(sequence: str, boards: int, absent_is_first: bool) -> list[str]:
    """Board results when one whole team does not show (rule 53): every board lost by forfeit."""
    out = []
    for board in range(1, boards + 1):
        absent_has_white = white_team_has_white(sequence, board) == absent_is_first
        out.append("-+" if absent_has_white else "+-")
    return out
