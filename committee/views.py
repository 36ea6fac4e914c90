"""The committee's pages: dashboard, round review (compute, amend, annotate, approve, publish).

Views only read through selectors and write through services; every page
and action checks the user's role in the tournament on the server.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from committee import basis, forms, permissions, selectors, services
from committee.confirmations import publication_follows
from committee.models import DraftVersion
from committee.writeup import writeup_draft
from tournaments.confirmation import confirmation_page, confirmed
from tournaments.engine_texts import with_team_names


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


def _round_url(rnd) -> str:
    return reverse("committee-round", kwargs={"slug": rnd.tournament.slug, "number": rnd.number})


def _errors(request, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


def _version(rnd, form) -> DraftVersion:
    """The draft version the member saw (its id is in the form); the service checks it is current."""
    return get_object_or_404(
        DraftVersion.objects.select_related("round__tournament", "run"),
        pk=form.cleaned_data["version"],
        round=rnd,
    )


def _done(request, rnd, message: str | None = None, exc: ValidationError | None = None) -> HttpResponse:
    if exc is not None:
        _errors(request, exc)
    elif message:
        messages.success(request, message)
    if request.htmx:
        rnd.refresh_from_db()
        return _draft_panel(request, rnd)
    return redirect(_round_url(rnd))


def _form_errors(form) -> ValidationError:
    return ValidationError(
        [
            f"{name}: {' '.join(errs)}" if name != "__all__" else " ".join(errs)
            for name, errs in form.errors.items()
        ]
    )


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


def _pairing_choices(view: selectors.DraftView) -> list[tuple[str, str]]:
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


def _context(request, rnd, note_form: forms.NoteForm | None = None) -> dict:
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
        "note_form": note_form
        or forms.NoteForm(pairing_choices=_pairing_choices(view), initial={"text": ""}),
        "request_form": forms.RequestPairingForm(),
        "amend_operations": forms.AmendForm.base_fields["operation"].choices,
    }


def _basis_context(rnd) -> dict:
    """The results the round's pairing rests on, and the checker on the results now (issue 18)."""
    found = basis.basis_of(rnd)
    changed = found if found is not None and found.changed else None
    report = basis.recheck(changed) if changed else None
    if report:
        report = selectors.named_report(report, selectors.team_names(rnd))
    return {"basis": changed, "recheck": report}


@committee_page("committee.view_draft")
def round_review(request, rnd):
    return render(request, "committee/round.html", {**_context(request, rnd), **_basis_context(rnd)})


def _draft_panel(request, rnd) -> HttpResponse:
    return render(request, "committee/_draft.html", _context(request, rnd))


@require_GET
@committee_page("committee.view_draft")
def draft_panel(request, rnd):
    """The draft panel (with the versions, out of band), polled by htmx: 204 while ``seen`` is still true.

    Another member's amendment, approval or override, a publication or a new run changes the
    stamp, and the page's buttons and versions are refreshed (issue 18 item 6).
    """
    if request.GET.get("seen") == selectors.draft_stamp(rnd):
        return HttpResponse(status=204)
    return _draft_panel(request, rnd)


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


@require_POST
@committee_page("committee.request_pairing")
def request_pairing(request, rnd):
    form = forms.RequestPairingForm(request.POST)
    form.is_valid()
    try:
        services.request_pairing(
            round=rnd,
            user=request.user,
            unfinished_as_draws=form.cleaned_data.get("unfinished_as_draws", False),
        )
    except ValidationError as exc:
        _errors(request, exc)
    # No message: the run panel shows the run's state as it is (queued, running, done, failed)
    # and polls until it is done; a message written now would say "queued" after it was done.
    return redirect(_round_url(rnd))


@require_POST
@committee_page("committee.amend_draft")
def amend(request, rnd):
    form = forms.AmendForm(request.POST)
    if not form.is_valid():
        return _done(request, rnd, exc=_form_errors(form))
    try:
        new = services.amend_draft(
            version=_version(rnd, form),
            operation=form.cleaned_data["operation"],
            team_a=form.cleaned_data["team_a"],
            team_b=form.cleaned_data.get("team_b"),
            user=request.user,
        )
    except ValidationError as exc:
        return _done(request, rnd, exc=exc)
    broken = new.check_report.get("violations", [])
    if broken:
        names = selectors.team_names(rnd)  # the teams by TPN and name (issue 18 item 6)
        messages.warning(
            request,
            _("Version %(number)s saved. The checker reports: %(violations)s")
            % {
                "number": new.number,
                "violations": "; ".join(
                    f"{v['criterion']}{_(' (absolute)') if v['absolute'] else ''}: "
                    + with_team_names(v["message"], names)[0]
                    for v in broken
                ),
            },
        )
        return _done(request, rnd)
    return _done(
        request,
        rnd,
        _("Version %(new_number)s saved; the checker reports no criterion broken.")
        % {"new_number": new.number},
    )


@require_POST
@committee_page("committee.amend_draft")
def revert(request, rnd):
    """Return the draft to an earlier version of the same run (issue 18 item 6)."""
    form = forms.RevertForm(request.POST)
    if not form.is_valid():
        return _done(request, rnd, exc=_form_errors(form))
    to = get_object_or_404(DraftVersion, pk=form.cleaned_data["to"], round=rnd)
    try:
        new = services.revert_draft(version=_version(rnd, form), to=to, user=request.user)
    except ValidationError as exc:
        return _done(request, rnd, exc=exc)
    return _done(
        request,
        rnd,
        _("Version %(new_number)s saved: the draft is back to version %(number)s; it needs approving again.")
        % {"new_number": new.number, "number": to.number},
    )


@require_POST
@committee_page("committee.override")
def override(request, rnd):
    form = forms.OverrideForm(request.POST)
    if not form.is_valid():
        return _done(request, rnd, exc=_form_errors(form))
    try:
        services.override_absolute(
            version=_version(rnd, form), user=request.user, reason=form.cleaned_data["reason"]
        )
    except ValidationError as exc:
        return _done(request, rnd, exc=exc)
    return _done(request, rnd, _("The Chief Arbiter's override is recorded."))


@require_POST
@committee_page("committee.approve")
def approve(request, rnd):
    form = forms.VersionForm(request.POST)
    if not form.is_valid():
        return _done(request, rnd, exc=_form_errors(form))
    try:
        approval = services.approve(version=_version(rnd, form), user=request.user)
    except ValidationError as exc:
        return _done(request, rnd, exc=exc)
    still = selectors.approvals_needed(approval.version)
    return _done(
        request,
        rnd,
        _("Approved. Still needed: %(still)s.") % {"still": still}
        if still
        else _("Approved. The pairing can be published."),
    )


@require_POST
@committee_page("committee.publish")
def publish(request, rnd):
    form = forms.PublishForm(request.POST)
    if not form.is_valid():
        return _done(request, rnd, exc=_form_errors(form))
    version = _version(rnd, form)
    correction = rnd.publications.exists()
    if correction and not form.cleaned_data["reason"].strip():
        return _done(
            request,
            rnd,
            exc=ValidationError(_("A correction of a published pairing needs a reason (rule 57).")),
        )
    if not confirmed(request):  # ask once, saying what follows (issue 18, item 6)
        return confirmation_page(
            request,
            title=(
                _("Publish the correction of round %(number)s?")
                if correction
                else _("Publish the pairing of round %(number)s?")
            )
            % {"number": rnd.number},
            follows=publication_follows(rnd, version),
            confirm_label=_("Publish the correction") if correction else _("Publish"),
            cancel_url=_round_url(rnd),
            context={"tournament": rnd.tournament, "round": rnd},
        )
    try:
        publication = services.publish(version=version, user=request.user, reason=form.cleaned_data["reason"])
    except ValidationError as exc:
        return _done(request, rnd, exc=exc)
    messages.success(
        request,
        _("Publication %(publication_number)s of round %(rnd_number)s is public.")
        % {"publication_number": publication.number, "rnd_number": rnd.number},
    )
    return redirect(_round_url(rnd))


@require_POST
@committee_page("committee.start_correction")
def start_correction(request, rnd):
    form = forms.CorrectionForm(request.POST)
    if not form.is_valid():
        return _done(request, rnd, exc=_form_errors(form))
    try:
        services.start_correction(round=rnd, user=request.user, reason=form.cleaned_data["reason"])
    except ValidationError as exc:
        return _done(request, rnd, exc=exc)
    return redirect(_round_url(rnd))


@require_POST
@committee_page("committee.write_note")
def add_note(request, rnd):
    form = forms.NoteForm(request.POST, pairing_choices=_pairing_choices(selectors.draft_view(rnd)))
    if form.is_valid():
        try:
            services.add_note(
                round=rnd, user=request.user, text=form.cleaned_data["text"], pairings=form.pairing_tuples()
            )
        except ValidationError as exc:
            form.add_error(None, exc)
    if form.errors:  # the page again, with the member's text and the errors beside the form
        return render(
            request,
            "committee/round.html",
            {**_context(request, rnd, note_form=form), **_basis_context(rnd)},
            status=400,
        )
    messages.success(request, _("Note recorded."))
    return redirect(_round_url(rnd) + "#notes")


@require_POST
@committee_page("committee.write_note")
def keep_pairing(request, rnd):
    """Keep the pairing on the changed results, with the committee's reason (issue 18, item 6)."""
    try:
        services.keep_pairing(round=rnd, user=request.user, note=request.POST.get("note", ""))
    except ValidationError as exc:
        _errors(request, exc)
    else:
        messages.success(request, _("The pairing is kept on the changed results; the decision is recorded."))
    return redirect(_round_url(rnd) + "#results-changed")


@require_GET
@committee_page("committee.write_note")
def writeup(request, rnd):
    """The drafted write-up, put into the note box for the member to edit (htmx)."""
    form = forms.NoteForm(initial={"text": writeup_draft(rnd)})
    return render(request, "committee/_writeup.html", {"form": form, "round": rnd})
