"""Withdrawal, late entry and absence for a round.

A withdrawn team is not paired from its withdrawal round on (C.04.6 and
Olympiad rules alike; its played games stand). A late entrant is first
paired in its entry round and is recorded absent before it. An absent
team is not paired in that round and scores nothing.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..models import Round, Team, TeamRoundStatus


def _round(team: Team, number: int) -> Round:
    try:
        return team.tournament.rounds.get(number=number)
    except Round.DoesNotExist:
        raise ValidationError(
            _("%(tournament)s has no round %(number)s.") % {"tournament": team.tournament, "number": number}
        ) from None


def _refuse_if_paired(rnd: Round, what: str) -> None:
    if rnd.is_paired:
        raise ValidationError(
            _("Round %(rnd_number)s is already paired: %(what)s must be decided before the pairing.")
            % {"rnd_number": rnd.number, "what": what}
        )


@transaction.atomic
def withdraw_team(team: Team, *, from_round: int, reason: str = "", by=None) -> Team:
    """Withdraw ``team`` from round ``from_round`` on (it is not paired in it)."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    rnd = _round(team, from_round)
    _refuse_if_paired(rnd, _("a withdrawal"))
    team.withdrawn_from_round = from_round
    team.withdrawal_reason = reason
    if by is not None and getattr(by, "is_authenticated", False):
        team._history_user = by
    team.save(update_fields=["withdrawn_from_round", "withdrawal_reason"])
    for later in team.tournament.rounds.filter(number__gte=from_round):
        TeamRoundStatus.objects.update_or_create(
            team=team, round=later, defaults={"status": TeamRoundStatus.Status.WITHDRAWN, "note": reason}
        )
    return team


@transaction.atomic
def enter_late(team: Team, *, first_round: int, by=None) -> Team:
    """Record that ``team`` plays from round ``first_round`` on (absent before)."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    rnd = _round(team, first_round)
    _refuse_if_paired(rnd, _("a late entry"))
    team.late_entry_round = first_round if first_round > 1 else None
    if by is not None and getattr(by, "is_authenticated", False):
        team._history_user = by
    team.save(update_fields=["late_entry_round"])
    return team


@transaction.atomic
def mark_absent(team: Team, *, round_number: int, note: str = "") -> TeamRoundStatus:
    """The team will not play round ``round_number``: it is not paired and scores nothing."""
    rnd = _round(team, round_number)
    _refuse_if_paired(rnd, _("an absence"))
    status, _created = TeamRoundStatus.objects.update_or_create(
        team=team, round=rnd, defaults={"status": TeamRoundStatus.Status.ABSENT, "note": note}
    )
    return status


@transaction.atomic
def mark_present(team: Team, *, round_number: int) -> None:
    """Cancel an announced absence for round ``round_number``."""
    rnd = _round(team, round_number)
    _refuse_if_paired(rnd, _("an absence"))
    TeamRoundStatus.objects.filter(team=team, round=rnd, status=TeamRoundStatus.Status.ABSENT).delete()
