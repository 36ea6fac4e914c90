"""Captains: lineup form (account or one-time link), match confirmation."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.throttle import lineup_link_guard
from operations import lineup_window, permissions, query_bounds, selectors
from operations.forms import LineupForm
from operations.models import CaptainLink
from operations.services import lineups, results
from operations.views._common import _messages, _round, _tournament, refusal
from tournaments.models import Match, Team
from tournaments.services.individual import NO_LINEUPS
from tournaments.time_zones import format_at_venue

# -- captains -------------------------------------------------------------------


def _lineup_page(request, t, r, team, *, link=None):
    allow_override = permissions.is_arbiter(request.user, t)
    roster = list(team.players.order_by("board_order"))
    current = lineups.current_lineup(team, r) or lineups.proposed_default(team, r)
    form = LineupForm(
        request.POST or None,
        roster=roster,
        boards=t.boards,
        initial_ids=current,
        allow_override=allow_override,
    )
    empty_boards: list[int] = []
    empty_warning = ""
    if request.method == "POST" and form.is_valid():
        try:
            sub = lineups.submit_lineup(
                team,
                r,
                form.player_ids(),
                by=request.user,
                link=link,
                override_reason=form.cleaned_data.get("override_reason", ""),
                confirm_empty_boards=form.confirmed_empty_boards(),
            )
        except lineups.EmptyBoardsUnconfirmed as err:
            # the form again, as chosen, with the boards named and a box to confirm (issue 18, item 6)
            empty_boards, empty_warning = err.boards, " ".join(err.messages)
        except ValidationError as err:
            messages.error(request, _("Lineup refused: %(messages)s") % {"messages": _messages(err)})
        else:
            names = ", ".join(p.name for p in roster if p.pk in set(sub.players))
            messages.success(
                request,
                _("Lineup of %(team_name)s for round %(r_number)s received at %(localtime)s: %(names)s.")
                % {
                    "team_name": team.name,
                    "r_number": r.number,
                    "localtime": format_at_venue(sub.submitted_at, t, "Y-m-d H:i:s"),
                    "names": names,
                },
            )
            if link is not None:
                return (
                    redirect("ops-board-pairings", slug=t.slug, number=r.number)
                    if selectors.board_pairings_visible(r)
                    else redirect("tournament-detail", slug=t.slug)
                )
            return redirect(request.get_full_path())
    return render(
        request,
        "operations/lineup_form.html",
        {
            "tournament": t,
            "round": r,
            "team": team,
            "form": form,
            "roster": roster,
            "window": lineup_window.window_message(r),
            "open": lineup_window.window_is_open(r),
            "submissions": selectors.submissions_of(team, r)[:20],
            "match": selectors.team_match(team, r),
            "link": link,
            "allow_override": allow_override,
            "empty_boards": empty_boards,
            "empty_boards_value": ",".join(str(b) for b in empty_boards),
            "empty_boards_text": ", ".join(str(b) for b in empty_boards),
            "empty_warning": empty_warning,
        },
    )


@login_required
def lineup_page(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    if not t.is_team_event:
        raise PermissionDenied(NO_LINEUPS)
    tpn = request.GET.get("team")
    if permissions.is_arbiter(request.user, t) or permissions.is_committee(request.user, t):
        if not tpn:
            return redirect("ops-lineup-status", slug=t.slug, number=r.number)
        try:
            team = query_bounds.team_of(t, tpn)  # issue 18: ``?team=abc`` is refused, not a 500
        except query_bounds.Refused as refused:
            return refusal(request, refused)
    else:
        teams = list(
            Team.objects.filter(pk__in=permissions.captain_team_ids(request.user, t)).order_by("tpn")
        )
        if not teams:
            raise PermissionDenied(_("Only a team captain submits a lineup."))
        team = next((x for x in teams if str(x.tpn) == tpn), teams[0]) if tpn else teams[0]
        if tpn and str(team.tpn) != tpn:
            raise PermissionDenied(_("You are not the captain of that team."))
    return _lineup_page(request, t, r, team)


@lineup_link_guard  # unknown links count as failures of the address (django-axes)
def lineup_link_page(request, token: str):
    link = get_object_or_404(CaptainLink.objects.select_related("team", "round__tournament"), token=token)
    if link.used_at is not None:
        return render(request, "operations/link_used.html", {"link": link}, status=410)
    if not link.round.tournament.is_team_event:
        raise PermissionDenied(NO_LINEUPS)
    return _lineup_page(request, link.round.tournament, link.round, link.team, link=link)


@login_required
@require_POST
def confirm_match_view(request, slug: str, number: int, table: int):
    t = _tournament(slug)
    r = _round(t, number)
    match = get_object_or_404(Match, round=r, table=table)
    team_ids = permissions.captain_team_ids(request.user, t) & {match.white_team_id, match.black_team_id}
    if not team_ids:
        raise PermissionDenied(_("Only a captain of one of the two teams confirms the result."))
    team = Team.objects.get(pk=team_ids.pop())
    try:
        results.confirm_match(match, team, by=request.user)
        messages.success(
            request,
            _("%(team_name)s confirmed the result of table %(table)s.")
            % {"team_name": team.name, "table": table},
        )
    except ValidationError as err:
        messages.error(request, _messages(err))
    return redirect("ops-board-pairings", slug=t.slug, number=r.number)
