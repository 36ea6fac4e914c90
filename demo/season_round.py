"""A season round played in bulk: lineups, board games, results and match points.

Written with ``bulk_create_with_history`` (the history rows are there too);
the match points come from the same ``match_points_for`` the results service
uses, and the round's state is walked with ``transition_round``
(``demo.publication.walk``). Who plays and each game's result are drawn as in
the demo (``demo.play``).
"""

from __future__ import annotations

import random
from decimal import Decimal

from django.db.models import prefetch_related_objects
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from tournaments.models import BoardGame, Lineup, LineupEntry, Match, Round, Tournament
from tournaments.models import RoundState as S
from tournaments.services.results import match_points_for

from .play import game_result, lineup_from
from .publication import walk


def play_round(rnd: Round, t: Tournament, rosters: dict, rng: random.Random, *, share: float) -> Round:
    """Lineups, boards and results of a published round, in bulk.

    ``share`` of the matches (table order) get their results; the round is
    complete when all do, in play otherwise.
    """
    now = timezone.now()
    rnd = walk(rnd, S.LINEUPS_OPEN)
    matches = list(rnd.matches.order_by("table"))
    lineups, chosen = [], {}
    for m in matches:
        for team_id in (m.white_team_id, m.black_team_id):
            if team_id is None:
                continue
            chosen[team_id] = lineup_from(rosters[team_id], t.boards, rng)
            lineups.append(Lineup(team_id=team_id, round=rnd, submitted_at=now, locked=True))
    lineups = bulk_create_with_history(lineups, Lineup, default_change_reason="season built")
    bulk_create_with_history(
        [
            LineupEntry(lineup=lineup, board=b, player=p)
            for lineup in lineups
            for b, p in enumerate(chosen[lineup.team_id], start=1)
        ],
        LineupEntry,
        default_change_reason="season built",
    )
    rnd = walk(rnd, S.LINEUPS_CLOSED, S.BOARD_PAIRINGS_POSTED, S.IN_PLAY)
    entered = max(1, round(len(matches) * share)) if share < 1 else len(matches)
    sequence = t.colour_sequence
    games = []
    for i, m in enumerate(matches):
        if m.is_bye:
            continue
        for b, (a, c) in enumerate(
            zip(chosen[m.white_team_id], chosen[m.black_team_id], strict=True), start=1
        ):
            white, black = (a, c) if sequence[b - 1] == "W" else (c, a)
            result = game_result(white, black, rng) if i < entered else ""
            games.append(BoardGame(match=m, board=b, white=white, black=black, result=result))
    bulk_create_with_history(games, BoardGame, default_change_reason="season built")
    prefetch_related_objects(matches, "boards")
    for m in matches:
        m.round = rnd
        rnd.tournament = t
        points = match_points_for(m)
        if points is None:
            continue
        wm, bm, wg, bg = (None if x is None else _decimal(x) for x in points)
        m.white_match_points, m.white_game_points = wm, wg
        if m.is_bye:
            m.black_match_points = m.black_game_points = None
        else:
            m.black_match_points, m.black_game_points = bm, bg
    # One UPDATE per distinct score (a handful per round), then the history rows in one insert.
    by_points: dict[tuple, list[int]] = {}
    for m in matches:
        key = (m.white_match_points, m.black_match_points, m.white_game_points, m.black_game_points)
        if key != (None, None, None, None):
            by_points.setdefault(key, []).append(m.pk)
    for (wm, bm, wg, bg), ids in by_points.items():
        Match.objects.filter(pk__in=ids).update(
            white_match_points=wm, black_match_points=bm, white_game_points=wg, black_game_points=bg
        )
    Match.history.bulk_history_create(
        [m for m in matches if m.white_match_points is not None],
        update=True,
        default_change_reason="season built",
    )
    if entered == len(matches):
        rnd = walk(rnd, S.COMPLETE)
    return rnd


def _decimal(x: float) -> Decimal:
    return Decimal(str(x))
