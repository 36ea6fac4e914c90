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


@dataclass(frozen=True)
class Lockout:
    """An account or address whose failures within the cool-off reached the limit."""

    kind: str  # "account" or "address"
    value: str
    failures: int
    last_failure: datetime
    until: datetime | None  # None: until someone unlocks it


def _recent_attempts(now: datetime):
    attempts = AccessAttempt.objects.all()
    cool_off = get_cool_off()
    if cool_off:
        attempts = attempts.filter(attempt_time__gte=now - cool_off)
    return attempts, cool_off


def _locked(rows, kind: str, field: str, cool_off: timedelta | None) -> list[Lockout]:
    limit = int(settings.AXES_FAILURE_LIMIT)
    grouped = (
        rows.exclude(**{f"{field}__isnull": True})
        .values(field)
        .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
        .filter(failures__gte=limit)
        .order_by("-last")
    )
    return [
        Lockout(kind, g[field], g["failures"], g["last"], g["last"] + cool_off if cool_off else None)
        for g in grouped
    ]


def chaired_usernames(user) -> set[str] | None:
    """The accounts a user may unlock: every one for staff (None), else those in the tournaments they chair."""
    if user.is_staff or user.is_superuser:
        return None
    chaired = Membership.objects.filter(user=user, role=Role.COMMITTEE_CHAIR).values("tournament")
    return set(
        Membership.objects.filter(tournament__in=chaired).values_list("user__username", flat=True).distinct()
    )


def may_unlock(user) -> bool:
    """Staff and committee chairs unlock (chairs: the accounts of their tournaments, and addresses)."""
    if not user.is_authenticated:
        return False
    return user.is_staff or Membership.objects.filter(user=user, role=Role.COMMITTEE_CHAIR).exists()


def lockouts_for(user, now: datetime | None = None) -> list[Lockout]:
    """The current lockouts the user may see and lift: accounts first, then addresses."""
    now = now or timezone.now()
    rows, cool_off = _recent_attempts(now)
    accounts = _locked(rows, "account", "username", cool_off)
    visible = chaired_usernames(user)
    if visible is not None:
        accounts = [a for a in accounts if a.value in visible]
    return accounts + _locked(rows, "address", "ip_address", cool_off)


def tokens_of(user) -> list[Token]:
    """The user's API tokens (DRF's token authentication: at most one per user)."""
    return list(Token.objects.filter(user=user))


def token_prefix(token: Token) -> str:
    return token.key[:8]
