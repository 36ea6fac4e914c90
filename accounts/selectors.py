"""Reading the lockouts and the API tokens."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Max, Sum
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tournaments.models import Membership
from tournaments.models.membership import Role

# Issue 18 item 3: the officials of a tournament unlock each other's accounts (and those of its
# captains), so a locked-out chair is let back in by a colleague the attacker cannot stop.
OFFICIAL_ROLES = frozenset({Role.COMMITTEE_CHAIR, Role.COMMITTEE_MEMBER, Role.ARBITER, Role.CHIEF_ARBITER})


@dataclass(frozen=True)
class Lockout:
    """An account at an address, or an address, whose failures within the cool-off reached its limit."""

    kind: str  # "account" (from ``address``) or "address"
    value: str
    failures: int
    last_failure: datetime
    until: datetime | None  # None: until someone unlocks it
    address: str = ""  # for an account: the address its failures came from


def _recent_attempts(now: datetime):
    attempts = AccessAttempt.objects.all()
    cool_off = get_cool_off()
    if cool_off:
        attempts = attempts.filter(attempt_time__gte=now - cool_off)
    return attempts, cool_off


def _grouped(rows, fields: list[str], limit: int):
    rows = rows.exclude(**{f"{fields[0]}__isnull": True})
    if fields[0] == "username":
        rows = rows.exclude(username="")
    return (
        rows.values(*fields)
        .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
        .filter(failures__gte=limit)
        .order_by("-last")
    )


def _locked_accounts(rows, cool_off: timedelta | None) -> list[Lockout]:
    """Accounts locked at one address (``throttle.lockout_parameters``: never the account alone)."""
    return [
        Lockout(
            "account",
            g["username"],
            g["failures"],
            g["last"],
            g["last"] + cool_off if cool_off else None,
            address=g["ip_address"] or "",
        )
        for g in _grouped(rows, ["username", "ip_address"], int(settings.AXES_FAILURE_LIMIT))
    ]


def _locked_addresses(rows, cool_off: timedelta | None) -> list[Lockout]:
    """Addresses refused lineup links (``AXES_FAILURE_LIMIT``) or, past the higher ceiling, logins."""
    return [
        Lockout(
            "address", g["ip_address"], g["failures"], g["last"], g["last"] + cool_off if cool_off else None
        )
        for g in _grouped(rows, ["ip_address"], int(settings.AXES_FAILURE_LIMIT))
    ]


def unlockable_usernames(user) -> set[str] | None:
    """The accounts a user may unlock: every one for staff (None), else those in the tournaments they officiate."""
    if user.is_staff or user.is_superuser:
        return None
    officiated = Membership.objects.filter(user=user, role__in=OFFICIAL_ROLES).values("tournament")
    return set(
        Membership.objects.filter(tournament__in=officiated)
        .values_list("user__username", flat=True)
        .distinct()
    )


def may_unlock(user) -> bool:
    """Staff, and the committee and arbiters of a tournament (its accounts, and addresses), unlock."""
    if not user.is_authenticated:
        return False
    return (
        user.is_staff
        or user.is_superuser
        or Membership.objects.filter(user=user, role__in=OFFICIAL_ROLES).exists()
    )


def lockouts_for(user, now: datetime | None = None) -> list[Lockout]:
    """The current lockouts the user may see and lift: accounts first, then addresses."""
    now = now or timezone.now()
    rows, cool_off = _recent_attempts(now)
    accounts = _locked_accounts(rows, cool_off)
    visible = unlockable_usernames(user)
    if visible is not None:
        accounts = [a for a in accounts if a.value in visible]
    return accounts + _locked_addresses(rows, cool_off)


def tokens_of(user) -> list[Token]:
    """The user's API tokens (DRF's token authentication: at most one per user)."""
    return list(Token.objects.filter(user=user))


def token_prefix(token: Token) -> str:
    return token.key[:8]
