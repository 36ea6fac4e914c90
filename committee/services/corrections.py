"""Correcting a published pairing (rule 57): the round goes back under review with the reason written.

A team event's pairing can be corrected while it is published and before its
lineups open; the round returns to ``under_review`` with a :class:`Decision`
recording why, and the corrected pairing is published as the next
publication (``committee.services.approvals.publish``).

In an individual event publication posts the board pairings at once
(``tournaments.services.individual.post_individual_boards``), so the round
is past ``published``. Before any game result is entered the posting is
undone — the boards deleted, the bye's points cleared, the round put back to
``published`` (the exact inverse of the posting, in the same transaction) —
and the ordinary correction follows; the corrected pairing is posted again
when it is published.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from committee import permissions
from committee.models import Decision
from committee.services.drafts import _to
from tournaments.models import BoardGame, Round, RoundState

S = RoundState


def start_correction(*, round: Round, user, reason: str) -> Decision:
    """Reopen a published pairing for review; the reason is recorded (rule 57)."""
    if not round.tournament.is_team_event and round.state == S.BOARD_PAIRINGS_POSTED:
        return correct_individual_pairing(round=round, user=user, reason=reason)  # checks the permission
    permissions.require(user, "committee.start_correction", round)
    return _reopen_for_review(round, user, reason)


def correct_individual_pairing(*, round: Round, user, reason: str) -> Decision:
    """Withdraw the posted pairing of an individual event's round for correction (no result yet)."""
    permissions.require(user, "committee.start_correction", round)
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
        if rnd.tournament.is_team_event:
            raise ValidationError(
                _("%(tournament)s is a team event: use the correction of a published pairing.")
                % {"tournament": rnd.tournament}
            )
        if rnd.state != S.BOARD_PAIRINGS_POSTED:
            raise ValidationError(
                _(
                    "Round %(rnd_number)s is %(state_display)s: only a posted pairing with no result entered can be corrected."
                )
                % {"rnd_number": rnd.number, "state_display": rnd.get_state_display().lower()}
            )
        games = BoardGame.objects.filter(match__round=rnd)
        if games.exclude(result="").exists():
            raise ValidationError(
                _("Round %(rnd_number)s has results: its pairing cannot be corrected.")
                % {"rnd_number": rnd.number}
            )
        games.delete()
        rnd.matches.filter(is_bye=True).update(
            white_match_points=None, white_game_points=None, black_match_points=None, black_game_points=None
        )
        rnd.state = S.PUBLISHED
        rnd.state_changed_at = timezone.now()
        rnd._history_user = user
        rnd._change_reason = "posting withdrawn for correction (individual event)"
        rnd.save(update_fields=["state", "state_changed_at"])
        return _reopen_for_review(rnd, user, reason)


def _reopen_for_review(round: Round, user, reason: str) -> Decision:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Say why the published pairing is corrected (rule 57)."))
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
        if rnd.state != S.PUBLISHED:
            raise ValidationError(
                _(
                    "Round %(rnd_number)s is %(state_display)s: only a published pairing whose lineups are not open yet can be corrected."
                )
                % {"rnd_number": rnd.number, "state_display": rnd.get_state_display().lower()}
            )
        if rnd.matches.filter(white_match_points__isnull=False).exists():
            raise ValidationError(
                _("Round %(rnd_number)s has results: its pairing cannot be corrected.")
                % {"rnd_number": rnd.number}
            )
        decision = Decision.objects.create(
            tournament=rnd.tournament,
            round=rnd,
            author=user,
            text=f"Correction of the published pairing: {reason}",
        )
        _to(rnd, S.UNDER_REVIEW, user)
    return decision
