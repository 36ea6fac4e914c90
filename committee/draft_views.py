"""The committee's actions on a round's draft: request a pairing, amend, revert, override, approve, publish.

Each action is a POST through :func:`committee.views.committee_page`, which
checks the member's permission for it; the service checks the draft version
the member saw is still the current one. A correction of a published pairing
needs a reason (rule 57) and every publication is confirmed first,
saying what follows (issue 18, item 6). With htmx the draft panel answers in
place, otherwise the round page.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from committee import forms, selectors, services
from committee.confirmations import publication_follows
from committee.models import DraftVersion
from committee.views import committee_page, render_draft_panel, round_url, show_errors
from tournaments.confirmation import confirmation_page, confirmed
from tournaments.engine_texts import with_team_names


def draft_version(rnd, form) -> DraftVersion:
    """The draft version the member saw (its id is in the form); the service checks it is current."""
    return get_object_or_404(
        DraftVersion.objects.select_related("round__tournament", "run"),
        pk=form.cleaned_data["version"],
        round=rnd,
    )


def done(request, rnd, message: str | None = None, exc: ValidationError | None = None) -> HttpResponse:
    """An action's answer: its message (or errors), then the draft panel (htmx) or the round page."""
    if exc is not None:
        show_errors(request, exc)
    elif message:
        messages.success(request, message)
    if request.htmx:
        rnd.refresh_from_db()
        return render_draft_panel(request, rnd)
    return redirect(round_url(rnd))


def form_errors(form) -> ValidationError:
    """A form's errors as one ValidationError, each message prefixed by its field's name."""
    return ValidationError(
        [
            f"{name}: {' '.join(errs)}" if name != "__all__" else " ".join(errs)
            for name, errs in form.errors.items()
        ]
    )


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
        show_errors(request, exc)
    # No message: the run panel shows the run's state as it is (queued, running, done, failed)
    # and polls until it is done; a message written now would say "queued" after it was done.
    return redirect(round_url(rnd))


@require_POST
@committee_page("committee.amend_draft")
def amend(request, rnd):
    form = forms.AmendForm(request.POST)
    if not form.is_valid():
        return done(request, rnd, exc=form_errors(form))
    try:
        new = services.amend_draft(
            version=draft_version(rnd, form),
            operation=form.cleaned_data["operation"],
            team_a=form.cleaned_data["team_a"],
            team_b=form.cleaned_data.get("team_b"),
            user=request.user,
        )
    except ValidationError as exc:
        return done(request, rnd, exc=exc)
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
        return done(request, rnd)
    return done(
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
        return done(request, rnd, exc=form_errors(form))
    to = get_object_or_404(DraftVersion, pk=form.cleaned_data["to"], round=rnd)
    try:
        new = services.revert_draft(version=draft_version(rnd, form), to=to, user=request.user)
    except ValidationError as exc:
        return done(request, rnd, exc=exc)
    return done(
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
        return done(request, rnd, exc=form_errors(form))
    try:
        services.override_absolute(
            version=draft_version(rnd, form), user=request.user, reason=form.cleaned_data["reason"]
        )
    except ValidationError as exc:
        return done(request, rnd, exc=exc)
    return done(request, rnd, _("The Chief Arbiter's override is recorded."))


@require_POST
@committee_page("committee.approve")
def approve(request, rnd):
    form = forms.VersionForm(request.POST)
    if not form.is_valid():
        return done(request, rnd, exc=form_errors(form))
    try:
        approval = services.approve(version=draft_version(rnd, form), user=request.user)
    except ValidationError as exc:
        return done(request, rnd, exc=exc)
    still = selectors.approvals_needed(approval.version)
    return done(
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
        return done(request, rnd, exc=form_errors(form))
    version = draft_version(rnd, form)
    correction = rnd.publications.exists()
    if correction and not form.cleaned_data["reason"].strip():
        return done(
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
            cancel_url=round_url(rnd),
            context={"tournament": rnd.tournament, "round": rnd},
        )
    try:
        publication = services.publish(version=version, user=request.user, reason=form.cleaned_data["reason"])
    except ValidationError as exc:
        return done(request, rnd, exc=exc)
    messages.success(
        request,
        _("Publication %(publication_number)s of round %(rnd_number)s is public.")
        % {"publication_number": publication.number, "rnd_number": rnd.number},
    )
    return redirect(round_url(rnd))


@require_POST
@committee_page("committee.start_correction")
def start_correction(request, rnd):
    form = forms.CorrectionForm(request.POST)
    if not form.is_valid():
        return done(request, rnd, exc=form_errors(form))
    try:
        services.start_correction(round=rnd, user=request.user, reason=form.cleaned_data["reason"])
    except ValidationError as exc:
        return done(request, rnd, exc=exc)
    return redirect(round_url(rnd))
