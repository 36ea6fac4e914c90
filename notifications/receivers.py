"""Hooks into the round cycle: after the commit, a task tells the people concerned.

The services of ``tournaments`` and ``committee`` know nothing of e-mail; they
send signals (``tournaments.signals``, ``committee.signals``) and this module
enqueues the notices' tasks once the transaction has committed
(``transaction.on_commit``, robust: a broker that is down never undoes a
publication; the notice is then missing and the log says so).
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from committee.signals import pairing_run_failed
from tournaments.models import RoundState
from tournaments.signals import round_state_changed
from tournaments.states import RESTING_STATES

S = RoundState


def _later(task, *args) -> None:
    transaction.on_commit(lambda: task.delay(*args), robust=True)


@receiver(round_state_changed, dispatch_uid="notifications-round-state")
def round_state_changed_receiver(sender, round, previous, by=None, **kwargs) -> None:
    from notifications import tasks

    t = round.tournament
    if round.state == S.PUBLISHED:
        publication = round.publications.order_by("-number").first()
        if publication is not None:
            _later(tasks.pairings_published, publication.pk)
        if t.is_team_event and t.lineups_open_on_publication:
            _later(tasks.lineup_window_opened, round.pk, "first")
    elif round.state == S.COMPLETE:
        # Issue 18, item 6: a later pairing may rest on results that changed (a reopened round).
        if t.rounds.filter(number__gt=round.number, state__in=RESTING_STATES).exists():
            _later(tasks.results_changed, round.pk)
    elif round.state == S.LINEUPS_OPEN and t.is_team_event:
        if previous == S.PUBLISHED and not t.lineups_open_on_publication:
            _later(tasks.lineup_window_opened, round.pk, "first")
        elif previous == S.LINEUPS_CLOSED:
            _later(
                tasks.lineup_window_opened, round.pk, f"reopened-{round.state_changed_at:%Y%m%dT%H%M%S.%f}"
            )


@receiver(pairing_run_failed, dispatch_uid="notifications-run-failed")
def pairing_run_failed_receiver(sender, run, **kwargs) -> None:
    from notifications import tasks

    _later(tasks.run_failed, run.pk)
