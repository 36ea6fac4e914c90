"""Public pairings pages, included at the site root by pairing_site/urls.py."""

from django.urls import path

from . import public_views

urlpatterns = [
    path("t/<slug:slug>/pairings/", public_views.tournament_pairings, name="public-tournament-pairings"),
    path(
        "t/<slug:slug>/round/<int:number>/pairings/",
        public_views.round_pairings,
        name="public-round-pairings",
    ),
]
