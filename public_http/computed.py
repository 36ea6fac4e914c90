"""Values the public pages compute from the database, computed once per version (issue 13, section 2).

A tournament's standings, a round's boards: the page, its live fragment and
the public API each need the same value, and a crowd asks for all three after
every result. ``memo`` computes it once per version of what it shows
(``public_http.versions``: the caller takes the version before the database is
read, as the shared copies of the pages do, so a value is never older than its
version), keeps it in the cache for every process, and in this process for
the latest few versions. A write the public sees makes a new version, so the
next reader computes afresh: a new result shows at once.

A connection that has changed what the public sees and not committed it yet
(a service computing inside its own transaction, a test's transaction)
computes without keeping anything: what it reads is not what the others read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

from public_http import versions

T = TypeVar("T")

PREFIX = f"{versions.PREFIX}:computed"
TIMEOUT = 600  # seconds; a new version makes the value unreachable anyway
LOCAL_SIZE = 64  # values kept in the process (each a few hundred kB at most)

_local: dict[str, object] = {}
_MISSING = object()


def _key(name: str, version: str) -> str:
    return f"{PREFIX}:{name}:{version}"


def memo(name: str, version: str, compute: Callable[[], T]) -> T:
    """The value ``name`` of ``version``: from this process, else the cache, else ``compute()``.

    ``name`` says what is computed and from what (``standings:<slug>:<through>``);
    ``version`` is the version of what it shows, taken before ``compute`` reads the database.
    The value is shared: callers must not change it.
    """
    key = _key(name, version)
    value = _local.get(key, _MISSING)
    if value is not _MISSING:
        return value
    if versions.uncommitted():
        return compute()
    value = cache.get(key, _MISSING)
    if value is _MISSING:
        value = compute()
        cache.set(key, value, TIMEOUT)
    if len(_local) >= LOCAL_SIZE:
        _local.clear()  # the versions of an hour ago are of no use; simpler than an LRU, as cheap
    _local[key] = value
    return value


def forget() -> None:
    """Drop what this process keeps (tests)."""
    _local.clear()
