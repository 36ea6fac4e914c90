"""Live results and standings while a round is in play (issue 12, section 5).

The public board pairings (results) page and the standings page poll a small
fragment with htmx (``hx-trigger="every 15s"``) while a round of the
tournament is being played. Each poll carries the version of what it shows
(``?v=``): when nothing changed the answer is an empty ``204`` (one cache
read); otherwise the new fragment, rendered once per version and cached.

The versions are the public pages' own (``public_http.versions``: a round's
results for its boards, the tournament's results for its standings), replaced
by anything that changes what the pages show: a board's result, a match's
points or forfeit, a captain's confirmation, a round's state, a team
(``public_http.receivers``; ``changed`` for writes that bypass ``save()``).
Because a reader takes the version before it reads the results, a fragment
cached under a version is never older than that version; and the page of that
version embeds the same fragment (``fragment_of_version``): after a result it
is rendered once for the page and its pollers. When the round is complete the
fragment comes back without its polling attributes and the page stops asking.
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db.models import Max
from django.urls import reverse
from django.utils import translation

from operations.models import ResultEntry
from public_http import versions
from tournaments.models import Round, RoundState, Tournament

LIVE_STATES = (RoundState.BOARD_PAIRINGS_POSTED, RoundState.IN_PLAY)
FRAGMENT_TIMEOUT = 600  # seconds; a new version makes the old fragment unreachable anyway


def poll_seconds() -> int:
    return int(getattr(settings, "OPS_LIVE_POLL_SECONDS", 15))


# The versions are the public pages' own (``public_http.versions``): a round's results version for
# its board pairings, the tournament's results version for its standings. They are keyed by what the
# URL names (slug, round number), so that an unchanged poll is answered from the cache alone, and
# replaced by the writes themselves (``public_http.receivers``), at once and after the commit: a
# fragment follows what its page shows (a result, a round's state, a team's name) and embeds in it.
def results_version(slug: str, number: int) -> str:
    return versions.round_results_version(slug, number)


def standings_version(slug: str) -> str:
    return versions.results_version(slug)


def bump(slug: str, number: int) -> None:
    """New versions for the round's results and the tournament's standings (after the commit)."""
    versions.bump([slug], results_only=True, rounds=[(slug, number)])


def changed(round: Round) -> None:
    """The round's live fragments are out of date (for a write that bypasses ``save()``)."""
    bump(round.tournament.slug, round.number)


def min_render_seconds() -> float:
    return float(getattr(settings, "OPS_LIVE_MIN_RENDER_SECONDS", 5))


def _fragment_key(kind: str, slug: str, number: int, suffix: str) -> str:
    """A fragment is rendered in the reader's language: one copy per language."""
    return f"ops:live:v1:{kind}:{slug}:{number}:{translation.get_language() or ''}:{suffix}"


def cached_fragment(kind: str, slug: str, number: int, current: str, render) -> str:
    """The fragment of version ``current``, rendered once; at most one render per ``min_render_seconds``.

    While one request renders a new version, and for a few seconds after a
    render, the others get the latest fragment rendered; a poll that already
    shows that one is answered 204 (``unchanged``). A crowd polling while
    results pour in costs one render every few seconds, not one per result or
    per client, and each client fetches the whole fragment at most that often.
    """
    key = _fragment_key(kind, slug, number, current)
    html = cache.get(key)
    if html is not None:
        return html
    latest_key = _fragment_key(kind, slug, number, "latest")  # (rendered at, version, html)
    meta_key = _fragment_key(kind, slug, number, "latest-meta")  # (rendered at, version)
    latest = cache.get(latest_key)
    if latest is not None and time.time() - latest[0] < min_render_seconds():
        return latest[2]
    lock_key = _fragment_key(kind, slug, number, "rendering")
    if cache.add(lock_key, current, timeout=30):
        try:
            html = render()
            now = time.time()
            cache.set_many(
                {key: html, latest_key: (now, current, html), meta_key: (now, current)}, FRAGMENT_TIMEOUT
            )
        finally:
            cache.delete(lock_key)
        return html
    return latest[2] if latest is not None else render()


def fragment_of_version(kind: str, slug: str, number: int, current: str, render) -> str:
    """The fragment of exactly version ``current``, rendered once (for a page of that version).

    Unlike ``cached_fragment`` it never answers with an earlier version: the
    page embedding it is kept under ``current``. Its render serves the pollers too.
    """
    key = _fragment_key(kind, slug, number, current)
    html = cache.get(key)
    if html is None:
        html = render()
        now = time.time()
        cache.set_many(
            {
                key: html,
                _fragment_key(kind, slug, number, "latest"): (now, current, html),
                _fragment_key(kind, slug, number, "latest-meta"): (now, current),
            },
            FRAGMENT_TIMEOUT,
        )
    return html


@dataclass(frozen=True)
class LiveMark:
    """What the page needs to poll: on (while in play), the version shown, the fragment's URL."""

    on: bool
    version: str
    url: str
    interval: int
    updated_at: dt.datetime | None


def _updated_at(entries, rounds) -> dt.datetime | None:
    times = [
        entries.aggregate(at=Max("entered_at"))["at"],
        rounds.aggregate(at=Max("state_changed_at"))["at"],
    ]
    times = [t for t in times if t is not None]
    return max(times) if times else None


def results_mark(round: Round, *, current: str | None = None, with_time: bool = True) -> LiveMark:
    current = current or results_version(round.tournament.slug, round.number)  # before the results are read
    url = reverse("ops-board-pairings-live", args=[round.tournament.slug, round.number])
    updated = (
        _updated_at(ResultEntry.objects.filter(game__match__round=round), Round.objects.filter(pk=round.pk))
        if with_time
        else None
    )
    return LiveMark(round.state in LIVE_STATES, current, f"{url}?v={current}", poll_seconds(), updated)


def standings_mark(tournament: Tournament, *, current: str | None = None, with_time: bool = True) -> LiveMark:
    current = current or standings_version(tournament.slug)
    url = reverse("ops-standings-live", args=[tournament.slug])
    on = tournament.rounds.filter(state__in=LIVE_STATES).exists()
    updated = (
        _updated_at(
            ResultEntry.objects.filter(game__match__round__tournament=tournament),
            tournament.rounds.filter(state__in=(*LIVE_STATES, RoundState.COMPLETE)),
        )
        if with_time
        else None
    )
    return LiveMark(on, current, f"{url}?v={current}", poll_seconds(), updated)


def quick_answer(kind: str, asked: str | None, slug: str, number: int = 0, *, shared: bool = True):
    """What a poll gets from the cache alone: 204, a fragment, or None (ask the database).

    204 when ``asked`` is the current version, or the version of the latest
    fragment while a newer one may not be rendered yet (``min_render_seconds``);
    to an asker who gets the shared fragment (``shared``: not a captain), that latest fragment
    itself when it is that fresh, else the fragment of the current version if it was rendered.
    Fragments are kept only for a round whose board pairings were public, which they stay.
    """
    names = versions.round_results_names(slug, number) if kind == "results" else versions.results_names(slug)
    meta_key = _fragment_key(kind, slug, number, "latest-meta")
    current, found = versions.current_and(names, [meta_key])
    if asked and current == asked:
        return 204
    meta = found.get(meta_key)
    fresh = meta is not None and time.time() - meta[0] < min_render_seconds()
    if fresh and asked and meta[1] == asked:
        return 204
    if not shared:
        return None
    if fresh:
        latest = cache.get(_fragment_key(kind, slug, number, "latest"))
        return latest[2] if latest is not None else None
    # The fragment of the current version when it was rendered already (a page that polls from
    # scratch, a proxy refreshing its copy): only a round whose board pairings are public is kept.
    return cache.get(_fragment_key(kind, slug, number, current))
