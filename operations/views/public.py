"""Public pages: board pairings, standings, crosstable, tie-break detail, exports."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from operations import live, permissions, query_bounds, selectors
from operations.services import exports
from operations.views._common import _round, _tournament, refusal
from tournaments.models import Team

# -- public ---------------------------------------------------------------------


def board_pairings_page(request, slug: str, number: int, layout: str = "list"):
    t = _tournament(slug)
    r = _round(t, number)
    official = permissions.is_official(request.user, t)
    public = selectors.board_pairings_visible(r)
    if not (public or official):
        raise Http404(_("The board pairings of this round are not posted yet."))
    template = {
        "list": "board_pairings.html",
        "print": "board_pairings_print.html",
        "cards": "pairing_cards.html",
    }
    captain_ids = sorted(permissions.captain_team_ids(request.user, t))
    current = live.results_version(t.slug, r.number) if layout == "list" else None  # before the results
    context = {
        "tournament": t,
        "round": r,
        "matches": selectors.shared_matches_with_boards(r),
        "official": official,
        "captain_ids": captain_ids,
        "live": live.results_mark(r, current=current) if layout == "list" else None,
    }
    if layout == "list" and public and not captain_ids:
        # The matches as the live fragment shows them (no captain's button): rendered once per
        # version for this page and the fragment's pollers.
        context["live_boards"] = mark_safe(
            live.fragment_of_version("results", t.slug, r.number, current, lambda: _live_boards(context))
        )
    return render(request, f"operations/{template[layout]}", context)


def _live_boards(context: dict) -> str:
    shared = {key: context[key] for key in ("tournament", "round", "matches", "live")}
    return render_to_string("operations/board_pairings.html#live-boards", {**shared, "captain_ids": []})


def standings_page(request, slug: str):
    t = _tournament(slug)
    try:
        through = query_bounds.standings_round(t, request.GET.get("round"))
    except query_bounds.Refused as refused:
        return refusal(request, refused)
    # The latest standings follow the play (their version taken before the results are read).
    current = live.standings_version(t.slug) if not through else None
    mark = live.standings_mark(t, current=current) if not through else None
    st = selectors.standings_table(t, through)
    rounds = list(range(1, selectors.latest_result_round(t) + 1))
    context = {"tournament": t, "st": st, "rounds": rounds, "live": mark}
    if not through:  # the live fragment's own table, rendered once per version for the page and its pollers
        context["live_standings"] = mark_safe(
            live.fragment_of_version(
                "standings",
                t.slug,
                0,
                current,
                lambda: render_to_string("operations/standings.html#live-standings", context),
            )
        )
    return render(request, "operations/standings.html", context)


def crosstable_page(request, slug: str):
    t = _tournament(slug)
    rs, cells = selectors.crosstable_table(t)
    st = selectors.standings_table(t, rs.through)
    order = [row.tpn for row in st.rows]
    rows = [(rs.state.by_tpn[tpn], st.rows[i], cells[tpn]) for i, tpn in enumerate(order)]
    return render(
        request,
        "operations/crosstable.html",
        {
            "tournament": t,
            "rows": rows,
            "through": rs.through,
            "provisional": rs.provisional,
            "round_numbers": range(1, rs.through + 1),
        },
    )


def tiebreak_detail_page(request, slug: str, tpn: int):
    t = _tournament(slug)
    team = get_object_or_404(Team, tournament=t, tpn=tpn)
    detail = selectors.tiebreak_detail(t, team)
    return render(request, "operations/tiebreak_detail.html", {"tournament": t, "team": team, **detail})


def _download(text: str, filename: str, content_type: str) -> HttpResponse:
    resp = HttpResponse(text, content_type=content_type)
    resp["Content-Disposition"] = f'attachment; filename="{filename}"'
    return resp


def standings_csv(request, slug: str):
    t = _tournament(slug)
    return _download(exports.standings_csv(t), f"{t.slug}-standings.csv", "text/csv; charset=utf-8")


def pairings_csv(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    if not (selectors.board_pairings_visible(r) or permissions.is_official(request.user, t)):
        raise Http404(_("The board pairings of this round are not posted yet."))
    by_match = request.GET.get("by") == "match"
    return _download(
        exports.pairings_csv(r, boards=not by_match),
        f"{t.slug}-round-{r.number}{'-matches' if by_match else ''}.csv",
        "text/csv; charset=utf-8",
    )


def trf_download(request, slug: str):
    t = _tournament(slug)
    try:
        text = exports.trf_export(t)
    except ValueError as err:
        messages.error(request, _("The TRF export failed: %(error)s") % {"error": err})
        return redirect("ops-standings", slug=t.slug)
    return _download(text, f"{t.slug}.trf", "text/plain; charset=utf-8")
