"""Caching of the public pairings (rule 60): published pairings change only by a new publication.

The anonymous public page and the API answer of a round are cached under
these keys; ``services.publish`` drops them when the round is (re)published,
so the public never sees an out-of-date pairing, and no draft is ever cached.
The page and the API answer are kept once per language, as the reasons are
written in the reader's language (``"page"`` and ``"api"`` are the active
language's copies; the ``"page:<code>"`` and ``"api:<code>"`` entries name every
language's, so that dropping all the values drops them all).
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

TIMEOUT = 300  # seconds; publication also drops the entries at once


def _page_key(slug: str, number: int, language: str) -> str:
    return f"committee:public-page:v2:{slug}:{number}:{language}"


def _active_language() -> str:
    try:
        return translation.get_supported_language_variant(
            translation.get_language() or settings.LANGUAGE_CODE
        )
    except LookupError:
        return settings.LANGUAGE_CODE


def _api_key(slug: str, number: int, language: str) -> str:
    return f"committee:public-api-json:v2:{slug}:{number}:{language}"


def public_cache_keys(slug: str, number: int) -> dict[str, str]:
    language = _active_language()
    return {
        "page": _page_key(slug, number, language),
        **{f"page:{code}": _page_key(slug, number, code) for code, _name in settings.LANGUAGES},
        "api": _api_key(slug, number, language),
        **{f"api:{code}": _api_key(slug, number, code) for code, _name in settings.LANGUAGES},
    }
