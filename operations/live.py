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
import uuid
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Max
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.urls import reverse

from operations.models import MatchConfirmation, ResultEntry
from tournaments.models import BoardGame, Match, Round, RoundState, Tournament
from tournaments.signals import round_state_changed

LIVE_STATES = (RoundState.BOARD_PAIRINGS_POSTED, RoundState.IN_PLAY)
FRAGMENT_TIMEOUT = 600  # seconds; a new version makes the old fragment unreachable anyway


def poll_seconds() -> int:
    return int(getattr(settings, "OPS_LIVE_POLL_SECONDS", 15))


def _results_key(round_id: int) -> str:
    return f"ops:live:v1:results-version:{round_id}"


def _standings_key(tournament_id: int) -> str:
    return f"ops:live:v1:standings-version:{tournament_id}"


def _token() -> str:
    return uuid.uuid4().hex[:16]


def version(key: str) -> str:
    value = cache.get(key)
    if value is None:
        cache.add(key, _token(), timeout=None)
        value = cache.get(key)
    return value


def bump(round_id: int, tournament_id: int) -> None:
    """New versions for the round's results and the tournament's standings."""
    cache.set_many({_results_key(round_id): _token(), _standings_key(tournament_id): _token()}, timeout=None)


def changed(round: Round) -> None:
    """After the commit, the round's live fragments are out of date."""
    round_id, tournament_id = round.pk, round.tournament_id
    transaction.on_commit(lambda: bump(round_id, tournament_id), robust=True)


def cached_fragment(kind: str, ident: int, current: str, render) -> str:
    """The fragment of version ``current``, rendered once.

    While one request renders a new version, the others get the previous
    fragment (its own, older version makes their next poll fetch the new one):
    a crowd polling just after a result is entered costs one render, not one each.
    """
    key = f"ops:live:v1:{kind}:{ident}:{current}"
    html = cache.get(key)
    if html is not None:
        return html
    latest_key = f"ops:live:v1:{kind}:{ident}:latest"
    lock_key = f"ops:live:v1:{kind}:{ident}:rendering"
    if cache.add(lock_key, current, timeout=30):
        try:
            html = render()
            cache.set_many({key: html, latest_key: html}, FRAGMENT_TIMEOUT)
        finally:
            cache.delete(lock_key)
        return html
    previous = cache.get(latest_key)
    return previous if previous is not None else render()


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
    current = current or version(_results_key(round.pk))  # before anything of the round is read
    url = reverse("ops-board-pairings-live", args=[round.tournament.slug, round.number])
    updated = (
        _updated_at(ResultEntry.objects.filter(game__match__round=round), Round.objects.filter(pk=round.pk))
        if with_time
        else None
    )
    return LiveMark(round.state in LIVE_STATES, current, f"{url}?v={current}", poll_seconds(), updated)


def standings_mark(tournament: Tournament, *, current: str | None = None, with_time: bool = True) -> LiveMark:
    current = current or version(_standings_key(tournament.pk))
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


def results_version(round: Round) -> str:
    return version(_results_key(round.pk))


def standings_version(tournament: Tournament) -> str:
    return version(_standings_key(tournament.pk))


# -- what makes the fragments out of date -------------------------------------------


def _changed_ids(round_id: int, tournament_id: int) -> None:
    transaction.on_commit(lambda: bump(round_id, tournament_id), robust=True)


def _board_saved_ids(match_id: int) -> None:
    ids = Match.objects.filter(pk=match_id).values_list("round_id", "round__tournament_id").first()
    if ids:
        _changed_ids(*ids)


@receiver(post_save, sender=BoardGame, dispatch_uid="ops-live-board")
def _board_saved(sender, instance: BoardGame, **kwargs) -> None:
    _board_saved_ids(instance.match_id)


@receiver(post_save, sender=Match, dispatch_uid="ops-live-match")
def _match_saved(sender, instance: Match, **kwargs) -> None:
    tournament_id = Round.objects.values_list("tournament_id", flat=True).filter(pk=instance.round_id).first()
    if tournament_id:
        _changed_ids(instance.round_id, tournament_id)


@receiver(post_save, sender=MatchConfirmation, dispatch_uid="ops-live-confirmation")
def _confirmation_saved(sender, instance: MatchConfirmation, **kwargs) -> None:
    _board_saved_ids(instance.match_id)


@receiver(round_state_changed, dispatch_uid="ops-live-round")
def _round_state_changed(sender, round: Round, **kwargs) -> None:
    changed(round)
