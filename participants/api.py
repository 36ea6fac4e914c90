"""The team page, the player page and the board prizes in the API (public, as the pages)."""

from __future__ import annotations

from collections.abc import Callable

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from pairing_site.api_schema import ErrorSerializer
from participants import selectors
from participants.board_prizes import board_prizes
from participants.serializers import BoardPrizesSerializer, PlayerPageSerializer, TeamPageSerializer
from tournaments.models import Tournament


class _OneParticipantApi(APIView):
    """A team's or a player's page as data: the tournament, then the team or player its URL names
    (``find``: 404 before any work), then what the page shows (``read``)."""

    permission_classes = [permissions.AllowAny]
    serializer: type
    find: Callable
    read: Callable

    def get(self, request, slug: str, **named):
        tournament = get_object_or_404(Tournament, slug=slug)
        (number,) = named.values()
        found = type(self).find(tournament, number)
        return Response(self.serializer(type(self).read(tournament, found)).data)


def _schema(serializer: type, not_found: str):
    return extend_schema(
        responses={200: serializer, 404: OpenApiResponse(ErrorSerializer, description=not_found)}
    )


@_schema(TeamPageSerializer, "No such tournament, or it has no team with this TPN.")
class TeamPageApi(_OneParticipantApi):
    serializer = TeamPageSerializer
    find = staticmethod(selectors.team_of)
    read = staticmethod(lambda tournament, team: {"team": team, **selectors.team_page(tournament, team)})


@_schema(PlayerPageSerializer, "No such tournament, or no player of its teams has this id.")
class PlayerPageApi(_OneParticipantApi):
    serializer = PlayerPageSerializer
    find = staticmethod(selectors.player_of)
    read = staticmethod(
        lambda tournament, player: {"player": player, **selectors.player_page(tournament, player)}
    )


class BoardPrizesApi(APIView):
    permission_classes = [permissions.AllowAny]

    @_schema(BoardPrizesSerializer, "No such tournament.")
    def get(self, request, slug: str):
        tournament = get_object_or_404(Tournament, slug=slug)
        data = {
            **board_prizes(tournament),
            "ranking": tournament.board_prize_ranking,
            "min_games": tournament.board_prize_min_games,
            "min_games_of": tournament.board_prize_min_games_of,
        }
        return Response(BoardPrizesSerializer(data).data)
