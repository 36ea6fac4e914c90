"""Who may do what in the round's operations, checked on the server.

- captain: the lineup of the team(s) the membership binds him to, and
  confirming that team's match results;
- arbiter (an arbiter or the Chief Arbiter): results, late-lineup overrides, closing the lineup window,
  posting board pairings, signing the results summary;
- committee (member or chair): the lineup status board, captain links,
  imports and everything the arbiter sees (not result entry);
- public: published data only.

A superuser is an administrator, not a tournament official: in a tournament he does what his
memberships allow, like anyone, on the operations pages and API as on the committee's
(``committee.permissions``); issue 18 item 4, one rule for both. The administrator's own acts
(creating a tournament from a TRF file, unlocking accounts, ``/admin/``, where he may give
himself a role) stay his.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

from tournaments.models import Membership
from tournaments.models.membership import ARBITER_ROLES, Role

COMMITTEE = (Role.COMMITTEE_MEMBER, Role.COMMITTEE_CHAIR)


def _roles(user, tournament) -> set[str]:
    if not getattr(user, "is_authenticated", False):
        return set()
    cache = getattr(user, "_operations_roles", None)
    if cache is None:
        cache = user._operations_roles = {}
    if tournament.pk not in cache:
        cache[tournament.pk] = set(
            Membership.objects.filter(user=user, tournament=tournament).values_list("role", flat=True)
        )
    return cache[tournament.pk]


def is_arbiter(user, tournament) -> bool:
    return bool(_roles(user, tournament) & ARBITER_ROLES)


def is_committee(user, tournament) -> bool:
    return bool(_roles(user, tournament) & set(COMMITTEE))


def is_official(user, tournament) -> bool:
    """Arbiter or committee: sees the status boards and the submissions."""
    return is_arbiter(user, tournament) or is_committee(user, tournament)


def captain_team_ids(user, tournament) -> set[int]:
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(
        Membership.objects.filter(user=user, tournament=tournament, role=Role.TEAM_CAPTAIN).values_list(
            "team_id", flat=True
        )
    )


def is_captain_of(user, team) -> bool:
    return team.pk in captain_team_ids(user, team.tournament)


def require(condition: bool, message: str) -> None:
    if not condition:
        raise PermissionDenied(message)
