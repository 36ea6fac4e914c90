"""The board prizes (issue 20, item 2): each board's players ranked, ties shown as ties.

Olympiad practice: a prize for each board and for the reserves, by performance rating
(FIDE table, ``engine.performance``), for the players who played at least 8 games of the 11
rounds. Here the rule and the minimum are the tournament's (``Tournament.board_prize_ranking``,
``board_prize_min_games`` of ``board_prize_min_games_of`` rounds), and the minimum is the same
share of the rounds played so far, rounded up: 8 of 11 asks 8 games after 11 rounds, 4 after 5.
A player's board is the one the roster places them on (its board order; the players after the
last board are the reserves), as the teams' lists are registered (docs/interpretations/performance.md).
Players equal on the ranking value share the rank (1, 2, 2, 4); below the minimum they are listed
after the ranked ones, without a rank.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from operations.selectors import latest_result_round
from participants.games import PlayerRecord, public_records, record_or_empty
from participants.selectors import roster_board
from tournaments.models import Player, Tournament
from tournaments.models.tournament import BoardPrizeRanking


def minimum_games(tournament: Tournament, rounds_played: int) -> int:
    """The games a board prize needs after ``rounds_played`` rounds: the tournament's share, rounded up."""
    share = Fraction(tournament.board_prize_min_games, max(tournament.board_prize_min_games_of, 1))
    needed = share * rounds_played
    return needed.numerator // needed.denominator + (needed.denominator > 1)


@dataclass(frozen=True)
class PrizeLine:
    rank: int | None  # None: fewer games than the minimum
    tied: bool  # the rank is shared
    player: Player
    record: PlayerRecord


@dataclass
class BoardTable:
    board: int | None  # None: the reserves
    lines: list[PrizeLine] = field(default_factory=list)


def _value(tournament: Tournament, record: PlayerRecord) -> Fraction | int | None:
    if tournament.board_prize_ranking == BoardPrizeRanking.PERCENTAGE:
        return record.fraction
    return record.performance.rating if record.performance else None


def ranked(tournament: Tournament, players: list[Player], records: dict, minimum: int) -> list[PrizeLine]:
    """The players of one board: those with the minimum ranked by value (ties share), the others after."""
    rows = [(p, record_or_empty(records, p.pk)) for p in players]
    qualified = [(p, r, _value(tournament, r)) for p, r in rows if r.played >= max(minimum, 1)]
    qualified = [q for q in qualified if q[2] is not None]
    qualified.sort(key=lambda q: (-q[2], q[0].name))
    counts: dict = {}
    for _p, _r, v in qualified:
        counts[v] = counts.get(v, 0) + 1
    lines: list[PrizeLine] = []
    rank = 0
    previous = object()
    for i, (p, r, v) in enumerate(qualified, start=1):
        if v != previous:
            rank, previous = i, v
        lines.append(PrizeLine(rank, counts[v] > 1, p, r))
    shown = {line.player.pk for line in lines}
    others = sorted((pr for pr in rows if pr[0].pk not in shown), key=lambda pr: (-pr[1].played, pr[0].name))
    lines += [PrizeLine(None, False, p, r) for p, r in others]
    return lines


def board_prizes(tournament: Tournament) -> dict:
    """Every board's table (the reserves last), the minimum now and the rounds it counts."""
    records = public_records(tournament)
    rounds_played = latest_result_round(tournament)
    minimum = minimum_games(tournament, rounds_played)
    players = Player.objects.filter(team__tournament=tournament, team__tpn__isnull=False).select_related(
        "team"
    )
    by_board: dict[int | None, list[Player]] = {}
    for p in players.order_by("team__tpn", "board_order"):
        by_board.setdefault(roster_board(tournament, p), []).append(p)
    boards = [*range(1, tournament.boards + 1), None]
    tables = [BoardTable(b, ranked(tournament, by_board.get(b, []), records, minimum)) for b in boards]
    return {
        "tables": [t for t in tables if t.lines],
        "minimum": minimum,
        "rounds_played": rounds_played,
        "by_performance": tournament.board_prize_ranking == BoardPrizeRanking.PERFORMANCE,
    }
