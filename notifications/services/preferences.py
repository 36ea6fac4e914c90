"""A user's notice switches (every notice is on until he switches it off)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from notifications.models import PREFERENCE_OF_KIND, NoticePreference

SWITCHES = tuple(PREFERENCE_OF_KIND.values())


@transaction.atomic
def update_preferences(user, **switches: bool) -> NoticePreference:
    """Set some of the user's switches (``lineup_window``, ``lineup_reminder``, ``pairings``, ``run_failures``)."""
    if not getattr(user, "is_authenticated", False):
        raise ValidationError(_("Log in to choose your notices."))
    unknown = sorted(set(switches) - set(SWITCHES))
    if unknown:
        raise ValidationError(
            _("Unknown notice %(unknown)s; the notices are %(notices)s.")
            % {"unknown": ", ".join(unknown), "notices": ", ".join(SWITCHES)}
        )
    pref, _created = NoticePreference.objects.select_for_update().get_or_create(user=user)
    for name, value in switches.items():
        if not isinstance(value, bool):
            raise ValidationError(
                _("%(name)s must be true or false, not %(value)r.") % {"name": name, "value": value}
            )
        setattr(pref, name, value)
    pref.save()
    return pref
