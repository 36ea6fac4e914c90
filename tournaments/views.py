"""Public pages; they only call selectors."""

from django.shortcuts import get_object_or_404, render

from . import selectors
from .models import Tournament
from .pairing_options import options_frozen, options_in_force


def home(request):
    return render(
        request,
        "tournaments/home.html",
        {
            "tournaments": selectors.tournaments_with_current_round(),
            "memberships": selectors.memberships_of(request.user),
        },
    )


def tournament_detail(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "rounds": selectors.round_list(tournament),
            "teams": selectors.team_list(tournament),
            "pairing_rules": options_in_force(tournament),
            "options_frozen": options_frozen(tournament),
        },
    )
