"""A one-time sign-in link by e-mail for a locked-out user: a way back no attacker can block (issue 18 item 3).

Anyone may ask for a link for an account name; the link goes to the account's own e-mail
address only, so asking for it gives an attacker nothing. The link is signed (``SECRET_KEY``),
lasts ``UNLOCK_LINK_MINUTES`` and carries the account's last login: following it forgets the
account's failed logins and logs the user in, which changes his last login and so spends the
link. One e-mail per account every ``UNLOCK_LINK_RESEND_MINUTES`` at the most (nobody fills
an inbox by asking again).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.cache import cache
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from accounts.services import forget_account_failures

log = logging.getLogger(__name__)

SALT = "accounts.unlock-link"


class LinkRefused(Exception):
    """A link that is not (or no longer) valid; the message says so."""


def minutes() -> int:
    return int(getattr(settings, "UNLOCK_LINK_MINUTES", 30))


def _stamp(user) -> str:
    return user.last_login.isoformat() if user.last_login else ""


def make_token(user) -> str:
    return signing.dumps([user.pk, _stamp(user)], salt=SALT, compress=True)


def send_link(username: str, build_url) -> bool:
    """E-mail a sign-in link to the account ``username`` if it exists, is active and has an address.

    ``build_url(token)`` makes the link's absolute address. Returns whether an e-mail went (the
    page says the same thing either way, so nobody learns which accounts exist).
    """
    user = get_user_model().objects.filter(username=(username or "").strip(), is_active=True).first()
    if user is None or not user.email:
        return False
    if not cache.add(
        f"accounts:unlock-link:{user.pk}",
        1,
        timeout=60 * int(getattr(settings, "UNLOCK_LINK_RESEND_MINUTES", 5)),
    ):
        return False  # one sent a moment ago is still valid
    body = render_to_string(
        "accounts/unlock_link_email.txt",
        {"user": user, "url": build_url(make_token(user)), "minutes": minutes()},
    )
    send_mail(_("Your sign-in link"), body, None, [user.email])
    log.info("unlock link sent to %s", user.get_username(), extra={"event": "unlock_link_sent"})
    return True


def user_of(token: str):
    """The user a valid, unspent link is for; ``LinkRefused`` otherwise."""
    try:
        pk, stamp = signing.loads(token, salt=SALT, max_age=60 * minutes())
    except signing.SignatureExpired:
        raise LinkRefused(_("This link is out of date: ask for a new one.")) from None
    except (signing.BadSignature, ValueError, TypeError):
        raise LinkRefused(_("This link is not valid: ask for a new one.")) from None
    user = get_user_model().objects.filter(pk=pk, is_active=True).first()
    if user is None or _stamp(user) != stamp:
        raise LinkRefused(_("This link was already used: ask for a new one."))
    return user


def spend(token: str):
    """Forget the failed logins of the link's account and return its user (the view logs him in)."""
    user = user_of(token)
    forget_account_failures(user.get_username())
    log.info("account %s unlocked by its e-mailed link", user.get_username(), extra={"event": "unlock"})
    return user
