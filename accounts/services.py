"""Unlocking accounts and addresses; creating and revoking API tokens."""

from __future__ import annotations

import logging

from axes.handlers.proxy import AxesProxyHandler
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from accounts import selectors

log = logging.getLogger(__name__)


def unlock_account(*, username: str, by) -> int:
    """Forget the failed logins of an account (from every address); how many records went."""
    allowed = selectors.unlockable_usernames(by)
    if not selectors.may_unlock(by) or (allowed is not None and username not in allowed):
        raise PermissionDenied(
            _(
                "Only an administrator, or a committee member or arbiter of a tournament "
                "the account has a role in, unlocks it."
            )
        )
    return _forget_attempts("account", username, by, username=username)


def forget_account_failures(username: str) -> int:
    """Forget the account's failed logins from every address, with no one to check (its own e-mailed link)."""
    return AxesProxyHandler.reset_attempts(username=username)


def unlock_address(*, ip_address: str, by) -> int:
    """Forget the failed logins and lineup-link guesses from an address; how many records went."""
    if not selectors.may_unlock(by):
        raise PermissionDenied(
            _("Only an administrator, a committee member or an arbiter unlocks an address.")
        )
    return _forget_attempts("address", ip_address, by, ip_address=ip_address)


def _forget_attempts(what: str, unlocked: str, by, **lookup: str) -> int:
    """Reset axes' failed attempts matching ``lookup`` and log the unlock; how many records went."""
    count = AxesProxyHandler.reset_attempts(**lookup)
    log.info(
        "%s %s unlocked by %s",
        what,
        unlocked,
        by.get_username(),
        extra={"event": "unlock", "unlocked": unlocked},
    )
    return count


@transaction.atomic
def create_token(user) -> Token:
    """A new API token for ``user`` (DRF allows one per user: revoke the old one first)."""
    if Token.objects.select_for_update().filter(user=user).exists():
        raise ValidationError(_("You already have an API token: revoke it first to get a new one."))
    token = Token.objects.create(user=user)
    log.info("API token %s created", selectors.token_prefix(token), extra={"event": "token_created"})
    return token


@transaction.atomic
def revoke_token(user, prefix: str) -> None:
    """Revoke the user's token whose key starts with ``prefix``; requests with it then get 401."""
    prefix = (prefix or "").strip()
    if len(prefix) < 8:
        raise ValidationError(_("Give the token's first 8 characters."))
    deleted, _count = Token.objects.filter(user=user, key__startswith=prefix).delete()
    if not deleted:
        raise ValidationError(_("You have no API token starting with %(prefix)s.") % {"prefix": prefix})
    log.info("API token %s revoked", prefix[:8], extra={"event": "token_revoked"})
