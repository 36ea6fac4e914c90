"""Reads for pages and the API (HackSoft: selectors read, services write)."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from .models import Match, Membership, Round, Team, Tournament
from .snapshot import engine_state
from .states import RESTING_STATES

__all__ = [
    "engine_state",
    "match_list",
    "memberships_of",
    "round_list",
    "team_list",
    "tournament_list",
    "tournaments_with_current_round",
]


def tournament_list() -> QuerySet[Tournament]:
    return Tournament.objects.order_by("-start_date", "name")


def tournaments_with_current_round() -> QuerySet[Tournament]:
    """``tournament_list``, each with its rounds not complete in order (``Tournament.current_round``).

    Two queries for the home page, however many tournaments (a season has hundreds).
    """
    open_rounds = Round.objects.exclude(state="complete").order_by("number")
    return tournament_list().prefetch_related(Prefetch("rounds", queryset=open_rounds, to_attr="open_rounds"))


def round_list(tournament: Tournament) -> QuerySet[Round]:
    return tournament.rounds.order_by("number")


def rounds_resting_on(
    number: int, *, tournament: Tournament | None = None, slug: str = ""
) -> QuerySet[Round]:
    """The rounds after round ``number`` whose pairing (drafted, approved, published, in play) rests on
    its results, in order (issue 18, item 6); the tournament by itself or by its slug."""
    rounds = (
        Round.objects.filter(tournament=tournament)
        if tournament is not None
        else Round.objects.filter(tournament__slug=slug)
    )
    return rounds.filter(number__gt=number, state__in=RESTING_STATES).order_by("number")


def round_numbers(slug: str) -> tuple[int, ...]:
    """The numbers of the rounds the tournament of ``slug`` holds (none: no such tournament, or no round)."""
    return tuple(
        Round.objects.filter(tournament__slug=slug).order_by("number").values_list("number", flat=True)
    )


def team_list(tournament: Tournament) -> QuerySet[Team]:
    return tournament.teams.order_by("tpn", "name")


def match_list(round: Round) -> QuerySet[Match]:
    return round.matches.select_related("white_team", "black_team").order_by("table")


def memberships_of(user) -> QuerySet[Membership]:
    """A user's roles, tournament by tournament (none for an anonymous user)."""
    if not getattr(user, "is_authenticated", False):
        return Membership.objects.none()
    return user.memberships.select_related("tournament", "team").order_by("tournament__name", "role")
