"""The committee's pages: the dashboard, and a round's review page with its htmx panels.

Every committee page goes through :func:`committee_page`, which resolves the
tournament and the round from the URL and checks the user's role in the
tournament on the server. Views only read through selectors and write through
services; the actions on a round's draft are ``committee.draft_views``', the
notes ``committee.note_views``'.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from committee import basis, forms, permissions, selectors


def committee_page(perm: str):
    """Resolve the tournament and round from the URL and require ``perm`` on them."""

    def decorator(view):
        @wraps(view)
        def wrapper(request: HttpRequest, slug: str, number: int | None = None, **kwargs):
            tournament = selectors.tournament_by_slug(slug)
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            obj = selectors.round_of(tournament, number) if number is not None else tournament
            permissions.require(request.user, perm, obj)
            return view(request, obj, **kwargs)

        return wrapper

    return decorator


def round_url(rnd) -> str:
    """The round's review page."""
    return reverse("committee-round", kwargs={"slug": rnd.tournament.slug, "number": rnd.number})


def show_errors(request, exc: ValidationError) -> None:
    """Each of ``exc``'s messages as an error message on the next page."""
    for message in exc.messages:
        messages.error(request, message)


@committee_page("committee.view_draft")
def dashboard(request, tournament):
    rounds = selectors.rounds_for_dashboard(tournament)
    changed = basis.changed_bases(rounds)
    rows = [
        {
            "round": r,
            "run": selectors.latest_run(r),
            "version": selectors.current_version(r),
            "basis": changed.get(r.pk),
        }
        for r in rounds
    ]
    return render(
        request,
        "committee/dashboard.html",
        {
            "tournament": tournament,
            "rows": rows,
            "can_edit_options": permissions.has(request.user, "committee.edit_options", tournament),
            "can_set_public_reasons": permissions.has(
                request.user, "committee.set_public_reasons", tournament
            ),
        },
    )


def pairing_choices(view: selectors.DraftView) -> list[tuple[str, str]]:
    """The draft's pairings a note may concern: "white-black" or "tpn-bye"."""
    choices = [
        (
            f"{r['white']['tpn']}-{r['black']['tpn']}",
            f"{r['table']}. {r['white']['name']} – {r['black']['name']}",
        )
        for r in view.rows
    ]
    if view.bye:
        choices.append((f"{view.bye['team']['tpn']}-bye", f"{view.bye['team']['name']} – bye"))
    return choices


def review_context(request, rnd, note_form: forms.NoteForm | None = None) -> dict:
    """The round page's context: the draft, what the member may do, the versions, notes and publications."""
    view = selectors.draft_view(rnd)
    user = request.user
    can = {name.split(".", 1)[1]: permissions.has(user, name, rnd) for name in permissions.PERMISSIONS}
    teams = sorted(
        [r["white"] for r in view.rows]
        + [r["black"] for r in view.rows]
        + ([view.bye["team"]] if view.bye else []),
        key=lambda t: t["tpn"],
    )
    versions = list(selectors.versions_of(rnd)[:50])
    names = {t["tpn"]: t["name"] for t in teams}
    for v in versions:  # the teams an amendment named, by TPN and name (issue 18 item 6)
        v.team_a_label = f"{v.team_a} {names.get(v.team_a, '')}".strip() if v.team_a else ""
        v.team_b_label = f"{v.team_b} {names.get(v.team_b, '')}".strip() if v.team_b else ""
    return {
        "tournament": rnd.tournament,
        "round": rnd,
        "view": view,
        "can": can,
        "teams": teams,
        "versions": versions,
        "draft_stamp": selectors.draft_stamp(rnd),
        "notes": selectors.notes_of(rnd),
        "publications": selectors.publications_of(rnd),
        "note_form": note_form or forms.NoteForm(pairing_choices=pairing_choices(view), initial={"text": ""}),
        "request_form": forms.RequestPairingForm(),
        "amend_operations": forms.AmendForm.base_fields["operation"].choices,
    }


def basis_context(rnd) -> dict:
    """The results the round's pairing rests on, and the checker on the results now (issue 18)."""
    found = basis.basis_of(rnd)
    changed = found if found is not None and found.changed else None
    report = basis.recheck(changed) if changed else None
    if report:
        report = selectors.named_report(report, selectors.team_names(rnd))
    return {"basis": changed, "recheck": report}


@committee_page("committee.view_draft")
def round_review(request, rnd):
    return render(request, "committee/round.html", {**review_context(request, rnd), **basis_context(rnd)})


def render_draft_panel(request, rnd) -> HttpResponse:
    """The draft panel alone (htmx)."""
    return render(request, "committee/_draft.html", review_context(request, rnd))


@require_GET
@committee_page("committee.view_draft")
def draft_panel(request, rnd):
    """The draft panel (with the versions, out of band), polled by htmx: 204 while ``seen`` is still true.

    Another member's amendment, approval or override, a publication or a new run changes the
    stamp, and the page's buttons and versions are refreshed (issue 18 item 6).
    """
    if request.GET.get("seen") == selectors.draft_stamp(rnd):
        return HttpResponse(status=204)
    return render_draft_panel(request, rnd)


@require_GET
@committee_page("committee.view_draft")
def run_status(request, rnd):
    """The run panel, polled by htmx while a run is queued or running."""
    view = selectors.draft_view(rnd)
    response = render(
        request, "committee/_run_status.html", {"view": view, "round": rnd, "tournament": rnd.tournament}
    )
    if request.htmx and view.active_run is None and request.GET.get("polling"):
        response["HX-Refresh"] = "true"  # the draft (or the failure) is ready: show the whole page
    return response
