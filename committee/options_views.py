"""The committee chair's page of pairing options, and the switch of the public "why" lines.

Before round 1 is published the chair chooses every option of the system
(a form generated from ``engine.options.specs``); afterwards the page shows
them read-only, and a change is a committee decision with its reason.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from committee import forms, selectors
from committee.services.options import change_options_by_decision, choose_options, set_public_reasons
from committee.views import committee_page
from tournaments.pairing_options import options_frozen, options_in_force


def _context(tournament, form: forms.OptionsForm) -> dict:
    first = tournament.rounds.filter(number=1).first()
    return {
        "tournament": tournament,
        "form": form,
        "frozen": form.fields.get("decision_reason") is not None,
        "changes": selectors.options_changes_of(tournament),
        # A draft of round 1 computed with earlier options is not published (approvals.publish checks).
        "round1_drafted": first is not None
        and first.published_at is None
        and first.state in ("draft_computed", "under_review", "approved"),
    }


@require_http_methods(["GET", "POST"])
@committee_page("committee.edit_options")
def options_page(request, tournament):
    frozen = options_frozen(tournament)
    rows = options_in_force(tournament)
    if request.method == "GET" or frozen:
        form = forms.OptionsForm(rows, with_reason=frozen)
        if request.method == "POST":
            messages.error(request, _("Round 1's pairing is published: the options are frozen."))
            return render(request, "committee/options.html", _context(tournament, form), status=409)
        return render(request, "committee/options.html", _context(tournament, form))
    form = forms.OptionsForm(rows, request.POST)
    if form.is_valid():
        try:
            choose_options(tournament=tournament, user=request.user, values=form.option_values())
        except ValidationError as exc:
            form.add_service_errors(exc)
        else:
            messages.success(request, _("The pairing options are saved."))
            return redirect(reverse("committee-options", kwargs={"slug": tournament.slug}))
    return render(request, "committee/options.html", _context(tournament, form), status=400)


@require_POST
@committee_page("committee.edit_options")
def options_decision(request, tournament):
    rows = options_in_force(tournament)
    form = forms.OptionsForm(rows, request.POST, with_reason=True)
    if form.is_valid():
        try:
            change = change_options_by_decision(
                tournament=tournament,
                user=request.user,
                values=form.option_values(),
                reason=form.cleaned_data["decision_reason"],
            )
        except ValidationError as exc:
            form.add_service_errors(exc)
        else:
            messages.success(
                request,
                _(
                    "Decision no. %(decision_id)s recorded: the options change from the pairing of round %(round_number)s."
                )
                % {"decision_id": change.decision_id, "round_number": change.decision.round.number},
            )
            return redirect(reverse("committee-options", kwargs={"slug": tournament.slug}))
    return render(request, "committee/options.html", _context(tournament, form), status=400)


@require_POST
@committee_page("committee.set_public_reasons")
def public_reasons(request, tournament):
    form = forms.PublicReasonsForm(request.POST)
    form.is_valid()
    show = form.cleaned_data.get("show", False)
    set_public_reasons(tournament=tournament, user=request.user, show=show)
    messages.success(
        request,
        _("The public pairings now show each team's reasons.")
        if show
        else _("The public pairings no longer show the teams' reasons."),
    )
    return redirect(reverse("committee-dashboard", kwargs={"slug": tournament.slug}))
