"""Every public game of a tournament, from each player's side, and what a player made of them.

A game is public once its round's board pairings are posted (``operations.selectors.POSTED_STATES``):
the pages never show who plays on which board before that, nor a round the public cannot see.
The games are read once per version of the tournament's results and rounds
(``public_http.computed``) and shared by the team pages, the player pages and the board prizes.

Which games make a performance (``docs/interpretations/performance.md``): the games played over
the board (1-0, 0-1, ½-½); a forfeit, an empty board and an unfinished game are shown, never
counted. A game against an unrated opponent counts at the tournament's rating for unrated players
(``Tournament.unrated_rating``) or is left out (``Tournament.performance_unrated``; left out too
when that rating is 0, as an individual event's is).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.utils.encoding import force_str

from engine.performance import Performance, performance
from operations.selectors import POSTED_STATES
from public_http import computed, versions
from tournaments.models import BoardGame, Tournament
from tournaments.models.match import GAME_POINTS, SIDE_LABELS, GameResult, result_from_first_named_side
from tournaments.models.tournament import UnratedInPerformance

PLAYED = frozenset({GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW})


@dataclass(frozen=True)
class PlayerGame:
    """One board from the side of one of its players (named first: ``result`` reads from that side)."""

    round: int
    table: int
    board: int
    colour: str  # "w" or "b": the player's own colour on this board
    opponent_id: int | None  # None: an empty board
    opponent_name: str
    opponent_rating: int | None
    opponent_team_tpn: int | None
    opponent_team_name: str
    result: str  # the stored code read from this player's side ("" while pending)
    points: float | None  # this player's points; None while pending

    @property
    def result_display(self) -> str:
        """The result as shown, from this player's side, in the active language ("" while pending)."""
        return force_str(SIDE_LABELS.get(self.result, self.result), strings_only=True) if self.result else ""

    @property
    def played(self) -> bool:
        """Played over the board, with a final result: the games a performance is made of."""
        return self.result in PLAYED


@dataclass(frozen=True)
class PlayerRecord:
    """A player's games and their sums (over the games played over the board)."""

    player_id: int
    games: tuple[PlayerGame, ...]
    played: int
    points: float
    performance: Performance | None

    @property
    def percentage(self) -> float | None:
        return round(100 * self.points / self.played, 1) if self.played else None

    @property
    def fraction(self) -> Fraction | None:
        """The exact share of the points, for ranking ties (no rounding)."""
        return Fraction(self.points).limit_denominator(1000) / self.played if self.played else None


_SIDE_FIELDS = ("id", "name", "rating", "team__tpn", "team__name")


def _read_games(tournament: Tournament) -> dict[int, list[PlayerGame]]:
    """Each player's public games, from one query of plain values (no model per board: a 184-team
    Olympiad has 4,000 boards by round 11)."""
    fields = [f"{colour}__{f}" for colour in ("white", "black") for f in _SIDE_FIELDS]
    rows = (
        BoardGame.objects.filter(match__round__tournament=tournament, match__round__state__in=POSTED_STATES)
        .order_by("match__round__number", "match__table", "board")
        .values_list("match__round__number", "match__table", "board", "result", *fields)
    )
    by_player: dict[int, list[PlayerGame]] = defaultdict(list)
    size = len(_SIDE_FIELDS)
    for number, table, board, result, *sides in rows:
        white, black = tuple(sides[:size]), tuple(sides[size:])
        pts = GAME_POINTS.get(result)
        for (pid, *_own), colour, (oid, oname, orating, otpn, oteam) in (
            (white, "w", black),
            (black, "b", white),
        ):
            if pid is None:
                continue
            own = None if pts is None or result == GameResult.UNFINISHED else pts[0 if colour == "w" else 1]
            by_player[pid].append(
                PlayerGame(
                    round=number,
                    table=table,
                    board=board,
                    colour=colour,
                    opponent_id=oid,
                    opponent_name=oname or "",
                    opponent_rating=orating,
                    opponent_team_tpn=otpn,
                    opponent_team_name=oteam or "",
                    result=result_from_first_named_side(result, colour == "w"),
                    points=own,
                )
            )
    return dict(by_player)


def record_of(tournament: Tournament, player_id: int, games: list[PlayerGame]) -> PlayerRecord:
    """A player's sums: games played over the board, points in them, the performance rating."""
    played = [g for g in games if g.played]
    points = sum(g.points or 0.0 for g in played)
    # A rating of 0 for the unrated (an individual event's: they are ordered last) is no rating to count them at.
    if tournament.performance_unrated == UnratedInPerformance.LEFT_OUT or not tournament.unrated_rating:
        counted = [g for g in played if g.opponent_rating]
    else:
        counted = played
    ratings = [g.opponent_rating or tournament.unrated_rating for g in counted]
    rp = performance(ratings, sum(g.points or 0.0 for g in counted))
    return PlayerRecord(player_id, tuple(games), len(played), points, rp)


def public_records(tournament: Tournament, *, version: str | None = None) -> dict[int, PlayerRecord]:
    """Every player's record from the public games, by player id; read once per version."""
    version = version or versions.current(*versions.results_and_rounds_names(tournament.slug))

    def compute() -> dict[int, PlayerRecord]:
        return {pid: record_of(tournament, pid, games) for pid, games in _read_games(tournament).items()}

    return computed.memo(f"player-records:{tournament.slug}", version, compute)


def record_or_empty(records: dict[int, PlayerRecord], player_id: int) -> PlayerRecord:
    return records.get(player_id) or PlayerRecord(player_id, (), 0, 0.0, None)
