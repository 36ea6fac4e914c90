"""A team's page, a player's page and the board prizes: public pages over ``participants.selectors``.

The team or player the URL names is found (or 404) before anything is computed.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render

from participants import selectors
from participants.board_prizes import board_prizes
from tournaments.models import Tournament


def team_page(request, slug: str, tpn: int):
    tournament = get_object_or_404(Tournament, slug=slug)
    team = selectors.team_of(tournament, tpn)
    context = {"tournament": tournament, "team": team, **selectors.team_page(tournament, team)}
    return render(request, "participants/team.html", context)


def player_page(request, slug: str, player_id: int):
    tournament = get_object_or_404(Tournament, slug=slug)
    player = selectors.player_of(tournament, player_id)
    context = {"tournament": tournament, "player": player, **selectors.player_page(tournament, player)}
    return render(request, "participants/player.html", context)


def board_prizes_page(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    return render(
        request, "participants/board_prizes.html", {"tournament": tournament, **board_prizes(tournament)}
    )
