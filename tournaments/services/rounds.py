"""Creating rounds and moving them through the round cycle (tournaments.states)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Round, RoundState, Tournament
from ..signals import round_state_changed
from ..states import allowed_targets, can_transition


@transaction.atomic
def create_rounds(tournament: Tournament, *, first_date: dt.date | None = None) -> list[Round]:
    """Create the missing rounds 1..rounds_total (one a day from ``first_date``)."""
    first_date = first_date or tournament.start_date
    existing = set(tournament.rounds.values_list("number", flat=True))
    created = []
    for n in range(1, tournament.rounds_total + 1):
        if n in existing:
            continue
        date = first_date + dt.timedelta(days=n - 1) if first_date else None
        created.append(Round.objects.create(tournament=tournament, number=n, date=date))
    return created


@transaction.atomic
def transition_round(round: Round, target: str, *, by=None, unfinished_as_draws: bool = False) -> Round:
    """Move ``round`` to state ``target`` if the cycle allows it.

    Refuses (ValidationError) a transition the cycle does not have, and
    pairing a round while an earlier round is not complete.

    ``unfinished_as_draws`` is Olympiad rule 11: the pairing committee may
    pair the next round while the previous round is still in play, its
    unfinished games counted as draws. With it, moving to
    ``pairing_requested`` accepts the immediately previous round in play
    (or complete); every round before that must still be complete. It has
    no effect on any other transition.
    """
    round = Round.objects.select_for_update().get(pk=round.pk)
    if target not in RoundState.values:
        raise ValidationError(_("%(target)r is not a round state.") % {"target": target})
    if not can_transition(round.state, target):
        allowed = ", ".join(allowed_targets(round.state)) or "none"
        raise ValidationError(
            _("Round %(round_number)s cannot go from %(round_state)s to %(target)s (allowed: %(allowed)s).")
            % {"round_number": round.number, "round_state": round.state, "target": target, "allowed": allowed}
        )
    if target == RoundState.PAIRING_REQUESTED:
        _require_earlier_rounds_complete(round, unfinished_as_draws=unfinished_as_draws)
    now = timezone.now()
    previous = round.state
    round.state = target
    round.state_changed_at = now
    if target == RoundState.PUBLISHED:
        round.published_at = now
    if by is not None and getattr(by, "is_authenticated", False):
        round._history_user = by
    round.save()
    round_state_changed.send(sender=Round, round=round, previous=previous, by=by)
    return round


def _require_earlier_rounds_complete(round: Round, *, unfinished_as_draws: bool) -> None:
    """Refuse to pair ``round`` while an earlier round is open (rule 11 excepts the previous one in play)."""
    earlier = round.tournament.rounds.filter(number__lt=round.number).exclude(state=RoundState.COMPLETE)
    if unfinished_as_draws:
        earlier = earlier.exclude(number=round.number - 1, state=RoundState.IN_PLAY)
    if earlier.exists():
        numbers = ", ".join(str(n) for n in earlier.values_list("number", flat=True))
        message = (
            _(
                "Round %(round_number)s cannot be paired before round(s) %(numbers)s are complete "
                "(rule 11 excepts only the previous round, once in play)."
            )
            if unfinished_as_draws
            else _("Round %(round_number)s cannot be paired before round(s) %(numbers)s are complete.")
        )
        raise ValidationError(message % {"round_number": round.number, "numbers": numbers})
