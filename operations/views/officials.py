"""Arbiters and the committee: lineup status, board pairings, results, summary, import."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from operations import confirmations, lineup_window, permissions, query_bounds, score_words, selectors
from operations.forms import RESULT_CHOICES, TrfImportForm
from operations.models import CaptainLink
from operations.services import board_pairings, lineups, results, summary, trf_import
from operations.views._common import _messages, _round, _tournament, refusal
from tournaments.confirmation import confirmation_page, confirmed
from tournaments.models import Match

# -- committee and arbiters -----------------------------------------------------


def _require_official(request, t):
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    permissions.require(
        permissions.is_official(request.user, t), _("This page is for arbiters and the committee.")
    )
    return None


LINEUP_ROWS_PER_PAGE = 50


def lineup_status_page(request, slug: str, number: int):
    """The lineups of the round; ``?missing=1``: only the teams without one; ``?page=N``."""
    t = _tournament(slug)
    r = _round(t, number)
    if (resp := _require_official(request, t)) is not None:
        return resp
    if not t.is_team_event:  # no lineups: the pairing is the board pairing
        if selectors.board_pairings_visible(r):
            return redirect("ops-board-pairings", slug=t.slug, number=r.number)
        return redirect("ops-hub", slug=t.slug)
    links = CaptainLink.objects.filter(round=r).select_related("team").order_by("-created_at")
    status = selectors.lineup_status(r)
    missing = request.GET.get("missing") == "1"
    rows = [row for row in status["rows"] if row.lineup is None] if missing else status["rows"]
    page = Paginator(rows, LINEUP_ROWS_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "operations/lineup_status.html",
        {
            "tournament": t,
            "round": r,
            **status,
            "rows": page.object_list,
            "page": page,
            "missing": missing,
            "links": links,
            "window": lineup_window.window_message(r),
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


def _round_action(action, ok, back: str = "ops-lineup-status", confirm=None, may=permissions.is_official):
    """A POST-only view that runs ``action(round, user)`` on the round and says ``ok`` (``{number}``: its number).

    The service checks the user's role; a refusal of the service is shown as a message.
    ``confirm(round)`` -> (title, what follows, button): the act asks once first (issue 18, item 6);
    a POST without ``confirm=1`` does nothing but show the confirmation, to whoever ``may(user, tournament)`` act.
    """

    @login_required
    @require_POST
    def view(request, slug: str, number: int):
        t = _tournament(slug)
        r = _round(t, number)
        if confirm is not None and not confirmed(request):
            permissions.require(may(request.user, t), _("You may not do this in this tournament."))
            title, follows, label = confirm(r)
            return confirmation_page(
                request,
                title=title,
                follows=follows,
                confirm_label=label,
                cancel_url=reverse(back, kwargs={"slug": t.slug, "number": r.number}),
                context={"tournament": t, "round": r},
            )
        return _act(request, t, r, lambda: action(r, request.user), ok.format(number=r.number), back)

    return view


def _open_or_reopen_lineups(r, user):
    opener = lineups.reopen_lineups if r.state == "lineups_closed" else lineups.open_lineups
    return opener(r, by=user)


open_lineups_view = _round_action(
    _open_or_reopen_lineups, gettext_lazy("Lineups of round {number} are open.")
)
close_lineups_view = _round_action(
    lambda r, user: lineups.close_lineups(r, by=user),
    gettext_lazy("Lineups of round {number} closed; defaults applied."),
    confirm=confirmations.close_lineups_follows,
)
post_board_pairings_view = _round_action(
    lambda r, user: board_pairings.post_board_pairings(r, by=user),
    gettext_lazy("Board pairings of round {number} posted."),
)


@login_required
@require_POST
def issue_link_view(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    try:
        team = query_bounds.team_of(t, request.POST.get("team"))  # issue 18: not a 500 on "abc"
    except query_bounds.Refused as refused:
        return refusal(request, refused)
    return _act(
        request,
        t,
        r,
        lambda: lineups.issue_captain_link(team, r, by=request.user),
        _("A one-time link for %(team)s was issued.") % {"team": team.name},
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
    permissions.require(permissions.is_arbiter(request.user, t), _("Only an arbiter enters results."))
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
                try:
                    team = query_bounds.team_of(t, request.POST["absent"])  # issue 18: not a 500 on "abc"
                except query_bounds.Refused as refused:
                    return refusal(request, refused)
                results.record_absent_team(match, team, by=request.user)
                messages.success(
                    request,
                    _("%(team_name)s recorded absent: match lost by forfeit (rule 53).")
                    % {"team_name": team.name},
                )
            else:
                m = results.enter_results(match, entered, by=request.user, expected=expected)
                messages.success(request, score_words.saved_message(m))
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
        raise ValidationError(_("%(text)r is not a board number.") % {"text": text}) from None


complete_round_view = _round_action(
    lambda r, user: results.complete_round(r, by=user),
    gettext_lazy("Round {number} is complete."),
    back="ops-results",
    confirm=confirmations.complete_follows,
    may=permissions.is_arbiter,
)
reopen_round_view = _round_action(
    lambda r, user: results.reopen_round(r, by=user),
    gettext_lazy("Round {number} reopened for corrections."),
    back="ops-results",
    confirm=confirmations.reopen_follows,
    may=permissions.is_arbiter,
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
            "current": summary.signed_summary_is_current(r),
            "is_arbiter": permissions.is_arbiter(request.user, t),
            **selectors.next_round_basis(r),
        },
    )


sign_summary_view = _round_action(
    lambda r, user: summary.sign_results_summary(r, by=user),
    gettext_lazy("Results summary of round {number} signed."),
    back="ops-summary",
)


@login_required
def trf_import_page(request):
    permissions.require(
        request.user.is_staff or request.user.is_superuser, _("Only staff import tournaments.")
    )
    form = TrfImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            t = trf_import.import_trf(
                form.cleaned_data["file"].read(),
                name=form.cleaned_data["name"],
                slug=form.cleaned_data["slug"],
                by=request.user,
            )
        except ValidationError as err:
            messages.error(
                request, _("Import refused, nothing saved: %(messages)s") % {"messages": _messages(err)}
            )
        else:
            messages.success(
                request,
                _("%(t_name)s imported: %(count)s teams.") % {"t_name": t.name, "count": t.teams.count()},
            )
            return redirect("tournament-detail", slug=t.slug)
    return render(request, "operations/trf_import.html", {"form": form})


def round_hub(request, slug: str):
    """The operations index of a tournament: each round's pages."""
    t = _tournament(slug)
    official = permissions.is_official(request.user, t)
    captain = t.is_team_event and bool(permissions.captain_team_ids(request.user, t))
    return render(
        request,
        "operations/hub.html",
        {
            "tournament": t,
            "rounds": t.rounds.order_by("number"),
            "official": official,
            "arbiter": permissions.is_arbiter(request.user, t),
            "entry_states": results.ENTRY_STATES,
            "captain": captain,
            "posted_states": selectors.POSTED_STATES,
        },
    )
