"""Correcting a published pairing of an individual event (rule 57).

In an individual event publication posts the board pairings at once
(``tournaments.services.individual.post_individual_boards``), so the round
is past ``published`` and ``start_correction`` would refuse it. Before any
game result is entered the posting is undone — the boards deleted, the bye's
points cleared, the round put back to ``published`` (the exact inverse of
the posting, in the same transaction) — and the ordinary correction follows:
the round goes back under review with the written reason, and the corrected
pairing is published (with its reason) and posted again.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from committee import permissions
from committee.models import Decision
from committee.services.approvals import start_correction
from tournaments.models import BoardGame, Round, RoundState


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
        if rnd.state != RoundState.BOARD_PAIRINGS_POSTED:
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
        rnd.state = RoundState.PUBLISHED
        rnd.state_changed_at = timezone.now()
        rnd._history_user = user
        rnd._change_reason = "posting withdrawn for correction (individual event)"
        rnd.save(update_fields=["state", "state_changed_at"])
        return start_correction(round=rnd, user=user, reason=reason)


__all__ = ["correct_individual_pairing"]
