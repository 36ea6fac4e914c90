"""A round's games as a PGN file (the pairings by players with their results; no moves are kept here).

Tags: Event, Site, Date, Round (``round.table``; ``Board`` gives the board of the
match), White, Black, Result, WhiteFideId/BlackFideId, WhiteElo/BlackElo,
WhiteTitle/BlackTitle, WhiteTeam/BlackTeam (team events). A forfeit is written
as the result it gives (``1-0`` / ``0-1``, a double forfeit ``0-0`` is not a PGN
result: ``*``) with ``[Termination "forfeit"]``; a pending or unfinished game is
``*``. Empty boards are written with ``?`` for the missing player.
"""

from __future__ import annotations

import chess.pgn

from tournaments.models import BoardGame, Round

RESULT_TAG = {
    "": "*",
    "*": "*",
    "1-0": "1-0",
    "0-1": "0-1",
    "1/2-1/2": "1/2-1/2",
    "+-": "1-0",
    "-+": "0-1",
    "--": "*",
}
FORFEITS = {"+-", "-+", "--"}


def _player_tags(game: chess.pgn.Game, colour: str, player, team) -> None:
    game.headers[colour] = player.name if player is not None else "?"
    if player is None:
        return
    if player.fide_id:
        game.headers[f"{colour}FideId"] = player.fide_id
    if player.rating:
        game.headers[f"{colour}Elo"] = str(player.rating)
    if player.title:
        game.headers[f"{colour}Title"] = player.title
    if team is not None and team.tournament.is_team_event:
        game.headers[f"{colour}Team"] = team.name


def round_pgn(round: Round) -> str:
    """Every board of ``round`` as a PGN game, in table and board order."""
    t = round.tournament
    date = round.date.strftime("%Y.%m.%d") if round.date else "????.??.??"
    games = (
        BoardGame.objects.filter(match__round=round)
        .select_related(
            "match__white_team__tournament", "match__black_team__tournament", "match__round__tournament"
        )
        .select_related("white", "black")
        .order_by("match__table", "board")
    )
    out = []
    for g in games:
        match = g.match
        white_team, black_team = (
            (match.white_team, match.black_team)
            if g.white_team_has_white
            else (match.black_team, match.white_team)
        )
        game = chess.pgn.Game()
        game.headers["Event"] = t.name
        game.headers["Site"] = t.venue or "?"
        game.headers["Date"] = date
        game.headers["Round"] = f"{round.number}.{match.table}"
        _player_tags(game, "White", g.white, white_team)
        _player_tags(game, "Black", g.black, black_team)
        game.headers["Result"] = RESULT_TAG[g.result]
        if t.is_team_event:
            game.headers["Board"] = str(g.board)
        if g.result in FORFEITS:
            game.headers["Termination"] = "forfeit"
        out.append(str(game))
    return "\n\n".join(out) + ("\n" if out else "")
