"""Operations pages: they parse the request, call a selector or a service, render.

Permissions are checked by the services (writes) and here (reads of
non-public data); ``PermissionDenied`` becomes a 403.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from operations import permissions, selectors
from operations.forms import RESULT_CHOICES, LineupForm, TrfImportForm
from operations.models import CaptainLink
from operations.services import board_pairings, exports, lineups, results, summary, trf_import
from tournaments.models import Match, Round, Team, Tournament


def _messages(err: ValidationError) -> str:
    return " ".join(err.messages)


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def _round(t: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=t, number=number)


# -- public ---------------------------------------------------------------------


def board_pairings_page(request, slug: str, number: int, layout: str = "list"):
    t = _tournament(slug)
    r = _round(t, number)
    official = permissions.is_official(request.user, t)
    if not (selectors.board_pairings_visible(r) or official):
        raise Http404("The board pairings of this round are not posted yet.")
    template = {
        "list": "board_pairings.html",
        "print": "board_pairings_print.html",
        "cards": "pairing_cards.html",
    }
    return render(
        request,
        f"operations/{template[layout]}",
        {"tournament": t, "round": r, "matches": selectors.matches_with_boards(r), "official": official},
    )


def standings_page(request, slug: str):
    t = _tournament(slug)
    through = request.GET.get("round")
    st = selectors.standings_table(t, int(through) if through and through.isdigit() else None)
    rounds = list(range(1, selectors.latest_result_round(t) + 1))
    return render(request, "operations/standings.html", {"tournament": t, "st": st, "rounds": rounds})


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
        raise Http404("The board pairings of this round are not posted yet.")
    return _download(exports.pairings_csv(r), f"{t.slug}-round-{r.number}.csv", "text/csv; charset=utf-8")


def trf_download(request, slug: str):
    t = _tournament(slug)
    try:
        text = exports.trf_export(t)
    except ValueError as err:
        messages.error(request, f"The TRF export failed: {err}")
        return redirect("ops-standings", slug=t.slug)
    return _download(text, f"{t.slug}.trf", "text/plain; charset=utf-8")


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
    if request.method == "POST" and form.is_valid():
        try:
            sub = lineups.submit_lineup(
                team,
                r,
                form.player_ids(),
                by=request.user,
                link=link,
                override_reason=form.cleaned_data.get("override_reason", ""),
            )
        except ValidationError as err:
            messages.error(request, f"Lineup refused: {_messages(err)}")
        else:
            names = ", ".join(p.name for p in roster if p.pk in set(sub.players))
            messages.success(
                request,
                f"Lineup of {team.name} for round {r.number} received at {timezone.localtime(sub.submitted_at):%Y-%m-%d %H:%M:%S %Z}: {names}.",
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
            "window": lineups.window_message(r),
            "open": lineups.window_is_open(r),
            "submissions": selectors.submissions_of(team, r)[:20],
            "match": selectors.team_match(team, r),
            "link": link,
            "allow_override": allow_override,
        },
    )


@login_required
def lineup_page(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    tpn = request.GET.get("team")
    if permissions.is_arbiter(request.user, t) or permissions.is_committee(request.user, t):
        if not tpn:
            return redirect("ops-lineup-status", slug=t.slug, number=r.number)
        team = get_object_or_404(Team, tournament=t, tpn=tpn)
    else:
        teams = list(
            Team.objects.filter(pk__in=permissions.captain_team_ids(request.user, t)).order_by("tpn")
        )
        if not teams:
            raise PermissionDenied("Only a team captain submits a lineup.")
        team = next((x for x in teams if str(x.tpn) == tpn), teams[0]) if tpn else teams[0]
        if tpn and str(team.tpn) != tpn:
            raise PermissionDenied("You are not the captain of that team.")
    return _lineup_page(request, t, r, team)


def lineup_link_page(request, token: str):
    link = get_object_or_404(CaptainLink.objects.select_related("team", "round__tournament"), token=token)
    if link.used_at is not None:
        return render(request, "operations/link_used.html", {"link": link}, status=410)
    return _lineup_page(request, link.round.tournament, link.round, link.team, link=link)


@login_required
@require_POST
def confirm_match_view(request, slug: str, number: int, table: int):
    t = _tournament(slug)
    r = _round(t, number)
    match = get_object_or_404(Match, round=r, table=table)
    team_ids = permissions.captain_team_ids(request.user, t) & {match.white_team_id, match.black_team_id}
    if not team_ids:
        raise PermissionDenied("Only a captain of one of the two teams confirms the result.")
    team = Team.objects.get(pk=team_ids.pop())
    try:
        results.confirm_match(match, team, by=request.user)
        messages.success(request, f"{team.name} confirmed the result of table {table}.")
    except ValidationError as err:
        messages.error(request, _messages(err))
    return redirect("ops-board-pairings", slug=t.slug, number=r.number)


# -- committee and arbiters -----------------------------------------------------


def _require_official(request, t):
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    permissions.require(
        permissions.is_official(request.user, t), "This page is for arbiters and the committee."
    )
    return None


def lineup_status_page(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    if (resp := _require_official(request, t)) is not None:
        return resp
    links = CaptainLink.objects.filter(round=r).select_related("team").order_by("-created_at")
    return render(
        request,
        "operations/lineup_status.html",
        {
            "tournament": t,
            "round": r,
            **selectors.lineup_status(r),
            "links": links,
            "window": lineups.window_message(r),
            "is_arbiter": permissions.is_arbiter(request.user, t),
            "base_url": request.build_absolute_uri("/")[:-1],
        },
    )


def _act(request, t, r, action, ok: str, back: str = "ops-lineup-status"):
    try:
        action()
        messages.success(request, ok)
    except ValidationError as err:
        messages.error(request, _messages(err))
    return redirect(back, slug=t.slug, number=r.number)


@login_required
@require_POST
def close_lineups_view(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    return _act(
        request,
        t,
        r,
        lambda: lineups.close_lineups(r, by=request.user),
        f"Lineups of round {r.number} closed; defaults applied.",
    )


@login_required
@require_POST
def post_board_pairings_view(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    return _act(
        request,
        t,
        r,
        lambda: board_pairings.post_board_pairings(r, by=request.user),
        f"Board pairings of round {r.number} posted.",
    )


@login_required
@require_POST
def issue_link_view(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    team = get_object_or_404(Team, tournament=t, tpn=request.POST.get("team"))
    return _act(
        request,
        t,
        r,
        lambda: lineups.issue_captain_link(team, r, by=request.user),
        f"A one-time link for {team.name} was issued.",
    )


def results_page(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    if (resp := _require_official(request, t)) is not None:
        return resp
    unfinished, pending = results.unfinished_or_pending(r)
    return render(
        request,
        "operations/results.html",
        {
            "tournament": t,
            "round": r,
            "matches": selectors.matches_with_boards(r),
            "is_arbiter": permissions.is_arbiter(request.user, t),
            "unfinished": unfinished,
            "pending": pending,
        },
    )


@login_required
def match_result_page(request, slug: str, number: int, table: int):
    t = _tournament(slug)
    r = _round(t, number)
    match = get_object_or_404(Match.objects.select_related("white_team", "black_team"), round=r, table=table)
    permissions.require(permissions.is_arbiter(request.user, t), "Only an arbiter enters results.")
    games = list(match.boards.select_related("white", "black").order_by("board"))
    if request.method == "POST":
        entered, expected = {}, {}
        try:
            for key, value in request.POST.items():
                if key.startswith("board_"):
                    entered[_board_number(key[6:])] = value
                elif key.startswith("was_"):
                    expected[_board_number(key[4:])] = value
            if "absent" in request.POST:
                team = get_object_or_404(Team, tournament=t, tpn=request.POST["absent"])
                results.record_absent_team(match, team, by=request.user)
                messages.success(request, f"{team.name} recorded absent: match lost by forfeit (rule 53).")
            else:
                m = results.enter_results(match, entered, by=request.user, expected=expected)
                messages.success(
                    request,
                    f"Table {table}: {m.white_team.label} {m.white_game_points or 0:g} – "
                    f"{m.black_game_points or 0:g} {m.black_team.label} saved.",
                )
            return redirect("ops-results", slug=t.slug, number=r.number)
        except ValidationError as err:
            messages.error(request, _messages(err))
            return redirect("ops-match-result", slug=t.slug, number=r.number, table=table)
    return render(
        request,
        "operations/match_result.html",
        {"tournament": t, "round": r, "match": match, "games": games, "choices": RESULT_CHOICES},
    )


def _board_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValidationError(f"{text!r} is not a board number.") from None


@login_required
@require_POST
def complete_round_view(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    return _act(
        request,
        t,
        r,
        lambda: results.complete_round(r, by=request.user),
        f"Round {r.number} is complete.",
        back="ops-results",
    )


@login_required
@require_POST
def reopen_round_view(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    return _act(
        request,
        t,
        r,
        lambda: results.reopen_round(r, by=request.user),
        f"Round {r.number} reopened for corrections.",
        back="ops-results",
    )


def summary_page(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    if (resp := _require_official(request, t)) is not None:
        return resp
    return render(
        request,
        "operations/summary.html",
        {
            "tournament": t,
            "round": r,
            "content": summary.summary_content(r),
            "signed": selectors.summaries_of(r),
            "is_arbiter": permissions.is_arbiter(request.user, t),
        },
    )


@login_required
@require_POST
def sign_summary_view(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    return _act(
        request,
        t,
        r,
        lambda: summary.sign_results_summary(r, by=request.user),
        f"Results summary of round {r.number} signed.",
        back="ops-summary",
    )


@login_required
def trf_import_page(request):
    permissions.require(request.user.is_staff or request.user.is_superuser, "Only staff import tournaments.")
    form = TrfImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        raw = form.cleaned_data["file"].read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        try:
            t = trf_import.import_trf(
                text, name=form.cleaned_data["name"], slug=form.cleaned_data["slug"], by=request.user
            )
        except ValidationError as err:
            messages.error(request, f"Import refused, nothing saved: {_messages(err)}")
        else:
            messages.success(request, f"{t.name} imported: {t.teams.count()} teams.")
            return redirect("tournament-detail", slug=t.slug)
    return render(request, "operations/trf_import.html", {"form": form})


def round_hub(request, slug: str):
    """The operations index of a tournament: each round's pages."""
    t = _tournament(slug)
    official = permissions.is_official(request.user, t)
    captain = bool(permissions.captain_team_ids(request.user, t))
    return render(
        request,
        "operations/hub.html",
        {
            "tournament": t,
            "rounds": t.rounds.order_by("number"),
            "official": official,
            "captain": captain,
            "posted_states": selectors.POSTED_STATES,
        },
    )
