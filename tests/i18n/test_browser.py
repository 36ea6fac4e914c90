"""In Debian's Chromium: a visitor switches the site to French with the switcher in the header, sees
the page in French, and the next page he opens is in French too (the choice is remembered)."""

from __future__ import annotations

import pytest

from tests.browser import chromium_page, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

# A few French strings of the site's catalogue, put first, so that the test shows French words
# whether or not the translators have filled locale/fr yet.
FRENCH = {
    "Tournaments": "Tournois",
    "Standings": "Classement",
    "Language": "Langue",
    "Change language": "Changer de langue",
}


@pytest.fixture
def some_french(tmp_path, settings):
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalogue = Catalog(locale="fr")
    for english, french in FRENCH.items():
        catalogue.add(english, french)
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "django.mo").open("wb") as f:
        write_mo(f, catalogue)
    settings.LOCALE_PATHS = [tmp_path, *settings.LOCALE_PATHS]


@pytest.fixture
def page():
    with chromium_page(timeout_ms=30000, locale="en-GB") as pg:
        yield pg


def test_a_visitor_switches_to_french_and_the_next_page_is_in_french_too(
    page, live_server, transactional_db, some_french, make_tournament
):
    t = make_tournament(name="Kestrel Open", slug="kestrel-browser")
    page.goto(f"{live_server.url}/")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.get_by_role("heading", level=1).inner_text() == "Tournaments"

    page.get_by_label("Language").select_option("fr")
    with page.expect_navigation():
        page.get_by_role("button", name="Change language").click()

    assert page.url == f"{live_server.url}/"
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.get_by_role("heading", level=1).inner_text() == "Tournois"
    assert page.get_by_label("Langue").input_value() == "fr"

    # the next page: the choice is remembered (the language cookie), not asked again
    page.get_by_role("link", name="Kestrel Open").click()
    page.wait_for_url(f"{live_server.url}/t/{t.slug}/")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert (
        page.get_by_role("navigation", name="Kestrel Open")
        .get_by_role("link", name="Classement")
        .is_visible()
    )
    cookie = {c["name"]: c for c in page.context.cookies()}["django_language"]
    assert cookie["value"] == "fr" and cookie["expires"] > 0  # kept after the browser is closed, for a year
