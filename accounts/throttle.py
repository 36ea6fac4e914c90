"""What counts as a failed login, and the guard of the captains' lineup links.

django-axes counts failures in ``axes.AccessAttempt`` rows (account, address, user agent).
Within ``AXES_COOLOFF_TIME`` (issue 18 item 3: nobody can keep an account locked):

- a login is refused when the failures of that account *from that address* reach
  ``AXES_FAILURE_LIMIT``: never by the account alone, so failures for ``chair`` from the
  attacker's addresses do not lock the chair out of his own;
- a login from an address is refused when the failures from that address (on any account)
  reach the much higher ``AXES_ADDRESS_FAILURE_LIMIT`` (one machine guessing many accounts).

The next attempt is refused with HTTP 429 even with the right password, until the cool-off
ends or an administrator or an official of a tournament the account has a role in unlocks it
(``services.unlock_account`` / ``unlock_address``).

The lineup link (``/ops/lineup/<token>/``) is a password without an account: an unknown token
counts as a failure of the address only (``lineup_link_guard``), and a locked address gets 429
even for a valid link.
"""

from __future__ import annotations

import functools
import logging

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_client_username, get_cool_off, get_failure_limit, get_lockout_response
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

LINK_CREDENTIALS = {"lineup_link": True}


def _username_field() -> str:
    return str(settings.AXES_USERNAME_FORM_FIELD)


def lockout_parameters(request_or_attempt, credentials: dict | None = None) -> list:
    """``AXES_LOCKOUT_PARAMETERS``: the account and the address together; the address without an account.

    Issue 18 item 3: never the account alone, which anyone anywhere could lock. Without an
    account name (a lineup link) the failures are counted per address only.
    """
    if credentials is not None:
        username = credentials.get(_username_field())
    elif hasattr(request_or_attempt, "POST"):
        username = request_or_attempt.POST.get(_username_field())
    else:
        username = getattr(request_or_attempt, "username", None)
    return [["username", "ip_address"]] if username else ["ip_address"]


def address_failures(ip_address: str | None) -> int:
    """The failures from an address within the cool-off, on every account and lineup link."""
    if not ip_address:
        return 0
    attempts = AccessAttempt.objects.filter(ip_address=ip_address)
    cool_off = get_cool_off()
    if cool_off:
        attempts = attempts.filter(attempt_time__gte=timezone.now() - cool_off)
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


def address_locked(ip_address: str | None) -> bool:
    """Whether logins from the address are refused: its failures reached ``AXES_ADDRESS_FAILURE_LIMIT``."""
    return address_failures(ip_address) >= int(settings.AXES_ADDRESS_FAILURE_LIMIT)


def cool_off_minutes() -> int | None:
    cool_off = get_cool_off()
    return int(cool_off.total_seconds() // 60) if cool_off else None


def lockout_response(request, original_response=None, credentials=None):
    """``AXES_LOCKOUT_CALLABLE``: HTTP 429, a page saying why and who unlocks (JSON for the API)."""
    context = {
        "failure_limit": get_failure_limit(request, credentials),
        "username": get_client_username(request, credentials) or "",
        "cool_off_minutes": cool_off_minutes(),
    }
    if request.path.startswith("/api/") or request.headers.get("X-Requested-With") == "XMLHttpRequest":
        return JsonResponse(
            {"detail": _("Too many failed attempts: try again later."), **context}, status=429
        )
    return render(request, "registration/locked_out.html", context, status=429)


def _locked(request):
    return get_lockout_response(request, None, LINK_CREDENTIALS)


def lineup_link_guard(view):
    """Throttle guessing of lineup links: an unknown token (404) is a failure of the address."""

    @functools.wraps(view)
    def guarded(request, *args, **kwargs):
        if not settings.AXES_ENABLED:
            return view(request, *args, **kwargs)
        AxesProxyHandler.update_request(request)
        if not AxesProxyHandler.is_allowed(request, LINK_CREDENTIALS):
            return _locked(request)
        try:
            return view(request, *args, **kwargs)
        except Http404:
            AxesProxyHandler.user_login_failed(
                sender=lineup_link_guard, credentials=LINK_CREDENTIALS, request=request
            )
            log.warning("unknown lineup link from %s", request.axes_ip_address)
            if request.axes_locked_out:
                return _locked(request)
            raise

    return guarded
