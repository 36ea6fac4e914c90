"""The login throttle as an authentication backend (django-axes)."""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend


class ThrottledLoginBackend(AxesStandaloneBackend):
    """Refuses a login from a locked account or address (even with the right password).

    A login without a request (the test client's ``login()``, a script calling
    ``authenticate()``) has no address to throttle: it is left to the next backend instead of
    failing, as django-axes' own backend would.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
