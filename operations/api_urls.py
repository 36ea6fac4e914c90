"""Operations API routes under ``/api/ops/``."""

from django.urls import path

from . import api, api_pgn

r = "ops/t/<slug:slug>/rounds/<int:number>/"

urlpatterns = [
    path("ops/t/<slug:slug>/standings/", api.StandingsApi.as_view(), name="api-ops-standings"),
    path(r + "boards/", api.BoardPairingsApi.as_view(), name="api-ops-boards"),
    path(r + "lineups/", api.LineupsApi.as_view(), name="api-ops-lineups"),
    path(r + "matches/<int:table>/results/", api.MatchResultsApi.as_view(), name="api-ops-results"),
    path(r + "pgn/", api_pgn.RoundPgnApi.as_view(), name="api-ops-round-pgn"),
    path(r + "pgn/preview/", api_pgn.PgnPreviewApi.as_view(), name="api-ops-pgn-preview"),
    path(r + "pgn/import/", api_pgn.PgnImportApi.as_view(), name="api-ops-pgn-import"),
]
