"""A logged-in user's stored language when his browser has not chosen one (a new browser, after logging in)."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from languages.selectors import stored_language


class UserLanguageMiddleware:
    """After ``AuthenticationMiddleware`` (and ``LocaleMiddleware`` before it).

    The language cookie (this browser's choice) wins; without one, a logged-in
    user gets the language stored on his account, and the cookie is set so the
    next request needs no query.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = None
        user = getattr(request, "user", None)
        if (
            settings.LANGUAGE_COOKIE_NAME not in request.COOKIES
            and user is not None
            and user.is_authenticated
        ):
            chosen = stored_language(user)
            if chosen and chosen != translation.get_language():
                translation.activate(chosen)
                request.LANGUAGE_CODE = chosen
        response = self.get_response(request)
        if chosen and settings.LANGUAGE_COOKIE_NAME not in response.cookies:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                chosen,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response
