"""Matches (team pairings) and their board games, with change history."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.encoding import force_str
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .fields import numbered_within, points_field


class ForfeitKind(models.TextChoices):
    NONE = "", _("No forfeit")
    WHITE_TEAM = "white_team", _("The team with White on board 1 forfeits")
    BLACK_TEAM = "black_team", _("The team with Black on board 1 forfeits")
    DOUBLE = "double", _("Both teams forfeit")


@dataclass(frozen=True)
class BoardTally:
    """A match's boards as they stand: the game points of its first-named team and of the other.

    ``first``/``second`` count every board with a result, an unfinished game as a draw (Olympiad
    rule 11), as the match's stored points do once every board has one. A score that counts an
    unfinished game is provisional; one with boards still pending is partial (issue 18, items 5-6).
    """

    first: float
    second: float
    boards: int  # boards of the match
    entered: int  # boards with a result, unfinished ones included
    unfinished: int  # games still being played (``*``)

    @property
    def pending(self) -> int:
        return self.boards - self.entered

    @property
    def provisional(self) -> bool:
        return self.unfinished > 0

    @property
    def partial(self) -> bool:
        return 0 < self.entered < self.boards


class Match(models.Model):
    """One pairing of a round: two teams, or one team and the PAB.

    ``white_team`` has White on board 1 (the team colour, C.04.6 1.6.1);
    ``black_team`` is empty for the pairing-allocated bye (``is_bye``).
    The points are filled when the result is entered (``None`` before).
    ``forfeit`` records a whole-match forfeit; board forfeits are on the
    boards.
    """

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    white_team = models.ForeignKey("tournaments.Team", on_delete=models.PROTECT, related_name="white_matches")
    black_team = models.ForeignKey(
        "tournaments.Team", on_delete=models.PROTECT, related_name="black_matches", null=True, blank=True
    )
    is_bye = models.BooleanField(default=False)
    forfeit = models.CharField(
        max_length=12, choices=ForfeitKind.choices, blank=True, default=ForfeitKind.NONE
    )
    white_match_points = points_field()
    black_match_points = points_field()
    white_game_points = points_field()
    black_game_points = points_field()
    result_confirmed = models.BooleanField(default=False)

    history = HistoricalRecords()

    class Meta:
        ordering = ["round", "table"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="unique_table_per_round"),
            models.UniqueConstraint(fields=["round", "white_team"], name="white_team_once_per_round"),
            models.UniqueConstraint(fields=["round", "black_team"], name="black_team_once_per_round"),
            models.CheckConstraint(
                condition=(
                    models.Q(is_bye=True, black_team__isnull=True)
                    | models.Q(is_bye=False, black_team__isnull=False)
                ),
                name="bye_iff_no_black_team",
            ),
        ]

    def __str__(self) -> str:
        if self.is_bye:
            return f"R{self.round.number} T{self.table}: {self.white_team.label} – bye"
        return f"R{self.round.number} T{self.table}: {self.white_team.label} – {self.black_team.label}"

    @property
    def has_result(self) -> bool:
        return self.white_match_points is not None

    def board_tally(self) -> BoardTally:
        """Its boards' results so far (``BoardTally``; reads the prefetched boards when there are)."""
        first = second = 0.0
        entered = unfinished = 0
        games = list(self.boards.all())
        for g in games:
            pts = g.team_points()
            if pts is None:
                continue
            entered += 1
            unfinished += g.result == GameResult.UNFINISHED
            first, second = first + pts[0], second + pts[1]
        return BoardTally(first, second, len(games), entered, unfinished)

    def teams(self) -> list:
        return [t for t in (self.white_team, self.black_team) if t is not None]

    def clean(self) -> None:
        if self.black_team_id is not None and self.black_team_id == self.white_team_id:
            raise ValidationError(_("A team cannot be paired against itself."))


class GameResult(models.TextChoices):
    """A board's result, from the White player's side."""

    PENDING = "", _("Not yet played")
    WHITE_WINS = "1-0", "1-0"
    BLACK_WINS = "0-1", "0-1"
    DRAW = "1/2-1/2", "½-½"
    WHITE_WINS_FORFEIT = "+-", _("+/− (Black forfeits)")
    BLACK_WINS_FORFEIT = "-+", _("−/+ (White forfeits)")
    DOUBLE_FORFEIT = "--", _("−/− (double forfeit)")
    UNFINISHED = "*", _("Unfinished (counts as a draw for pairing, Olympiad rule 11)")


# (white's points, black's points) in game points for each result.
GAME_POINTS: dict[str, tuple[float, float] | None] = {
    GameResult.PENDING: None,
    GameResult.WHITE_WINS: (1.0, 0.0),
    GameResult.BLACK_WINS: (0.0, 1.0),
    GameResult.DRAW: (0.5, 0.5),
    GameResult.WHITE_WINS_FORFEIT: (1.0, 0.0),
    GameResult.BLACK_WINS_FORFEIT: (0.0, 1.0),
    GameResult.DOUBLE_FORFEIT: (0.0, 0.0),
    GameResult.UNFINISHED: (0.5, 0.5),  # for pairing only (Olympiad rule 11)
}


RESULT_LABELS = dict(GameResult.choices)

# The same result read from the other player's side.
_OTHER_SIDE = {
    GameResult.WHITE_WINS: GameResult.BLACK_WINS,
    GameResult.BLACK_WINS: GameResult.WHITE_WINS,
    GameResult.WHITE_WINS_FORFEIT: GameResult.BLACK_WINS_FORFEIT,
    GameResult.BLACK_WINS_FORFEIT: GameResult.WHITE_WINS_FORFEIT,
}

# A result read from the side of the player named first: the sign says who won, no colour is named
# (the row shows the colours).
SIDE_LABELS = {
    **RESULT_LABELS,
    GameResult.WHITE_WINS_FORFEIT: _("+/− (forfeit)"),
    GameResult.BLACK_WINS_FORFEIT: _("−/+ (forfeit)"),
    GameResult.UNFINISHED: _("unfinished"),  # (the match's score says what it counts as: rule 11)
}


def result_from_first_named_side(result: str, white_named_first: bool) -> str:
    """A board's result (stored from White's side, as in PGN) read from the side of the player named first.

    Issue 18 item 5: a team match names the first-named team's player first on every
    board (chess-results' way), so on the boards where that team has Black the stored
    ``1-0`` reads ``0-1``. The one conversion every page, PDF, CSV and API answer uses.
    """
    return result if white_named_first else _OTHER_SIDE.get(result, result)


class BoardGame(models.Model):
    """One board of a match.

    ``white``/``black`` are the players with those colours (either may be
    empty on a forfeit). Which team has White on a board follows the
    tournament's board colour sequence: ``white_team_has_white``.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="boards")
    board = models.PositiveSmallIntegerField()
    white = models.ForeignKey(
        "tournaments.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="games_as_white"
    )
    black = models.ForeignKey(
        "tournaments.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="games_as_black"
    )
    result = models.CharField(
        max_length=8, choices=GameResult.choices, blank=True, default=GameResult.PENDING
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["match", "board"]
        constraints = numbered_within(
            "match", "board", unique="unique_board_per_match", positive="board_number_positive"
        )

    def __str__(self) -> str:
        return f"{self.match} board {self.board}: {self.result or 'pending'}"

    def get_result_display(self) -> str:
        """The result as shown, in the active language: Django's own, without rebuilding the choices.

        (Django's rebuilds the field's choices for every call: a 180-team round's board
        pairings spent a sixth of their rendering there.)
        """
        return force_str(RESULT_LABELS.get(self.result, self.result), strings_only=True)

    @property
    def first_named_result(self) -> str:
        """The result from the side of the match's first-named team's player (issue 18 item 5)."""
        return result_from_first_named_side(self.result, self.white_team_has_white)

    def get_first_named_result_display(self) -> str:
        """``first_named_result`` as shown, in the active language ("" while pending)."""
        code = self.first_named_result
        return force_str(SIDE_LABELS.get(code, code), strings_only=True) if code else ""

    @property
    def white_team_has_white(self) -> bool:
        """Whether the match's ``white_team`` plays White on this board (rule 19)."""
        seq = self.match.round.tournament.colour_sequence
        return seq[(self.board - 1) % len(seq)] == "W"

    def team_points(self) -> tuple[float, float] | None:
        """(white_team's, black_team's) game points on this board, None if pending."""
        pts = GAME_POINTS[self.result]
        if pts is None:
            return None
        return pts if self.white_team_has_white else (pts[1], pts[0])
