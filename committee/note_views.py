"""The committee's notes on a round: a note on the draft, the decision to keep a pairing, the write-up.

A note may concern some of the draft's pairings; a pairing kept on results
changed since it was made is recorded with the committee's reason (issue 18,
item 6); the write-up is a drafted note the member edits before saving it.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from committee import forms, selectors, services
from committee.views import (
    basis_context,
    committee_page,
    pairing_choices,
    review_context,
    round_url,
    show_errors,
)
from committee.writeup import writeup_draft


@require_POST
@committee_page("committee.write_note")
def add_note(request, rnd):
    form = forms.NoteForm(request.POST, pairing_choices=pairing_choices(selectors.draft_view(rnd)))
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
            {**review_context(request, rnd, note_form=form), **basis_context(rnd)},
            status=400,
        )
    messages.success(request, _("Note recorded."))
    return redirect(round_url(rnd) + "#notes")


@require_POST
@committee_page("committee.write_note")
def keep_pairing(request, rnd):
    """Keep the pairing on the changed results, with the committee's reason (issue 18, item 6)."""
    try:
        services.keep_pairing(round=rnd, user=request.user, note=request.POST.get("note", ""))
    except ValidationError as exc:
        show_errors(request, exc)
    else:
        messages.success(request, _("The pairing is kept on the changed results; the decision is recorded."))
    return redirect(round_url(rnd) + "#results-changed")


@require_GET
@committee_page("committee.write_note")
def writeup(request, rnd):
    """The drafted write-up, put into the note box for the member to edit (htmx)."""
    form = forms.NoteForm(initial={"text": writeup_draft(rnd)})
    return render(request, "committee/_writeup.html", {"form": form, "round": rnd})
