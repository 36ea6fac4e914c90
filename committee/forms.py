"""Forms of the committee's pages; validation of shape only, the services decide the rest."""

from __future__ import annotations

from django import forms

from committee.amendments import OPERATIONS


class RequestPairingForm(forms.Form):
    unfinished_as_draws = forms.BooleanField(
        required=False, label="Count unfinished games as draws (rule 11) and go ahead now"
    )


class VersionForm(forms.Form):
    """``version`` is the id of the draft version the member is looking at."""

    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class AmendForm(VersionForm):
    operation = forms.ChoiceField(choices=list(OPERATIONS.items()))
    team_a = forms.IntegerField(min_value=1, label="Team (TPN)")
    team_b = forms.IntegerField(min_value=1, required=False, label="Other team (TPN)")

    def clean(self):
        data = super().clean()
        if data.get("operation") == "swap_opponents" and not data.get("team_b"):
            self.add_error("team_b", "Swapping opponents needs a second team.")
        return data


class OverrideForm(VersionForm):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), max_length=5000)


class PublishForm(VersionForm):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        max_length=5000,
        help_text="Required for a correction of a published pairing.",
    )


class CorrectionForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), max_length=5000)


class NoteForm(forms.Form):
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 6}), max_length=20000)
    pairings = forms.MultipleChoiceField(required=False, label="Concerns the pairings")

    def __init__(self, *args, pairing_choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pairings"].choices = list(pairing_choices)

    def pairing_tuples(self) -> list[tuple[int, int | None]]:
        out = []
        for value in self.cleaned_data.get("pairings", []):
            a, _, b = value.partition("-")
            out.append((int(a), int(b) if b and b != "bye" else None))
        return out
