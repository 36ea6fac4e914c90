"""Live results and standings while a round is in play (issue 12, section 5).

The public board pairings (results) page and the standings page poll a small
fragment with htmx (``hx-trigger="every 15s"``) while a round of the
tournament is being played. Each poll carries the version of what it shows
(``?v=``): when nothing changed the answer is an empty ``204`` (one cache
read); otherwise the new fragment, rendered once per version and cached.

A version is a random token per round (results) and per tournament
(standings), replaced after the commit of anything that changes what the
pages show: a board's result, a match's points or forfeit, a captain's
confirmation, a round's state (receivers below; ``changed`` for writes that
bypass ``save()``). Because a reader takes the version before it reads the
results, a fragment cached under a version is never older than that version.
When the round is complete the fragment comes back without its polling
attributes and the page stops asking.
"""

from __future__ import annotations

import datetime as dt
import time
import uuid
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Max
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import translation

from operations.models import MatchConfirmation, ResultEntry
from tournaments.models import BoardGame, Match, Round, RoundState, Tournament
from tournaments.signals import round_state_changed

LIVE_STATES = (RoundState.BOARD_PAIRINGS_POSTED, RoundState.IN_PLAY)
FRAGMENT_TIMEOUT = 600  # seconds; a new version makes the old fragment unreachable anyway


def poll_seconds() -> int:
    return int(getattr(settings, "OPS_LIVE_POLL_SECONDS", 15))


# Versions are keyed by what the URL names (slug, round number), so that an unchanged poll is
# answered from the cache alone, without a database query.
def _results_key(slug: str, number: int) -> str:
    return f"ops:live:v1:results-version:{slug}:{number}"


def _standings_key(slug: str) -> str:
    return f"ops:live:v1:standings-version:{slug}"


def _token() -> str:
    return uuid.uuid4().hex[:16]


VERSION_TIMEOUT = 7 * 24 * 3600  # seconds; a version that expires is simply made anew


def version(key: str) -> str:
    value = cache.get(key)
    if value is None:
        cache.add(key, _token(), timeout=VERSION_TIMEOUT)
        value = cache.get(key)
    return value


def bump(slug: str, number: int) -> None:
    """New versions for the round's results and the tournament's standings."""
    cache.set_many(
        {_results_key(slug, number): _token(), _standings_key(slug): _token()}, timeout=VERSION_TIMEOUT
    )


def _changed(slug: str, number: int) -> None:
    transaction.on_commit(lambda: bump(slug, number), robust=True)


def changed(round: Round) -> None:
    """After the commit, the round's live fragments are out of date."""
    _changed(round.tournament.slug, round.number)


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


def results_version(slug: str, number: int) -> str:
    return version(_results_key(slug, number))


def standings_version(slug: str) -> str:
    return version(_standings_key(slug))


def quick_answer(kind: str, asked: str | None, slug: str, number: int = 0, *, shared: bool = True):
    """What a poll gets from the cache alone: 204, the latest fragment, or None (ask the database).

    204 when ``asked`` is the current version, or the version of the latest
    fragment while a newer one may not be rendered yet (``min_render_seconds``);
    that latest fragment itself when it is that fresh and the asker gets the
    shared one (``shared``: not a captain). The latest fragment exists only
    for a round whose board pairings were public, which they stay.
    """
    key = _results_key(slug, number) if kind == "results" else _standings_key(slug)
    meta_key = _fragment_key(kind, slug, number, "latest-meta")
    found = cache.get_many([key, meta_key])
    if asked and found.get(key) == asked:
        return 204
    meta = found.get(meta_key)
    if meta is None or time.time() - meta[0] >= min_render_seconds():
        return None
    if asked and meta[1] == asked:
        return 204
    if shared:
        latest = cache.get(_fragment_key(kind, slug, number, "latest"))
        return latest[2] if latest is not None else None
    return None


# -- what makes the fragments out of date -------------------------------------------


def _board_saved_ids(match_id: int) -> None:
    names = Match.objects.filter(pk=match_id).values_list("round__tournament__slug", "round__number").first()
    if names:
        _changed(*names)


@receiver(post_save, sender=BoardGame, dispatch_uid="ops-live-board")
def _board_saved(sender, instance: BoardGame, **kwargs) -> None:
    _board_saved_ids(instance.match_id)


@receiver(post_save, sender=Match, dispatch_uid="ops-live-match")
def _match_saved(sender, instance: Match, **kwargs) -> None:
    names = Round.objects.filter(pk=instance.round_id).values_list("tournament__slug", "number").first()
    if names:
        _changed(*names)


@receiver(post_save, sender=MatchConfirmation, dispatch_uid="ops-live-confirmation")
def _confirmation_saved(sender, instance: MatchConfirmation, **kwargs) -> None:
    _board_saved_ids(instance.match_id)


@receiver(round_state_changed, dispatch_uid="ops-live-round")
def _round_state_changed(sender, round: Round, **kwargs) -> None:
    changed(round)
