"""The team page, the player page and the board prizes in the API (public, as the pages)."""

from __future__ import annotations

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


class TeamPageApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses={
            200: TeamPageSerializer,
            404: OpenApiResponse(
                ErrorSerializer, description="No such tournament, or it has no team with this TPN."
            ),
        }
    )
    def get(self, request, slug: str, tpn: int):
        tournament = get_object_or_404(Tournament, slug=slug)
        team = selectors.team_of(tournament, tpn)
        return Response(TeamPageSerializer({"team": team, **selectors.team_page(tournament, team)}).data)


class PlayerPageApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses={
            200: PlayerPageSerializer,
            404: OpenApiResponse(
                ErrorSerializer, description="No such tournament, or no player of its teams has this id."
            ),
        }
    )
    def get(self, request, slug: str, player_id: int):
        tournament = get_object_or_404(Tournament, slug=slug)
        player = selectors.player_of(tournament, player_id)
        data = {"player": player, **selectors.player_page(tournament, player)}
        return Response(PlayerPageSerializer(data).data)


class BoardPrizesApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses={
            200: BoardPrizesSerializer,
            404: OpenApiResponse(ErrorSerializer, description="No such tournament."),
        }
    )
    def get(self, request, slug: str):
        tournament = get_object_or_404(Tournament, slug=slug)
        data = {
            **board_prizes(tournament),
            "ranking": tournament.board_prize_ranking,
            "min_games": tournament.board_prize_min_games,
            "min_games_of": tournament.board_prize_min_games_of,
        }
        return Response(BoardPrizesSerializer(data).data)
