"""Team, player and board-prize API routes, under /api/."""

from django.urls import path

from . import api

t = "tournaments/<slug:slug>/"

urlpatterns = [
    path(t + "teams/<int:tpn>/", api.TeamPageApi.as_view(), name="api-team-page"),
    path(t + "players/<int:player_id>/", api.PlayerPageApi.as_view(), name="api-player-page"),
    path(t + "board-prizes/", api.BoardPrizesApi.as_view(), name="api-board-prizes"),
]
