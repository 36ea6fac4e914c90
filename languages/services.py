"""Remembering a user's language."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from languages.models import LanguagePreference
from languages.selectors import site_languages


@transaction.atomic
def remember_language(user, code: str) -> LanguagePreference:
    """Store ``code`` as the language of ``user`` (the pages he sees when he logs in, the e-mails he gets)."""
    if code not in site_languages():
        raise ValidationError(
            _("Unknown language %(code)s; the site is offered in %(codes)s.")
            % {"code": code, "codes": ", ".join(site_languages())}
        )
    pref, _created = LanguagePreference.objects.update_or_create(user=user, defaults={"language": code})
    return pref
