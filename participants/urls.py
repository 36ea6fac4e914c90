"""Team and player pages, included at the site root by pairing_site/urls.py."""

from django.urls import path

from . import views

urlpatterns = [
    path("t/<slug:slug>/teams/<int:tpn>/", views.team_page, name="team-page"),
    path("t/<slug:slug>/players/<int:player_id>/", views.player_page, name="player-page"),
    path("t/<slug:slug>/board-prizes/", views.board_prizes_page, name="board-prizes"),
]
