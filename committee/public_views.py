"""Public pairings pages (rule 60: pairings by country with colours, as published).

Only publications are shown, never a draft. A publication is immutable, so
the pairing table is cached by publication id; the page shows the latest
publication and the history of corrections.
"""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from committee import selectors


@require_GET
def round_pairings(request, slug: str, number: int):
    tournament = selectors.tournament_by_slug(slug)
    rnd = selectors.round_of(tournament, number)
    publications = list(selectors.publications_of(rnd))
    latest = selectors.publication_view(publications[0]) if publications else None
    return render(
        request,
        "public/round_pairings.html",
        {"tournament": tournament, "round": rnd, "latest": latest, "publications": publications},
    )


@require_GET
def tournament_pairings(request, slug: str):
    tournament = selectors.tournament_by_slug(slug)
    rounds = selectors.rounds_for_dashboard(tournament)
    return render(request, "public/tournament_pairings.html", {"tournament": tournament, "rounds": rounds})
