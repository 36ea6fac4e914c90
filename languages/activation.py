"""Writing to a user in his language (e-mails, notices)."""

from __future__ import annotations

from django.utils import translation

from languages.selectors import language_of


def in_language_of(user, language: str | None = None):
    """A context manager: the strings rendered inside it are in ``user``'s language (or ``language`` when given).

    ``with in_language_of(captain): subject = render_to_string(...)``
    """
    return translation.override(language or language_of(user))
