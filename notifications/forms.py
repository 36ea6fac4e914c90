from django import forms
from django.utils.translation import gettext_lazy as _

from notifications.models import NoticePreference


class PreferencesForm(forms.ModelForm):
    class Meta:
        model = NoticePreference
        fields = ["lineup_window", "lineup_reminder", "pairings", "run_failures"]
        labels = {
            "lineup_window": _("The lineup window of a round opens (captains)"),
            "lineup_reminder": _(
                "One hour before the window closes, if my team's lineup is not in (captains)"
            ),
            "pairings": _("The pairings of a round are published or corrected (captains)"),
            "run_failures": _("A pairing run fails, or results change under a pairing (pairing committee)"),
        }
