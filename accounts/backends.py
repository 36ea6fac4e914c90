"""The login throttle as an authentication backend (django-axes)."""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend
from axes.exceptions import AxesBackendPermissionDenied
from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings

from accounts.throttle import address_locked


class ThrottledLoginBackend(AxesStandaloneBackend):
    """Refuses a login from a locked account or address (even with the right password).

    A login without a request (the test client's ``login()``, a script calling
    ``authenticate()``) has no address to throttle: it is left to the next backend instead of
    failing, as django-axes' own backend would.

    django-axes locks the account *and* the address together (``throttle.lockout_parameters``);
    this backend adds the address's own, much higher ceiling (issue 18 item 3).
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        if settings.AXES_ENABLED:
            AxesProxyHandler.update_request(request)
            if address_locked(request.axes_ip_address):
                request.axes_locked_out = True
                request.axes_credentials = {settings.AXES_USERNAME_FORM_FIELD: username}
                raise AxesBackendPermissionDenied("too many failed logins from this address")
        return super().authenticate(request, username=username, password=password, **kwargs)
