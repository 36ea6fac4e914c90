"""The fragments the public results and standings pages poll while a round is in play (``operations.live``).

``?v=`` is the version the page shows: the same version answers ``204 No
Content`` from the cache alone (htmx swaps nothing); another gets the fragment, rendered once per
version and cached for everybody but a captain of the tournament (whose
fragment carries his "confirm" buttons).
"""

from __future__ import annotations

import hashlib
from functools import wraps

from django.http import Http404, HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import add_never_cache_headers, get_conditional_response, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from operations import live, permissions, selectors
from operations.views._common import _round, _tournament
from public_http.middleware import shared_max_age


def _micro_cached(view):
    """An anonymous visitor's answer (the fragment everybody shares, or 204) may be kept one second
    (``PUBLIC_HTTP_SHARED_MAX_AGE``) by a shared cache in front, never by the browser: a thousand
    pollers cost the site one answer a second (issue 21); any other answer is never cached.

    The shared fragment carries an ETag of its content, so the proxy renews its copy with a ``304``
    when the fragment has not changed, instead of fetching and storing it again every second."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        shared = response.status_code in (200, 204) and not request.user.is_authenticated
        if shared and not response.cookies and "HTTP_AUTHORIZATION" not in request.META:
            response["Cache-Control"] = f"max-age=0, s-maxage={shared_max_age()}, public"
            patch_vary_headers(response, ("Cookie",))
            if response.status_code == 200:
                etag = f'W/"{hashlib.blake2b(response.content, digest_size=12).hexdigest()}"'
                response["ETag"] = etag
                return get_conditional_response(request, etag=etag, response=response)
        else:
            add_never_cache_headers(response)
        return response

    return wrapped


def _fragment(html: str) -> HttpResponse:
    return HttpResponse(html, content_type="text/html; charset=utf-8")


@_micro_cached
@require_GET
def board_pairings_live(request, slug: str, number: int):
    # (a version is known only to a page that showed it; an anonymous visitor shares the fragment)
    quick = live.quick_answer(
        "results", request.GET.get("v"), slug, number, shared=not request.user.is_authenticated
    )
    if quick is not None:
        return HttpResponse(status=204) if quick == 204 else _fragment(quick)
    t = _tournament(slug)
    r = _round(t, number)
    public = selectors.board_pairings_visible(r)
    if not (public or permissions.is_official(request.user, t)):
        raise Http404(_("The board pairings of this round are not posted yet."))
    current = live.results_version(slug, number)
    captain_ids = sorted(permissions.captain_team_ids(request.user, t))

    def render(captain_ids=(), req=None) -> str:
        context = {
            "tournament": t,
            "round": r,
            "matches": selectors.shared_matches_with_boards(r),
            "captain_ids": list(captain_ids),
            "live": live.results_mark(r, current=current),
        }
        return render_to_string("operations/board_pairings.html#live-boards", context, request=req)

    if captain_ids or not public:  # his own buttons (and their CSRF token), or not public yet: not shared
        return _fragment(render(captain_ids, request))
    return _fragment(live.cached_fragment("results", slug, number, current, render))


@_micro_cached
@require_GET
def standings_live(request, slug: str):
    quick = live.quick_answer("standings", request.GET.get("v"), slug)
    if quick is not None:
        return HttpResponse(status=204) if quick == 204 else _fragment(quick)
    t = _tournament(slug)
    current = live.standings_version(slug)

    def render() -> str:
        context = {
            "tournament": t,
            "st": selectors.standings_table(t),
            "rounds": list(range(1, selectors.latest_result_round(t) + 1)),
            "live": live.standings_mark(t, current=current),
        }
        return render_to_string("operations/standings.html#live-standings", context)

    return _fragment(live.cached_fragment("standings", slug, 0, current, render))
