from django import forms

from notifications.models import NoticePreference


class PreferencesForm(forms.ModelForm):
    class Meta:
        model = NoticePreference
        fields = ["lineup_window", "lineup_reminder", "pairings", "run_failures"]
        labels = {
            "lineup_window": "The lineup window of a round opens (captains)",
            "lineup_reminder": "One hour before the window closes, if my team's lineup is not in (captains)",
            "pairings": "The pairings of a round are published or corrected (captains)",
            "run_failures": "A pairing run fails (pairing committee)",
        }
