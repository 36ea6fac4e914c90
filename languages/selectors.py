"""Which language a user reads: the one he chose, else the site's default (``LANGUAGE_CODE``)."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings

from languages.models import LanguagePreference


def site_languages() -> dict[str, str]:
    """{code: name} of the languages the site is offered in (``settings.LANGUAGES``)."""
    return dict(settings.LANGUAGES)


def stored_language(user) -> str | None:
    """The language the user chose, or None when he never chose one."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    code = LanguagePreference.objects.filter(user=user).values_list("language", flat=True).first()
    return code if code in site_languages() else None


def language_of(user) -> str:
    """The language to write to ``user`` in (an e-mail, a notice)."""
    return stored_language(user) or settings.LANGUAGE_CODE


def languages_of(user_ids: Iterable[int]) -> dict[int, str]:
    """{user id: language} for each of ``user_ids`` (the site's default for those who never chose); one query."""
    ids = set(user_ids)
    chosen = dict(
        LanguagePreference.objects.filter(user_id__in=ids, language__in=site_languages()).values_list(
            "user_id", "language"
        )
    )
    return {pk: chosen.get(pk, settings.LANGUAGE_CODE) for pk in ids}
