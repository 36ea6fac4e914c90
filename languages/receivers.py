"""On login: a language chosen before logging in becomes the account's, if the account has none yet."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from languages.models import LanguagePreference
from languages.selectors import site_languages
from languages.services import remember_language


@receiver(user_logged_in, dispatch_uid="languages-adopt-browser-choice")
def _adopt_browser_choice(sender, request, user, **kwargs) -> None:
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) if request is not None else None
    if code in site_languages() and not LanguagePreference.objects.filter(user=user).exists():
        remember_language(user, code)
