"""Render a round's documents once its transaction commits: published, board pairings posted, complete.

``tournaments.signals.round_state_changed`` is sent by ``transition_round``, which the committee's
``publish``, the operations' ``post_board_pairings`` and ``complete_round`` go through (and a
correction: a round republished, or reopened and completed again). The task is enqueued after the
commit (``PRINTING_RENDER_AHEAD``; off in the quick start without a worker, where the first reader of
a document renders and stores it) on ``PRINTING_QUEUE``: the full stack's ``printer`` worker, so a
render never delays a pairing run.

A bulk build (the demo: every round of three events published and completed in one go) holds the
renders (``render_ahead_held``) and then renders only what a reader asks for first: each
event's latest round (``render_latest_ahead``). An event first read in a language gets its latest
round's documents rendered in that language too (``printing.stored.languages``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

from django.conf import settings
from django.db import transaction
from django.dispatch import receiver

from printing.stored import KINDS_BY_STATE, languages
from public_http.readers import language_first_read
from tournaments.models import Round, Tournament
from tournaments.signals import round_state_changed

_held: ContextVar[bool] = ContextVar("printing_render_ahead_held", default=False)


@contextlib.contextmanager
def render_ahead_held() -> Iterator[None]:
    """Within it no round's documents are rendered ahead (a bulk build)."""
    token = _held.set(True)
    try:
        yield
    finally:
        _held.reset(token)


def render_round_ahead(round: Round) -> bool:
    """Enqueue the render of ``round``'s documents as its state has them, after the commit; False if none."""
    kinds = KINDS_BY_STATE.get(round.state)
    if not kinds or _held.get() or not getattr(settings, "PRINTING_RENDER_AHEAD", False):
        return False
    from printing.tasks import render_documents

    tournament_id, number, state = round.tournament_id, round.number, round.state
    transaction.on_commit(
        lambda: render_documents.delay(tournament_id, number, list(kinds), state), robust=True
    )
    return True


def render_latest_ahead(tournament: Tournament) -> bool:
    """Enqueue the render of the documents of ``tournament``'s latest round that has any; False if none."""
    latest = tournament.rounds.filter(state__in=list(KINDS_BY_STATE)).order_by("-number").first()
    return latest is not None and render_round_ahead(latest)


@receiver(round_state_changed, sender=Round, dispatch_uid="printing-render-ahead")
def render_ahead(sender, round: Round, previous: str, **kwargs) -> None:
    render_round_ahead(round)


@receiver(language_first_read, dispatch_uid="printing-render-ahead-language")
def render_ahead_in_a_new_language(sender, slug: str, language: str, **kwargs) -> None:
    """An event first read in a language (``public_http.readers``) its documents are not rendered in
    already: its latest documents are rendered in it now, not at the round's next step, so its first
    reader there finds them ready too. (The site's default language, say, renders nothing more: a
    crowd's first visits to every event after a restart or a cleared cache are not a flood of renders.)"""
    if not getattr(settings, "PRINTING_RENDER_AHEAD", False) or language == settings.LANGUAGE_CODE:
        return  # nothing is rendered ahead (the quick start), or the default language is at each step
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is not None and language not in languages(tournament, read_in=False):
        render_latest_ahead(tournament)
