"""What makes the public pages out of date: saves of the models they show.

Each sender is listed with the path from it to its tournament; the slug is
read from relations already loaded on the instance, else from the row's
tournament id (a relation that never changes, remembered by the process) and
the tournament's slug (remembered for ``SLUG_SECONDS``: a slug changed in
another process is followed within that time).
Saves of tournaments, rounds and teams also change the site's lists (the
home page shows each tournament's current round). A round's save, and a
publication, change where its rounds stand (the pages that list them and the
round's own pages), not the pages of the other rounds nor the standings, unless
the round enters or leaves play (its results then count). Matches, boards and
confirmations change the results alone, and the pages of the later rounds whose
pairing rests on them (a publication writes its matches in
bulk, without signals: its own save and its round's then change the round's
pages and the lists of rounds). Deletes of tournaments,
rounds and teams are followed; matches and boards are only deleted by a
correction, which also changes the round's state. Writes that bypass
``save()`` (``QuerySet.update``) call ``public_http.versions.bump`` themselves
or come with a save that does.
"""

from __future__ import annotations

import time
from functools import lru_cache

from django.apps import apps
from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver

from public_http import versions
from tournaments.models import Tournament
from tournaments.selectors import rounds_resting_on
from tournaments.states import RESULT_STATES

# sender -> the relations from it to its tournament ("" for the tournament itself)
PATHS: dict[str, tuple[str, ...]] = {
    "tournaments.Tournament": (),
    "tournaments.Team": ("tournament",),
    "tournaments.Player": ("team", "tournament"),
    "tournaments.Round": ("tournament",),
    "tournaments.TeamRoundStatus": ("round", "tournament"),
    "tournaments.Match": ("round", "tournament"),
    "tournaments.BoardGame": ("match", "round", "tournament"),
    "committee.Publication": ("round", "tournament"),
    "committee.Decision": ("tournament",),
    "committee.DecisionSubject": ("round", "tournament"),
    "committee.OptionsChange": ("tournament",),
    "operations.MatchConfirmation": ("match", "round", "tournament"),
}
SITE_LISTS = {"tournaments.Tournament", "tournaments.Round", "tournaments.Team"}
# results alone, and the relations from the sender to its round
RESULTS: dict[str, tuple[str, ...]] = {
    "tournaments.Match": ("round",),
    "tournaments.BoardGame": ("match", "round"),
    "operations.MatchConfirmation": ("match", "round"),
}
DELETES = ("tournaments.Tournament", "tournaments.Round", "tournaments.Team")
# A round's save changes where it stands (state, date), and a publication the round's pairing: not
# the rest of the tournament. A round's delete (rare: the number of rounds) changes everything.
ROUND = "tournaments.Round"
STATES = {ROUND, "committee.Publication"}


SLUG_SECONDS = 10.0  # how long a process trusts a tournament's slug it has read (a slug change is rare)
_slugs: dict[int, tuple[str | None, float]] = {}


@lru_cache(maxsize=65536)
def _related(label: str, pk: int, lookup: str):
    """A row's tournament id or round number (a match's round, a board's match: relations that never change)."""
    return apps.get_model(label)._default_manager.filter(pk=pk).values_list(lookup, flat=True).first()


def _slug(tournament_id: int) -> str | None:
    now = time.monotonic()
    known = _slugs.get(tournament_id)
    if known is not None and now - known[1] < SLUG_SECONDS:
        return known[0]
    slug = Tournament._default_manager.filter(pk=tournament_id).values_list("slug", flat=True).first()
    if len(_slugs) > 10000:
        _slugs.clear()
    _slugs[tournament_id] = (slug, now)
    return slug


def forget() -> None:
    """Drop what the process remembers (tests: a rolled-back database reuses ids)."""
    _related.cache_clear()
    _slugs.clear()


def _follow(instance, path: tuple[str, ...], attribute: str):
    """``attribute`` of the object at the end of ``path`` from ``instance`` (no query once it is known)."""
    obj = instance
    for i, name in enumerate(path):
        field = type(obj)._meta.get_field(name)
        if field.is_cached(obj):
            obj = getattr(obj, name)
            if obj is None:
                return None
            continue
        pk = getattr(obj, field.attname)
        if pk is None:
            return None
        return _related(field.related_model._meta.label, pk, "__".join((*path[i + 1 :], attribute)))
    return getattr(obj, attribute, None)


def slug_of(instance, path: tuple[str, ...]) -> str | None:
    """The slug of ``instance``'s tournament, following ``path``."""
    if not path:
        return getattr(instance, "slug", None)
    tournament_id = _follow(instance, path[:-1], f"{path[-1]}_id")
    return _slug(tournament_id) if tournament_id is not None else None


def _changed(sender, instance, raw: bool = False, **kwargs) -> None:
    if raw:  # loaddata: the whole site is being loaded
        return
    label = sender._meta.label
    slug = slug_of(instance, PATHS[label])
    if label == ROUND and slug and (kwargs.get("created") or kwargs.get("signal") is post_delete):
        _forget_held(slug)
    site = label in SITE_LISTS
    if label in STATES and kwargs.get("signal") is post_save and slug:
        # Where the round stands: the pages listing the rounds and the round's own pages; the
        # results pages too when the round enters or leaves the states whose results count.
        rnd = instance if label == ROUND else instance.round
        counts = {getattr(rnd, "_public_http_state_before", None), rnd.state} & RESULT_STATES
        versions.bump([slug] if counts else [], site=site, results_only=True, states=[(slug, rnd.number)])
        return
    rounds, later = [], []
    if label in RESULTS and slug:
        number = _follow(instance, RESULTS[label], "number")
        if number is not None:
            rounds.append((slug, number))
            later = _resting_after(slug, number, _given(instance, slug, number))
    versions.bump([slug], site=site, results_only=label in RESULTS, rounds=rounds, states=later)
    if label == BOARD and rounds:
        _give(instance, slug, number, later)


def _forget_held(slug: str) -> None:
    """A round added or deleted: the tournament's round numbers are read again (now, and after the
    commit, when a reader may have remembered them from before it)."""
    versions.forget_held(slug)
    transaction.on_commit(lambda: versions.forget_held(slug), robust=True)


# A board's save is followed by its match's (the match's points), in the same atomic block of a
# service: the match's save reuses the later rounds its board's read (one query a result, not two).
# Only the match object the board holds gets them, only for its next save, and only in the same
# block of the same transaction (``versions.change_block``): a round's state saved in between is
# bumped by its own save (``states``), which is all ``later`` adds.
BOARD = "tournaments.BoardGame"
LATER = "_public_http_later"


def _give(board, slug: str, number: int, later: list) -> None:
    block = versions.change_block()
    field = type(board)._meta.get_field("match")
    if block is not None and field.is_cached(board):
        setattr(board.match, LATER, (block, slug, number, later))


def _given(instance, slug: str, number: int) -> list | None:
    given = instance.__dict__.pop(LATER, None)
    if given is None:
        return None
    block, *known, later = given
    now = versions.change_block()
    same = now is not None and block[0] is now[0] and block[1] == now[1] and known == [slug, number]
    return later if same else None


def _resting_after(slug: str, number: int, known: list | None = None) -> list[tuple[str, int]]:
    """The later rounds whose pairing rests on round ``number``'s results: their pages say when
    those results changed under them (issue 18, item 6), so a result changes them too (``known``: as
    a board's save of the same block read them)."""
    if known is not None:
        return known
    later = rounds_resting_on(number, slug=slug).values_list("number", flat=True)
    return [(slug, n) for n in later]


@receiver(pre_save, sender=ROUND, dispatch_uid="public-http-round-state-before")
def _round_state_before(sender, instance, raw: bool = False, **kwargs) -> None:
    """The state the round leaves (a round leaving the states whose results count changes the standings)."""
    if raw or instance.pk is None:
        return
    before = sender._default_manager.filter(pk=instance.pk).values_list("state", flat=True).first()
    instance._public_http_state_before = before


@receiver(pre_save, sender="tournaments.Tournament", dispatch_uid="public-http-slug-change")
def _slug_change(sender, instance, raw: bool = False, **kwargs) -> None:
    """A tournament that changes its slug: the pages under the old one are out of date too."""
    if raw or instance.pk is None:
        return
    _slugs.pop(instance.pk, None)
    old = sender._default_manager.filter(pk=instance.pk).values_list("slug", flat=True).first()
    if old and old != instance.slug:
        versions.bump([old], site=True)
        _forget_held(instance.slug)


def _connect() -> None:
    for label in PATHS:
        if not apps.is_installed(label.split(".")[0]):
            continue
        post_save.connect(_changed, sender=label, dispatch_uid=f"public-http-save-{label}")
    for label in DELETES:
        post_delete.connect(_changed, sender=label, dispatch_uid=f"public-http-delete-{label}")


_connect()
