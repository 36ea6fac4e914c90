"""The pairing options of a tournament: chosen by the chair, then frozen; and the public "why" lines.

Before round 1's pairing is published the chair chooses every option
(``choose_options``). Afterwards the options are frozen: a change is made
only by ``change_options_by_decision``, which records a committee decision
(rule 57: who, when, why) with the options before and after, in the same
transaction as the change. Round 1's publication pins every option in force
explicitly (``committee.services.approvals.publish``), so a later change of an
engine default does not change the event.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from committee import permissions
from committee.models import Decision, OptionsChange
from committee.public_cache import public_cache_keys
from tournaments.models import Round, RoundState, Tournament
from tournaments.pairing_options import changed_keys, describe_change, options_frozen, values_in_force
from tournaments.services import transition_round
from tournaments.services.options import lock_tournament, set_engine_options, write_engine_options


@transaction.atomic
def choose_options(*, tournament: Tournament, user, values: Mapping[str, Any]) -> dict[str, Any]:
    """The chair chooses the pairing options before round 1 is published; every option in force.

    An approval of round 1's draft no longer holds when an option changes: the
    draft was computed with the others (``approvals.approve`` and ``publish`` refuse it).
    """
    permissions.require(user, "committee.edit_options", tournament)
    before = values_in_force(tournament)
    after = set_engine_options(tournament, values)
    if changed_keys(before, after):
        _withdraw_approval(tournament.rounds.filter(number=1).first(), user)
    return after


def _withdraw_approval(rnd: Round | None, user) -> None:
    """An approved draft computed with other options goes back to review (to be computed again)."""
    if rnd is not None and rnd.state == RoundState.APPROVED:
        transition_round(rnd, RoundState.UNDER_REVIEW, by=user)


def round_taking_effect(tournament: Tournament) -> Round:
    """The first round whose pairing is not published yet (a change applies from its pairing)."""
    rounds = list(tournament.rounds.order_by("number"))
    if not rounds:
        raise ValidationError(_("%(tournament)s has no rounds.") % {"tournament": tournament})
    for rnd in rounds:
        if rnd.published_at is None and rnd.state in _UNPUBLISHED:
            return rnd
    return rounds[-1]


_UNPUBLISHED = ("awaiting_results", "pairing_requested", "draft_computed", "under_review", "approved")


@transaction.atomic
def change_options_by_decision(
    *, tournament: Tournament, user, values: Mapping[str, Any], reason: str
) -> OptionsChange:
    """Change frozen options by a committee decision; the decision and the change are saved together."""
    permissions.require(user, "committee.edit_options", tournament)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(
            _(
                "A change of the pairing options after round 1's publication is a committee decision: give its reason (rule 57)."
            )
        )
    locked = lock_tournament(tournament)
    if not options_frozen(locked):
        raise ValidationError(
            _(
                "Round 1's pairing is not published yet: choose the options on the settings page; no decision is needed."
            )
        )
    before, after = write_engine_options(locked, values)
    with translation.override("en"):  # the decision's record is written in English, its lines too
        lines = describe_change(locked.pairing_system, before, after)
    if not lines:
        raise ValidationError(_("These are the options in force already: nothing to change."))
    rnd = round_taking_effect(locked)
    decision = Decision.objects.create(
        tournament=locked,
        round=rnd,
        author=user,
        text="Pairing options changed by a committee decision, in force from the pairing of "
        f"round {rnd.number}:\n" + "\n".join(f"- {line}" for line in lines) + f"\nReason: {reason}",
    )
    tournament.engine_options = locked.engine_options
    _withdraw_approval(rnd, user)
    return OptionsChange.objects.create(
        decision=decision,
        tournament=locked,
        system=locked.pairing_system,
        before=before,
        after=after,
        reason=reason,
    )


@transaction.atomic
def set_public_reasons(*, tournament: Tournament, user, show: bool) -> Tournament:
    """Show or hide the public "why" line of each team with the published pairings."""
    permissions.require(user, "committee.set_public_reasons", tournament)
    locked = lock_tournament(tournament)
    locked.show_pairing_reasons = bool(show)
    locked.save(update_fields=["show_pairing_reasons"])
    tournament.show_pairing_reasons = locked.show_pairing_reasons
    keys = [
        key
        for number in locked.rounds.values_list("number", flat=True)
        for key in public_cache_keys(locked.slug, number).values()
    ]
    transaction.on_commit(lambda: cache.delete_many(keys))
    return locked
