"""Forms of the committee's pages; validation of shape only, the services decide the rest."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from committee.amendments import OPERATIONS


class RequestPairingForm(forms.Form):
    unfinished_as_draws = forms.BooleanField(
        required=False, label=_("Count unfinished games as draws (rule 11) and go ahead now")
    )


class VersionForm(forms.Form):
    """``version`` is the id of the draft version the member is looking at."""

    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class AmendForm(VersionForm):
    operation = forms.ChoiceField(choices=[(key, _(label)) for key, label in OPERATIONS.items()])
    team_a = forms.IntegerField(min_value=1, label=_("Team (TPN)"))
    team_b = forms.IntegerField(min_value=1, required=False, label=_("Other team (TPN)"))

    def clean(self):
        data = super().clean()
        if data.get("operation") == "swap_opponents" and not data.get("team_b"):
            self.add_error("team_b", _("Swapping opponents needs a second team."))
        return data


class RevertForm(VersionForm):
    """Return to the earlier version ``to`` (its id) from the current ``version``."""

    to = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class OverrideForm(VersionForm):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), max_length=5000)


class PublishForm(VersionForm):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        max_length=5000,
        help_text=_("Required for a correction of a published pairing."),
    )


class CorrectionForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), max_length=5000)


class BoundedMultipleChoiceField(forms.MultipleChoiceField):
    """Refuses more values than it has choices before checking each (issue 18: 200,000 were saved)."""

    def to_python(self, value):
        values = super().to_python(value)
        if len(values) > len(self.choices):
            raise ValidationError(
                _("At most %(most)s pairings can be chosen: the round has no more (%(count)s sent).")
                % {"most": len(self.choices), "count": len(values)},
                code="too_many",
            )
        return list(dict.fromkeys(values))


class NoteForm(forms.Form):
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 6}), max_length=20000)
    pairings = BoundedMultipleChoiceField(required=False, label=_("Concerns the pairings"))

    def __init__(self, *args, pairing_choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pairings"].choices = list(pairing_choices)

    def pairing_tuples(self) -> list[tuple[int, int | None]]:
        out = []
        for value in self.cleaned_data.get("pairings", []):
            a, _sep, b = value.partition("-")
            out.append((int(a), int(b) if b and b != "bye" else None))
        return out


class OptionsForm(forms.Form):
    """One field per pairing option of the tournament's system, generated from the specs.

    ``rows`` are ``tournaments.pairing_options.options_in_force``; the values
    are sent as text ("true", "graded", "4", "" for none) and checked by the
    service with ``OptionSpec.parse``. ``with_reason``: a change after round 1's
    publication, which needs the committee's reason (rule 57).
    """

    decision_reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=5000,
        label=_("Reason for the committee's decision (recorded with it)"),
    )

    def __init__(self, rows, *args, with_reason: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = list(rows)
        if not with_reason:
            del self.fields["decision_reason"]
        for row in self.rows:
            if row.is_number:
                field: forms.Field = forms.CharField(required=False, label=row.label)
            else:
                # Text, not a ChoiceField: OptionSpec.parse says what is wrong with a value.
                field = forms.CharField(
                    required=False,
                    widget=forms.RadioSelect(choices=[(c.text, c.words) for c in row.choices]),
                    label=row.label,
                )
            self.fields[row.key] = field
            self.initial[row.key] = "" if row.value is None and row.is_number else row.text

    def items(self) -> list[tuple]:
        """(row, bound field) per option, in the spec's order, for the template."""
        return [(row, self[row.key]) for row in self.rows]

    def option_values(self) -> dict[str, str]:
        return {row.key: self.cleaned_data.get(row.key, "") for row in self.rows}

    def add_service_errors(self, exc) -> None:
        """The service's ``ValidationError`` beside the options it names."""
        if hasattr(exc, "error_dict"):
            for key, messages in exc.message_dict.items():
                self.add_error(key if key in self.fields else None, messages)
        else:
            self.add_error(None, exc)


class PublicReasonsForm(forms.Form):
    show = forms.BooleanField(required=False)
