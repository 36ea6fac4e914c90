"""The languages an event's public pages are read in, noted when a page is rendered for a reader.

The printer renders an event's documents ahead in the languages its readers use
(``printing.stored.languages``): a crowd reading the pages in French makes the French PDFs ready
before anyone asks for them. A page is noted only when the site renders it (a new version, not a
copy served from a cache), so the note costs one cache read per render and none per hit.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.dispatch import Signal

from public_http.versions import PREFIX

KEEP_SECONDS = 60 * 24 * 3600  # a season's gap between two events of a league, at least

# Sent (``slug``, ``language``) when an event's pages are first rendered for a reader in a language:
# the printer renders the event's latest documents in it (``printing.receivers``).
language_first_read = Signal()


def _key(slug: str) -> str:
    return f"{PREFIX}:read-in:{slug}"


def note_read_in(slug: str, language: str | None) -> None:
    """``slug``'s pages are read in ``language`` (one of the site's)."""
    if not language or language not in dict(settings.LANGUAGES):
        return
    seen = cache.get(_key(slug)) or ()
    if language not in seen:
        cache.set(_key(slug), tuple(sorted({*seen, language})), KEEP_SECONDS)
        language_first_read.send(sender=None, slug=slug, language=language)


def read_in(slug: str) -> tuple[str, ...]:
    """The languages ``slug``'s public pages have been rendered in for readers."""
    return tuple(cache.get(_key(slug)) or ())
