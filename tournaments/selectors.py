"""Reads for pages and the API (HackSoft: selectors read, services write)."""

from __future__ import annotations

from django.db.models import QuerySet

from .models import Match, Round, Team, Tournament
from .snapshot import engine_state

__all__ = ["engine_state", "match_list", "round_list", "team_list", "tournament_list"]


def tournament_list() -> QuerySet[Tournament]:
    return Tournament.objects.order_by("-start_date", "name")


def round_list(tournament: Tournament) -> QuerySet[Round]:
    return tournament.rounds.order_by("number")


def team_list(tournament: Tournament) -> QuerySet[Team]:
    return tournament.teams.order_by("tpn", "name")


def match_list(round: Round) -> QuerySet[Match]:
    return round.matches.select_related("white_team", "black_team").order_by("table")
