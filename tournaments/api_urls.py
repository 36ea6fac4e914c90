"""Tournaments API routes (read-only list for now)."""

from django.urls import path

from . import api

urlpatterns = [
    path("tournaments/", api.TournamentList.as_view(), name="api-tournament-list"),
]
