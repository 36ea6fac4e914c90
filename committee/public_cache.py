"""Caching of the public pairings (rule 60): published pairings change only by a new publication.

The anonymous public page and the API answer of a round are cached under
these keys; ``services.publish`` drops them when the round is (re)published,
so the public never sees an out-of-date pairing, and no draft is ever cached.
"""

from __future__ import annotations

TIMEOUT = 300  # seconds; publication also drops the entries at once


def public_cache_keys(slug: str, number: int) -> dict[str, str]:
    return {
        "page": f"committee:public-page:v1:{slug}:{number}",
        "api": f"committee:public-api-json:v1:{slug}:{number}",
    }
