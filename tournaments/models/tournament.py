"""The competition and the rules of it that pairing and scoring read."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from engine import systems
from tournaments.engine_texts import translated
from tournaments.time_zones import default_time_zone, validate_time_zone

from .fields import points_field


class PairingSystem(models.TextChoices):
    C0406 = "c0406", systems.LABELS["c0406"]
    OLYMPIAD = "olympiad", systems.LABELS["olympiad"]
    DUBOV = "dubov", systems.LABELS["dubov"]
    LIM = "lim", systems.LABELS["lim"]


class OlympiadVersion(models.TextChoices):
    NONE = "", "—"
    V1998 = "1998", _("1998 text")
    V2007 = "2007", _("1998 text with the 2007 amendments")
    V2022 = "2022", _("Olympiad Pairing Rules (2022, D.02)")


# A new Olympiad tournament is paired by the rules in force (D.02, from 1 January 2022) and ranked
# by the latest Olympiad's tie-breaks; a tournament keeps the version it was created with.
NEW_OLYMPIAD_VERSION = OlympiadVersion.V2022

# The tie-break list an Olympiad tournament is ranked by when it names none: rule 12 of its text
# (1998, 2007); D.02 has no tie-break article, the event's regulations give them (2026 Olympiad).
OLYMPIAD_TIEBREAKS = {"1998": "olympiad1998", "2007": "olympiad2007", "2022": "olympiad2026"}


class ScoreKindChoice(models.TextChoices):
    MATCH_POINTS = "MP", _("Match points")
    GAME_POINTS = "GP", _("Game (board) points")


def rules_primary_score(pairing_system: str, olympiad_version: str) -> str | None:
    """The primary score the system's rules fix, or None where the event chooses.

    Olympiad 1998 rule 1: "Game Points for both Pairing and Scoring"; the 2007
    amendment (item 1) replaces 'game points' in rules 1 and 16 by 'match points';
    D.02 (2022) 3.2.1 ranks teams for pairing by match points, and they score by them.
    """
    if pairing_system == "olympiad":
        return {
            "1998": ScoreKindChoice.GAME_POINTS,
            "2007": ScoreKindChoice.MATCH_POINTS,
            "2022": ScoreKindChoice.MATCH_POINTS,
        }.get(olympiad_version)
    return None


class ColourPreferenceChoice(models.TextChoices):
    A = "A", _("Type A (C.04.6 1.7.1)")
    B = "B", _("Type B (C.04.6 1.7.2)")
    NONE = "none", _("No colour preferences")


class ColourChoice(models.TextChoices):
    WHITE = "w", _("White")
    BLACK = "b", _("Black")


class ApprovalPolicy(models.TextChoices):
    ANY_MEMBER = "any_member", _("Any committee member")
    CHAIRMAN = "chairman", _("The committee chair")
    TWO_MEMBERS = "two_members", _("Two committee members")


class UnratedInPerformance(models.TextChoices):
    """How a game against an unrated opponent enters a performance rating (docs/interpretations/performance.md)."""

    AT_UNRATED_RATING = "unrated_rating", _("Counted at the tournament's rating for unrated players")
    LEFT_OUT = "left_out", _("Left out of the performance rating")


class BoardPrizeRanking(models.TextChoices):
    """What ranks the players of a board for its prize (docs/interpretations/performance.md)."""

    PERFORMANCE = "performance", _("Performance rating (FIDE table)")
    PERCENTAGE = "percentage", _("Percentage of the points")


def default_tiebreaks() -> list[str]:
    return ["MP", "SB", "GP"]


class Tournament(models.Model):
    """A competition: who plays, how it is paired and scored.

    The pairing system's own settings are ``pairing_system`` plus
    ``olympiad_version`` (for the Olympiad rules) and ``engine_options``
    (passed to the engine as ``TournamentState.options``).
    """

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=100, unique=True)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    time_zone = models.CharField(
        max_length=64,
        default=default_time_zone,
        validators=[validate_time_zone],
        help_text=_(
            "The venue's time zone (IANA name, e.g. Europe/Paris): the lineup deadline's time of day is a "
            "time there, and every time the pages and e-mails show is in it."
        ),
    )

    pairing_system = models.CharField(
        max_length=20, choices=PairingSystem.choices, default=PairingSystem.C0406
    )
    olympiad_version = models.CharField(
        max_length=4, choices=OlympiadVersion.choices, blank=True, default=OlympiadVersion.NONE
    )
    is_team_event = models.BooleanField(
        default=True, help_text=_("An individual event has one-player 'teams' (one board, no reserves).")
    )
    rounds_total = models.PositiveSmallIntegerField(default=9)
    boards = models.PositiveSmallIntegerField(default=4, help_text=_("Boards per match."))
    reserves = models.PositiveSmallIntegerField(default=1, help_text=_("Reserve players per team."))

    primary_score = models.CharField(
        max_length=2, choices=ScoreKindChoice.choices, default=ScoreKindChoice.MATCH_POINTS
    )
    match_win = points_field("2")
    match_draw = points_field("1")
    match_loss = points_field("0")
    # Pairing-allocated bye: None = as a draw (C.04.6 1.4: the match-point
    # draw value and half the boards in game points). The 2007 Olympiad text
    # gives 1 MP and 2 GP; the 1998 text 2 GP (men, 4 boards), 1.5 (women, 3).
    bye_match_points = points_field()
    bye_game_points = points_field()

    colour_preference_type = models.CharField(
        max_length=4, choices=ColourPreferenceChoice.choices, default=ColourPreferenceChoice.A
    )
    initial_colour = models.CharField(
        max_length=1,
        choices=ColourChoice.choices,
        blank=True,
        help_text=_("Drawn by lot before round 1 (C.04.6 4.1); blank until drawn."),
    )
    initial_colour_drawn_at = models.DateTimeField(null=True, blank=True)
    board_colour_sequence = models.CharField(
        max_length=20,
        blank=True,
        help_text=_(
            "Colours of the team with White on board 1, by board, e.g. WBWB "
            "(Olympiad rule 19); blank = alternating from W."
        ),
    )
    tiebreaks = models.JSONField(default=default_tiebreaks, blank=True)
    unrated_rating = models.PositiveSmallIntegerField(
        default=2000,
        help_text=_("Rating counted for an unrated player in team strength (Olympiad 1998 rule 7)."),
    )

    # Team and player pages (issue 20, item 2): performance ratings and the board prizes.
    performance_unrated = models.CharField(
        max_length=20,
        choices=UnratedInPerformance.choices,
        default=UnratedInPerformance.AT_UNRATED_RATING,
        help_text=_("How a game against an unrated opponent enters a performance rating."),
    )
    board_prize_ranking = models.CharField(
        max_length=20, choices=BoardPrizeRanking.choices, default=BoardPrizeRanking.PERFORMANCE
    )
    board_prize_min_games = models.PositiveSmallIntegerField(
        default=8,
        help_text=_(
            "A board prize needs at least this many games in every so many rounds (the next setting; "
            "Olympiad practice: 8 of 11), a share of the rounds played so far."
        ),
    )
    board_prize_min_games_of = models.PositiveSmallIntegerField(
        default=11, help_text=_("The rounds the minimum number of games for a board prize is counted in.")
    )

    # Lineup window: opens when the pairing is published (or by hand),
    # closes at a time of day on the round's date, N days before.
    lineups_open_on_publication = models.BooleanField(default=True)
    lineup_close_time = models.TimeField(null=True, blank=True)
    lineup_close_days_before = models.PositiveSmallIntegerField(default=0)

    approval_policy = models.CharField(
        max_length=20, choices=ApprovalPolicy.choices, default=ApprovalPolicy.ANY_MEMBER
    )
    engine_options = models.JSONField(default=dict, blank=True)
    show_pairing_reasons = models.BooleanField(
        default=True,
        help_text=_(
            "Show with each published pairing a plain-language line per team: why this "
            "opponent, why this colour, with the article."
        ),
    )

    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament-detail", kwargs={"slug": self.slug})

    # -- derived --------------------------------------------------------------
    @property
    def colour_sequence(self) -> str:
        """Board colours of the team with White on board 1 (W/B, one per board)."""
        if self.board_colour_sequence:
            return self.board_colour_sequence.upper()
        return "".join("W" if i % 2 == 0 else "B" for i in range(self.boards))

    @property
    def system_label(self) -> str:
        """The pairing system as a person names it, with the Olympiad text used."""
        if self.pairing_system == PairingSystem.OLYMPIAD:
            return {
                "1998": _("Chess Olympiad pairing rules (1998 text)"),
                "2007": _("Chess Olympiad pairing rules (2007 amendments)"),
                "2022": _("Olympiad Pairing Rules (2022, D.02)"),
            }.get(self.olympiad_version, _("Chess Olympiad pairing rules"))
        return translated(self.get_pairing_system_display())

    def current_round(self):
        """The first round not complete (None when all are).

        A list of tournaments reads them all at once (``selectors.tournaments_with_current_round``
        leaves each its rounds not complete in ``open_rounds``), not with a query each.
        """
        if hasattr(self, "open_rounds"):
            return self.open_rounds[0] if self.open_rounds else None
        return self.rounds.exclude(state="complete").order_by("number").first()

    def rounds_now(self) -> list:
        """The rounds people need now, the latest first (issue 18 item 6); empty when all are complete.

        The first round not complete, and every later round whose pairing is already public
        (published, lineups open or closed, boards posted, in play): while round 3 is still
        in play and round 4 is published with its lineups open, both, round 4 first. Reads
        ``open_rounds`` when a list of tournaments left them (``current_round``).
        """
        if hasattr(self, "open_rounds"):
            rounds = list(self.open_rounds)
        else:
            rounds = list(self.rounds.exclude(state="complete").order_by("number"))
        if not rounds:
            return []
        return [*(r for r in reversed(rounds[1:]) if r.pairing_is_public), rounds[0]]

    @property
    def entrant_noun(self) -> str:
        """What pages call an entrant: "team", or "player" in an individual event (in the active language)."""
        return str(_("team") if self.is_team_event else _("player"))

    @property
    def entrants_noun(self) -> str:
        return str(_("teams") if self.is_team_event else _("players"))

    @property
    def players_per_team(self) -> int:
        return self.boards + self.reserves

    def clean(self) -> None:
        errors = {}
        if self.pairing_system == PairingSystem.OLYMPIAD and not self.olympiad_version:
            errors["olympiad_version"] = _("The Olympiad rules need a version (1998, 2007 or 2022).")
        fixed = rules_primary_score(self.pairing_system, self.olympiad_version)
        if fixed and self.primary_score != fixed:
            rule = {
                "1998": _("rule 1"),
                "2007": _("amended rules 1 and 16"),
                "2022": _("D.02 article 3.2.1"),
            }[self.olympiad_version]
            score = _("game points") if fixed == ScoreKindChoice.GAME_POINTS else _("match points")
            errors["primary_score"] = _(
                "The Olympiad %(version)s rules (%(rule)s) rank and pair by %(score)s: "
                "set the primary score to %(fixed)s."
            ) % {"version": self.olympiad_version, "rule": rule, "score": score, "fixed": fixed}
        if self.board_colour_sequence:
            seq = self.board_colour_sequence.upper()
            if len(seq) != self.boards or set(seq) - {"W", "B"}:
                errors["board_colour_sequence"] = _("Give one W or B per board (%(boards)s boards).") % {
                    "boards": self.boards
                }
        if self.start_date and self.end_date and self.end_date < self.start_date:
            errors["end_date"] = _("The tournament ends before it starts.")
        if not self.is_team_event and self.boards != 1:
            errors["boards"] = _("An individual event has one board.")
        if not self.is_team_event:
            # Lim 2.1 / Dubov 2.2: an individual bye scores one point, not the team default (a draw).
            for name in ("bye_match_points", "bye_game_points"):
                if getattr(self, name) is None:
                    setattr(self, name, Decimal("1"))
        if self.board_prize_min_games_of == 0:
            errors["board_prize_min_games_of"] = _(
                "The board prize's minimum is counted in one round or more."
            )
        elif self.board_prize_min_games > self.board_prize_min_games_of:
            errors["board_prize_min_games"] = _(
                "The minimum for a board prize is a share: at most %(of)s games in %(of)s rounds."
            ) % {"of": self.board_prize_min_games_of}
        if errors:
            raise ValidationError(errors)
