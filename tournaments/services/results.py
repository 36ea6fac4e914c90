"""Board games and results; a match's points follow from its boards.

Match points: the side with more game points wins the match
(``match_win``), equal game points draw (``match_draw``). A whole-match
forfeit gives the other side every board and the match win; a double
forfeit gives both the loss and no game points; so does a match whose every
board was double forfeited (``forfeit_from_boards``). The pairing-allocated bye
scores the tournament's bye value (C.04.6 1.4; Olympiad 2007: 1 MP, 2 GP).
An unfinished game counts as a draw (Olympiad rule 11) until its result
is entered.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from engine.state import Outcome, match_without_play

from ..models import BoardGame, Match, Player
from ..models.match import ForfeitKind, GameResult


def _d(x: float) -> Decimal:
    return Decimal(str(x))


@transaction.atomic
def create_board_games(
    match: Match, white_team_players: Sequence[Player | None], black_team_players: Sequence[Player | None]
) -> list[BoardGame]:
    """Create the boards of ``match`` from the two lineups (board order).

    Colours follow the board colour sequence (Olympiad rule 19): on a "W"
    board the match's ``white_team`` player has White.
    """
    t = match.round.tournament
    if match.is_bye:
        raise ValidationError(_("A bye has no boards."))
    if len(white_team_players) != t.boards or len(black_team_players) != t.boards:
        raise ValidationError(
            _("Give one player (or None) per board: %(boards)s boards.") % {"boards": t.boards}
        )
    if match.boards.exists():
        raise ValidationError(_("%(match)s already has its boards.") % {"match": match})
    seq = t.colour_sequence
    games = []
    for i, (a, b) in enumerate(zip(white_team_players, black_team_players, strict=True), start=1):
        white, black = (a, b) if seq[i - 1] == "W" else (b, a)
        games.append(BoardGame.objects.create(match=match, board=i, white=white, black=black))
    return games


@transaction.atomic
def record_board_results(match: Match, results: Sequence[str], *, by=None) -> Match:
    """Set every board's result (``GameResult`` values, board order) and the match points."""
    return store_board_results(match, list(match.boards.order_by("board")), results, by=by)


@transaction.atomic(savepoint=False)
def store_board_results(
    match: Match, games: Sequence[BoardGame], results: Sequence[str], *, by=None
) -> Match:
    """``record_board_results`` on boards the caller has read (``games``: every board of ``match`` in board
    order, read in the caller's transaction, the match locked): it writes in that transaction without a
    savepoint of its own (an error rolls the caller's back) and reads nothing again."""
    valid = set(GameResult.values)
    bad = [r for r in results if r not in valid]
    if bad:
        raise ValidationError(
            _("Unknown result(s) %(bad)s; use one of %(items)s.")
            % {"bad": bad, "items": sorted(v for v in valid if v)}
        )
    if len(games) != len(results):
        raise ValidationError(
            _("%(match)s has %(games_count)s boards, %(results_count)s results were given.")
            % {"match": match, "games_count": len(games), "results_count": len(results)}
        )
    for game, result in zip(games, results, strict=True):
        game.match = match
        if game.result != result:
            game.result = result
            if by is not None and getattr(by, "is_authenticated", False):
                game._history_user = by
            game.save(update_fields=["result"])
    return store_match_points(match, by=by, games=games)


@transaction.atomic
def record_match_forfeit(match: Match, kind: str, *, by=None) -> Match:
    """Record a whole-match forfeit (``ForfeitKind``) and its points."""
    if kind not in ForfeitKind.values:
        raise ValidationError(_("Unknown forfeit kind %(kind)r.") % {"kind": kind})
    if match.is_bye:
        raise ValidationError(_("A bye cannot be forfeited."))
    match.forfeit = kind
    return recompute_match(match, by=by)


FORFEIT_RESULTS = frozenset(
    {GameResult.WHITE_WINS_FORFEIT, GameResult.BLACK_WINS_FORFEIT, GameResult.DOUBLE_FORFEIT}
)


def forfeit_from_boards(games: Sequence[BoardGame]) -> str:
    """The whole-match forfeit (``ForfeitKind``) a match's boards amount to, "" when it counts as played.

    C.04.6 1.6.1: a match in which no board game was played over the board (every
    board forfeited) was not actually played: the team that won boards while the
    other won none won it by forfeit, and when no team won a board it is a double
    forfeit (``engine.state.match_without_play``; docs/interpretations/foundation.md).
    """
    if not games or any(g.result not in FORFEIT_RESULTS for g in games):
        return ForfeitKind.NONE
    points = [g.team_points() for g in games]
    outcomes = match_without_play(any(p[0] > 0 for p in points), any(p[1] > 0 for p in points))
    if outcomes is None:
        return ForfeitKind.NONE
    if outcomes[0] is Outcome.DOUBLE_FORFEIT:
        return ForfeitKind.DOUBLE
    return ForfeitKind.BLACK_TEAM if outcomes[0] is Outcome.FORFEIT_WIN else ForfeitKind.WHITE_TEAM


def match_points_for(
    match: Match, games: Sequence[BoardGame] | None = None
) -> tuple[float, float, float, float] | None:
    """(white MP, black MP, white GP, black GP) of ``match``; None while boards are pending.
    ``games``: its boards, when the caller has them (else read)."""
    from engine.state import Scoring

    t = match.round.tournament
    win, draw, loss = float(t.match_win), float(t.match_draw), float(t.match_loss)
    if match.is_bye:
        scoring = Scoring(
            match_draw=draw,
            bye_match_points=None if t.bye_match_points is None else float(t.bye_match_points),
            bye_game_points=None if t.bye_game_points is None else float(t.bye_game_points),
        )
        mp, gp = scoring.pab_points(t.boards)
        return (gp if not t.is_team_event else mp), 0.0, gp, 0.0
    if match.forfeit == ForfeitKind.DOUBLE:
        return loss, loss, 0.0, 0.0
    if match.forfeit == ForfeitKind.WHITE_TEAM:
        wg, bg = 0.0, float(t.boards)
    elif match.forfeit == ForfeitKind.BLACK_TEAM:
        wg, bg = float(t.boards), 0.0
    else:
        games = list(match.boards.all()) if games is None else list(games)
        if not games:
            return None
        points = [g.team_points() for g in games]
        if any(p is None for p in points):
            return None
        if t.is_team_event and forfeit_from_boards(games) == ForfeitKind.DOUBLE:
            return loss, loss, 0.0, 0.0  # no board played, none won: a double forfeit, both lose
        wg = sum(p[0] for p in points)
        bg = sum(p[1] for p in points)
    if not t.is_team_event:
        return wg, bg, wg, bg
    if wg > bg:
        return win, loss, wg, bg
    if wg < bg:
        return loss, win, wg, bg
    return draw, draw, wg, bg


@transaction.atomic
def recompute_match(match: Match, *, by=None) -> Match:
    """Store the match's points from its boards, forfeit or bye (None while pending)."""
    return store_match_points(match, by=by)


@transaction.atomic(savepoint=False)
def store_match_points(match: Match, *, by=None, games: Sequence[BoardGame] | None = None) -> Match:
    """``recompute_match`` in the caller's transaction (no savepoint of its own); ``games``: the match's
    boards as the caller has just saved them (else read)."""
    pts = match_points_for(match, games)
    if pts is None:
        match.white_match_points = match.black_match_points = None
        match.white_game_points = match.black_game_points = None
    else:
        wm, bm, wg, bg = pts
        match.white_match_points, match.white_game_points = _d(wm), _d(wg)
        if match.is_bye:
            match.black_match_points = match.black_game_points = None
        else:
            match.black_match_points, match.black_game_points = _d(bm), _d(bg)
    if by is not None and getattr(by, "is_authenticated", False):
        match._history_user = by
    match.save()
    return match
