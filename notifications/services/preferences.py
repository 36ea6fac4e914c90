"""A user's notice switches (every notice is on until he switches it off)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from notifications.models import PREFERENCE_OF_KIND, NoticePreference

SWITCHES = tuple(PREFERENCE_OF_KIND.values())


@transaction.atomic
def update_preferences(user, **switches: bool) -> NoticePreference:
    """Set some of the user's switches (``lineup_window``, ``lineup_reminder``, ``pairings``, ``run_failures``)."""
    if not getattr(user, "is_authenticated", False):
        raise ValidationError("Log in to choose your notices.")
    unknown = sorted(set(switches) - set(SWITCHES))
    if unknown:
        raise ValidationError(f"Unknown notice {', '.join(unknown)}; the notices are {', '.join(SWITCHES)}.")
    pref, _ = NoticePreference.objects.select_for_update().get_or_create(user=user)
    for name, value in switches.items():
        if not isinstance(value, bool):
            raise ValidationError(f"{name} must be true or false, not {value!r}.")
        setattr(pref, name, value)
    pref.save()
    return pref
