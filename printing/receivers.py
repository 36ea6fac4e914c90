"""Render a round's documents once its transaction commits: published, board pairings posted, complete.

``tournaments.signals.round_state_changed`` is sent by ``transition_round``, which the committee's
``publish``, the operations' ``post_board_pairings`` and ``complete_round`` go through (and a
correction: a round republished, or reopened and completed again). The task is enqueued after the
commit (``PRINTING_RENDER_AHEAD``; off in the quick start without a worker, where the first reader of
a document renders and stores it).
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.dispatch import receiver

from printing.stored import KINDS_BY_STATE
from tournaments.models import Round
from tournaments.signals import round_state_changed


@receiver(round_state_changed, sender=Round, dispatch_uid="printing-render-ahead")
def render_ahead(sender, round: Round, previous: str, **kwargs) -> None:
    kinds = KINDS_BY_STATE.get(round.state)
    if not kinds or not getattr(settings, "PRINTING_RENDER_AHEAD", False):
        return
    from printing.tasks import render_documents

    tournament_id, number = round.tournament_id, round.number
    transaction.on_commit(lambda: render_documents.delay(tournament_id, number, list(kinds)), robust=True)
