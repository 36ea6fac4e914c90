"""Who may do what with a round's pairing (``rules`` predicates).

Roles come from ``tournaments.Membership``: committee member, committee
chair, arbiter, team captain (bound to one team); anyone else is the public.
Every permission takes the tournament (or a round of it) as its object.

- committee members and the chair request, amend, annotate (rule 57),
  approve and publish;
- arbiters (the Chief Arbiter included) see the drafts and notes;
- the override of an absolute criterion is the Chief Arbiter's alone
  (C.04.6 3.3.3), not any arbiter's;
- captains and the public see published pairings only (rule 60);
- the chair alone chooses the pairing options (tournament settings) and,
  once round 1 is published, changes them by a recorded decision; any
  committee member may hide or show the public "why" lines.

A superuser has no role by being one (issue 18 item 4: the same rule as the operations'
``operations.permissions``): test these permissions with ``has`` / ``require`` (or the
``test_perm`` template tag), never ``user.has_perm``, which Django answers yes for a superuser.
"""

from __future__ import annotations

import rules
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Membership, Round, Tournament
from tournaments.models.membership import ARBITER_ROLES, Role


def tournament_of(obj) -> Tournament | None:
    if isinstance(obj, Tournament):
        return obj
    if isinstance(obj, Round):
        return obj.tournament
    tournament = getattr(obj, "tournament", None)
    if tournament is None and getattr(obj, "round", None) is not None:
        tournament = obj.round.tournament
    return tournament


def roles_of(user, obj) -> frozenset[str]:
    """The user's roles in the tournament of ``obj`` (cached on the user object)."""
    tournament = tournament_of(obj)
    if tournament is None or user is None or not user.is_authenticated:
        return frozenset()
    cache = user.__dict__.setdefault("_committee_roles", {})
    if tournament.pk not in cache:
        cache[tournament.pk] = frozenset(
            Membership.objects.filter(user=user, tournament_id=tournament.pk).values_list("role", flat=True)
        )
    return cache[tournament.pk]


@rules.predicate
def is_committee_member(user, obj) -> bool:
    return bool(roles_of(user, obj) & {Role.COMMITTEE_MEMBER, Role.COMMITTEE_CHAIR})


@rules.predicate
def is_committee_chair(user, obj) -> bool:
    return Role.COMMITTEE_CHAIR in roles_of(user, obj)


@rules.predicate
def is_arbiter(user, obj) -> bool:
    """An arbiter or the Chief Arbiter."""
    return bool(roles_of(user, obj) & ARBITER_ROLES)


@rules.predicate
def is_chief_arbiter(user, obj) -> bool:
    return Role.CHIEF_ARBITER in roles_of(user, obj)


PERMISSIONS = {
    "committee.view_draft": is_committee_member | is_arbiter,
    "committee.request_pairing": is_committee_member,
    "committee.amend_draft": is_committee_member,
    "committee.write_note": is_committee_member,
    "committee.approve": is_committee_member,
    "committee.publish": is_committee_member,
    "committee.start_correction": is_committee_member,
    "committee.override": is_chief_arbiter,
    # The pairing options are a tournament setting: the chair chooses them (and, once
    # round 1 is published, changes them only by a recorded committee decision).
    "committee.edit_options": is_committee_chair,
    # Whether the public pages show each team's "why" line.
    "committee.set_public_reasons": is_committee_member,
}

for _name, _predicate in PERMISSIONS.items():
    rules.add_perm(_name, _predicate)


def has(user, perm: str, obj) -> bool:
    return PERMISSIONS[perm].test(user, obj)


# What each permission lets one do, as the refusal names it ("You may not approve in ...").
ACTIONS = {
    "committee.view_draft": gettext_lazy("view draft"),
    "committee.request_pairing": gettext_lazy("request pairing"),
    "committee.amend_draft": gettext_lazy("amend draft"),
    "committee.write_note": gettext_lazy("write note"),
    "committee.approve": gettext_lazy("approve"),
    "committee.publish": gettext_lazy("publish"),
    "committee.start_correction": gettext_lazy("start correction"),
    "committee.override": gettext_lazy("override"),
    "committee.edit_options": gettext_lazy("edit options"),
    "committee.set_public_reasons": gettext_lazy("set public reasons"),
}


def require(user, perm: str, obj) -> None:
    """Raise ``PermissionDenied`` naming what the user may not do."""
    if not has(user, perm, obj):
        what = ACTIONS.get(perm) or perm.split(".", 1)[1].replace("_", " ")
        raise PermissionDenied(
            _("You may not %(what)s in %(tournament_of)s.")
            % {"what": what, "tournament_of": tournament_of(obj)}
        )
