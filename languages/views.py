"""The language switcher's view: Django's ``set_language`` (a cookie), and for a logged-in user his stored choice.

An anonymous visitor's form carries no CSRF token, so that the public pages it sits on stay
shareable by caches (``public_http``): changing the language cookie of one's own browser is
harmless. A logged-in user's choice is also stored on his account (his e-mails' language), so
his form must carry the token and is checked.
"""

from __future__ import annotations

from django.conf import settings
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST
from django.views.i18n import LANGUAGE_QUERY_PARAMETER
from django.views.i18n import set_language as django_set_language

from languages.selectors import site_languages
from languages.services import remember_language


@csrf_protect
def _set_language_of_user(request):
    response = django_set_language(request)
    code = request.POST.get(LANGUAGE_QUERY_PARAMETER, "")
    if code in site_languages() and settings.LANGUAGE_COOKIE_NAME in response.cookies:
        remember_language(request.user, code)
    return response


@csrf_exempt
@require_POST
def set_language(request):
    """POST ``language`` (and ``next``): the site in that language from the next page on.

    A language the site is not offered in (``settings.LANGUAGES``) only redirects.
    """
    if request.POST.get(LANGUAGE_QUERY_PARAMETER) not in site_languages():
        request.POST = request.POST.copy()
        request.POST.pop(LANGUAGE_QUERY_PARAMETER, None)
    if request.user.is_authenticated:
        return _set_language_of_user(request)
    return django_set_language(request)
