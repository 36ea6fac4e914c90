"""Operations pages under ``/ops/``."""

from django.urls import path

from . import views
from .views import live as live_views
from .views import pgn as pgn_views
from .views import result_grid as grid_views

r = "t/<slug:slug>/r/<int:number>/"

urlpatterns = [
    path("t/<slug:slug>/", views.round_hub, name="ops-hub"),
    path("t/<slug:slug>/standings/", views.standings_page, name="ops-standings"),
    path("t/<slug:slug>/standings.csv", views.standings_csv, name="ops-standings-csv"),
    path("t/<slug:slug>/crosstable/", views.crosstable_page, name="ops-crosstable"),
    path("t/<slug:slug>/team/<int:tpn>/tiebreaks/", views.tiebreak_detail_page, name="ops-tiebreaks"),
    path("t/<slug:slug>/export.trf", views.trf_download, name="ops-trf"),
    path(r + "boards/", views.board_pairings_page, name="ops-board-pairings"),
    path(
        r + "boards/print/", views.board_pairings_page, {"layout": "print"}, name="ops-board-pairings-print"
    ),
    path(r + "boards/cards/", views.board_pairings_page, {"layout": "cards"}, name="ops-pairing-cards"),
    path(r + "pairings.csv", views.pairings_csv, name="ops-pairings-csv"),
    path(r + "lineup/", views.lineup_page, name="ops-lineup"),
    path(r + "lineups/", views.lineup_status_page, name="ops-lineup-status"),
    path(r + "lineups/open/", views.open_lineups_view, name="ops-open-lineups"),
    path(r + "lineups/close/", views.close_lineups_view, name="ops-close-lineups"),
    path(r + "lineups/link/", views.issue_link_view, name="ops-issue-link"),
    path(r + "boards/post/", views.post_board_pairings_view, name="ops-post-boards"),
    path(r + "results/", views.results_page, name="ops-results"),
    path(r + "results/grid/", grid_views.result_grid_page, name="ops-result-grid"),
    path(r + "results/grid/save/", grid_views.result_grid_save, name="ops-result-grid-save"),
    path(r + "results/complete/", views.complete_round_view, name="ops-complete-round"),
    path(r + "results/reopen/", views.reopen_round_view, name="ops-reopen-round"),
    path(r + "results/pgn/", pgn_views.pgn_import_page, name="ops-pgn-import"),
    path(r + "games.pgn", pgn_views.round_pgn_download, name="ops-round-pgn"),
    path(r + "boards/live/", live_views.board_pairings_live, name="ops-board-pairings-live"),
    path("t/<slug:slug>/standings/live/", live_views.standings_live, name="ops-standings-live"),
    path(r + "match/<int:table>/", views.match_result_page, name="ops-match-result"),
    path(r + "match/<int:table>/confirm/", views.confirm_match_view, name="ops-confirm-match"),
    path(r + "summary/", views.summary_page, name="ops-summary"),
    path(r + "summary/sign/", views.sign_summary_view, name="ops-sign-summary"),
    path("lineup/<str:token>/", views.lineup_link_page, name="ops-lineup-link"),
    path("import/", views.trf_import_page, name="ops-import"),
]
