"""Public pairings pages (rule 60: pairings by country with colours, as published).

Only publications are shown, never a draft. A publication is immutable, so
the anonymous page is cached until the round is published again
(``committee.public_cache``) or moves on in its cycle (the page links to the
board pairings once they are posted, and each team's rank and match points and
each match's score: the copy is kept with the round's and the results' version,
``public_http.versions.round_and_results_names``); it shows the latest publication,
one line per match (``committee.pairing_list``), and the history of corrections.
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from committee import basis, selectors
from committee.pairing_list import with_standing_and_scores
from committee.public_cache import TIMEOUT, public_cache_keys
from public_http import versions


@require_GET
def round_pairings(request, slug: str, number: int):
    """The latest publication of a round and its history; the anonymous page is served from the cache."""
    anonymous = not request.user.is_authenticated
    key = public_cache_keys(slug, number)["page"]
    held = versions.round_and_results_current(slug, number, [key]) if anonymous else None
    if held is not None:
        # The round's version (taken before the database is read) and the kept copy in one cache read.
        version, found = held
        kept = found.get(key)
        if isinstance(kept, tuple) and kept[0] == version:
            return HttpResponse(kept[1])
    tournament = selectors.tournament_by_slug(slug)
    rnd = selectors.round_of(tournament, number)
    publications = selectors.public_publications(rnd)
    latest = (
        with_standing_and_scores(rnd, selectors.publication_view(publications[0])) if publications else None
    )
    found = basis.basis_of(rnd) if publications and rnd.state in basis.PUBLISHED_STATES else None
    response = render(
        request,
        "public/round_pairings.html",
        {
            "tournament": tournament,
            "round": rnd,
            "latest": latest,
            "publications": publications,
            "basis": found if found is not None and found.changed else None,
        },
    )
    if anonymous and publications:
        cache.set(key, (version, response.content.decode()), TIMEOUT)
    return response


@require_GET
def tournament_pairings(request, slug: str):
    tournament = selectors.tournament_by_slug(slug)
    rows = [
        {
            "round": r,
            "number": r.publications.all()[0].number if r.publications.all() else None,
            "public": bool(r.publications.all()) or r.state in selectors.PUBLIC_STATES,
        }
        for r in selectors.rounds_for_dashboard(tournament)
    ]
    return render(request, "public/tournament_pairings.html", {"tournament": tournament, "rows": rows})
