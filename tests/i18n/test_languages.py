"""The language switcher, each user's remembered language, e-mails in the recipient's language,
numbers and dates in the reader's locale, one cached copy of a public page per language, and the
catalogues' compilation (languages app; docs/translations.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from .conftest import recorded

COOKIE = settings.LANGUAGE_COOKIE_NAME


def switch(client: Client, language: str, next_url: str = "/"):
    return client.post(reverse("set_language"), {"language": language, "next": next_url})


def html_lang(response) -> str:
    page = response.content.decode()
    return page.split('<html lang="', 1)[1].split('"', 1)[0]


def test_every_page_carries_the_language_switcher_with_a_label_and_a_button(db):
    page = Client().get("/").content.decode()
    form = page[
        page.index('<form class="lang-switch') : page.index("</form>", page.index('<form class="lang-switch'))
    ]
    assert f'action="{reverse("set_language")}"' in form and 'method="post"' in form
    assert '<label for="language-select">' in form and '<select name="language" id="language-select">' in form
    assert '<button type="submit"' in form
    for code, name in (("en", "English"), ("fr", "Français"), ("es", "Español"), ("ru", "Русский")):
        assert f'<option value="{code}" lang="{code}"' in form and name in form
    assert "csrfmiddlewaretoken" not in form  # an anonymous page stays shareable by caches (public_http)


def test_the_switcher_sets_the_language_cookie_for_a_year_and_the_next_page_is_in_that_language(db):
    client = Client()
    response = switch(client, "es", "/accounts/login/")
    assert response.status_code == 302 and response["Location"] == "/accounts/login/"
    cookie = response.cookies[COOKIE]
    assert cookie.value == "es" and int(cookie["max-age"]) == 365 * 24 * 3600
    page = client.get("/accounts/login/")
    assert page["Content-Language"] == "es" and html_lang(page) == "es"
    assert '<option value="es" lang="es" selected>' in page.content.decode()


def test_a_language_the_site_does_not_offer_is_not_taken(db):
    client = Client()
    response = switch(client, "de")
    assert COOKIE not in response.cookies
    assert html_lang(client.get("/")) == "en"


def test_without_a_choice_the_browsers_language_is_used_else_english(db):
    assert html_lang(Client().get("/", HTTP_ACCEPT_LANGUAGE="ru,en;q=0.5")) == "ru"
    assert html_lang(Client().get("/", HTTP_ACCEPT_LANGUAGE="de")) == "en"


def test_a_logged_in_users_choice_is_stored_on_his_account_and_his_form_is_csrf_checked(make_user):
    from languages.selectors import language_of

    user = make_user("renata")
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    refused = switch(client, "fr")
    assert refused.status_code == 403 and language_of(user) == "en"
    page = client.get("/").content.decode()
    form = page[page.index('<form class="lang-switch') :]
    token = form.split('name="csrfmiddlewaretoken" value="', 1)[1].split('"', 1)[0]
    response = client.post(
        reverse("set_language"), {"language": "fr", "next": "/", "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302 and response.cookies[COOKIE].value == "fr"
    assert language_of(user) == "fr"


def test_a_user_logging_in_on_a_new_browser_gets_the_language_stored_on_his_account(make_user):
    from languages.services import remember_language

    user = make_user("oleg")
    remember_language(user, "ru")
    client = Client()
    response = client.post(reverse("login"), {"username": "oleg", "password": "demo"})
    assert response.status_code == 302
    page = client.get("/")
    assert html_lang(page) == "ru" and page.cookies[COOKIE].value == "ru"


def test_a_language_chosen_before_logging_in_becomes_the_accounts(make_user):
    from languages.selectors import language_of

    user = make_user("ines")
    client = Client()
    switch(client, "es")
    client.post(reverse("login"), {"username": "ines", "password": "demo"})
    assert language_of(user) == "es"


def test_an_unknown_language_is_refused_by_the_service_with_the_languages_offered(make_user):
    from django.core.exceptions import ValidationError

    from languages.services import remember_language

    with pytest.raises(ValidationError, match="Unknown language xx; the site is offered in en, fr, es, ru"):
        remember_language(make_user("pat"), "xx")


def test_the_notices_page_says_in_which_language_the_emails_are_written(make_user):
    from languages.services import remember_language

    user = make_user("sofia")
    user.email = "sofia@example.org"
    user.save()
    remember_language(user, "es")
    client = Client()
    client.force_login(user)
    client.cookies[COOKIE] = "es"
    assert "Español" in client.get(reverse("notice-preferences")).content.decode()


def test_each_notice_is_written_in_its_recipients_language(event, db):
    """The captain reads French, the chair Russian: each e-mail's strings are asked in that language."""
    from django.core import mail

    from languages.services import remember_language
    from notifications.services import events

    captain, chair = event.users["captain"], event.users["chair"]
    remember_language(captain, "fr")
    remember_language(chair, "ru")
    round2 = event.tournament.rounds.get(number=2)
    mail.outbox = []
    with recorded() as seen:
        events.pairings_published(round2.publications.order_by("-number").first())
    assert [m.to for m in mail.outbox] == [[captain.email]]
    assert {language for language, _key in seen} == {"fr"}


def test_a_public_page_is_cached_once_per_language(event, db):
    """An anonymous French reader never gets the copy cached for an English one (public_http, live pages)."""
    url = reverse("ops-standings", args=[event.slug])
    english = Client().get(url)
    french = Client()
    french.cookies[COOKIE] = "fr"
    answer = french.get(url)
    assert html_lang(english) == "en" and html_lang(answer) == "fr"
    assert "Accept-Language" in answer["Vary"] and "Cookie" in answer["Vary"]
    assert english["ETag"] != answer["ETag"]


def test_scores_and_dates_are_written_as_the_readers_language_writes_them(event, db):
    url = reverse("ops-standings", args=[event.slug])
    french = Client()
    french.cookies[COOKIE] = "fr"
    page = french.get(url).content.decode()
    english = Client().get(url).content.decode()
    assert ".5</td>" in english and ".5</td>" not in page and ",5</td>" in page
    from django.utils import formats, timezone, translation

    moment = timezone.now().replace(year=2026, month=7, day=4, hour=20, minute=5)
    with translation.override("en"):
        assert formats.date_format(moment, "SHORT_DATETIME_FORMAT") == "2026-07-04 20:05"
    with translation.override("fr"):
        assert formats.date_format(moment, "SHORT_DATETIME_FORMAT") == "04/07/2026 20:05"
    with translation.override("ru"):
        assert formats.date_format(moment, "DATE_FORMAT").startswith("4 июля 2026")


PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "Standings"
msgstr "Classement"

#, python-format
msgid "Round %(number)s"
msgstr "{round}"
"""


def test_compilemessages_compiles_a_catalogue_without_gettext_and_refuses_a_broken_placeholder(
    tmp_path, settings
):
    import gettext

    from django.core.management import CommandError, call_command

    folder = Path(tmp_path) / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    settings.LOCALE_PATHS = [tmp_path]
    po = folder / "django.po"
    po.write_text(PO.format(round="Ronde %(number)s"), encoding="utf-8")
    call_command("compilemessages", verbosity=0)
    compiled = gettext.GNUTranslations((folder / "django.mo").open("rb"))
    assert compiled.gettext("Standings") == "Classement"
    assert compiled.gettext("Round %(number)s") % {"number": 3} == "Ronde 3"

    po.write_text(PO.format(round="Ronde %(numero)s"), encoding="utf-8")
    with pytest.raises(CommandError, match="placeholder|numero"):
        call_command("compilemessages", verbosity=0)
    assert gettext.GNUTranslations((folder / "django.mo").open("rb")).gettext("Standings") == "Classement"


def test_the_sites_catalogues_exist_for_french_spanish_and_russian_and_compile():
    from languages.catalogues import catalogues, compile_catalogue

    found = {c.language: c for c in catalogues()}
    assert set(found) >= {"fr", "es", "ru"}
    for cat in found.values():
        assert compile_catalogue(cat) == []
        assert cat.mo.exists()


def test_api_errors_are_translated_by_accept_language_and_field_names_are_not(db):
    english = Client().get("/api/tokens/")
    french = Client().get("/api/tokens/", HTTP_ACCEPT_LANGUAGE="fr")
    assert english.status_code == french.status_code == 401
    assert english.json() == {"detail": "Authentication credentials were not provided."}
    assert list(french.json()) == ["detail"] and french.json()["detail"] != english.json()["detail"]
    assert french["Content-Language"] == "fr"
