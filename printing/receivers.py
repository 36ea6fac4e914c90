"""Render a round's documents once its transaction commits: published, board pairings posted, complete.

``tournaments.signals.round_state_changed`` is sent by ``transition_round``, which the committee's
``publish``, the operations' ``post_board_pairings`` and ``complete_round`` go through (and a
correction: a round republished, or reopened and completed again). The task is enqueued after the
commit (``PRINTING_RENDER_AHEAD``; off in the quick start without a worker, where the first reader of
a document renders and stores it) on ``PRINTING_QUEUE``: the full stack's ``printer`` worker, so a
render never delays a pairing run.

A bulk build (the demo: every round of three events published and completed in one go) holds the
renders (``render_ahead_held``) and then renders only what a reader asks for first: each
event's latest round (``render_round_ahead``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

from django.conf import settings
from django.db import transaction
from django.dispatch import receiver

from printing.stored import KINDS_BY_STATE
from tournaments.models import Round
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

    tournament_id, number = round.tournament_id, round.number
    transaction.on_commit(lambda: render_documents.delay(tournament_id, number, list(kinds)), robust=True)
    return True


@receiver(round_state_changed, sender=Round, dispatch_uid="printing-render-ahead")
def render_ahead(sender, round: Round, previous: str, **kwargs) -> None:
    render_round_ahead(round)
