"""Reads of the notices app: who is told, what they want, what was sent."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from notifications.models import PREFERENCE_OF_KIND, Notice, NoticePreference
from tournaments.models import Lineup, Membership, Round, Team, Tournament
from tournaments.models.membership import Role

COMMITTEE_ROLES = (Role.COMMITTEE_MEMBER, Role.COMMITTEE_CHAIR)


@dataclass(frozen=True)
class Captain:
    user: object
    team: Team


def preferences_of(user) -> NoticePreference:
    """The user's switches; an unsaved row with every notice on when he never chose."""
    pref = NoticePreference.objects.filter(user=user).first()
    return pref or NoticePreference(user=user)


def wants(user, kind: str) -> bool:
    return bool(getattr(preferences_of(user), PREFERENCE_OF_KIND[kind]))


def off_for(kind: str, user_ids) -> set[int]:
    """Which of ``user_ids`` switched this kind of notice off (one query)."""
    switch = PREFERENCE_OF_KIND[kind]
    return set(
        NoticePreference.objects.filter(user_id__in=user_ids, **{switch: False}).values_list(
            "user_id", flat=True
        )
    )


def captains_of_round(round: Round) -> list[Captain]:
    """The captains (with an e-mail address) of the teams paired in ``round``, by TPN."""
    team_ids = set()
    for white, black in round.matches.values_list("white_team_id", "black_team_id"):
        team_ids |= {white, black} - {None}
    memberships = (
        Membership.objects.filter(tournament=round.tournament, role=Role.TEAM_CAPTAIN, team_id__in=team_ids)
        .exclude(user__email="")
        .filter(user__is_active=True)
        .select_related("user", "team")
        .order_by("team__tpn", "user__username")
    )
    return [Captain(m.user, m.team) for m in memberships]


def captains_without_lineup(round: Round) -> list[Captain]:
    """Captains of paired teams that have no lineup in for ``round`` (the bye needs none)."""
    playing = set()
    for white, black, bye in round.matches.values_list("white_team_id", "black_team_id", "is_bye"):
        if not bye:
            playing |= {white, black}
    submitted = set(Lineup.objects.filter(round=round).values_list("team_id", flat=True))
    return [c for c in captains_of_round(round) if c.team.pk in playing and c.team.pk not in submitted]


def committee_of(tournament: Tournament) -> list:
    """The committee's members and chair with an e-mail address, each once."""
    users = (
        get_user_model()
        .objects.filter(
            memberships__tournament=tournament, memberships__role__in=COMMITTEE_ROLES, is_active=True
        )
        .exclude(email="")
        .distinct()
        .order_by("username")
    )
    return list(users)


def notices_of(user, limit: int = 20):
    return Notice.objects.filter(recipient=user).select_related("tournament")[:limit]
