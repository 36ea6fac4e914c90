"""The public pairings page of round 2 in French, Spanish and Russian, in Debian's Chromium (issue 20 item 3).

Each reader opens the "why" of every pairing and sees it in his language, the colour
letters of his language; a screenshot per language is kept for a person to look at
(``$ARTEFACT_DIR``, else ``var/artefacts/``). Skipped when /usr/bin/chromium is absent.
"""

import os
from pathlib import Path

import pytest
from django.conf import settings

from tests.browser import chromium, needs_chromium

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True), needs_chromium]

ARTEFACTS = Path(os.environ.get("ARTEFACT_DIR", Path(__file__).parents[2] / "var" / "artefacts"))

# Words of the engine's catalogue every round-2 page of the 7-team event shows, per language.
SEEN = {
    "fr": ("Les deux équipes ont", "[C.04.6 "),
    "es": ("Ambos equipos tienen", "[C.04.6 "),
    "ru": ("У обеих команд", "[C.04.6 "),
}
ENGLISH = ("Both teams have", "floats up from", "preference is granted", "Pairing-allocated bye")


def test_french_spanish_and_russian_readers_see_the_why_lines_in_their_language(
    committee_event, publish, play, live_server
):
    play(publish(committee_event.round(1), committee_event.member).round)
    publish(committee_event.round(2), committee_event.member)
    url = f"{live_server.url}/t/{committee_event.tournament.slug}/round/2/pairings/"
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    with chromium() as browser:
        for language, words in SEEN.items():
            context = browser.new_context(viewport={"width": 1100, "height": 900}, locale=language)
            context.add_cookies(
                [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
            )
            page = context.new_page()
            page.goto(url)
            assert page.locator("html").get_attribute("lang") == language
            for summary in page.locator(
                "details[id^=why-] > summary"
            ).all():  # each reason is shown on demand
                summary.click()
            lines = page.locator(".why-line").all_inner_texts()
            assert len(lines) >= 6, lines
            text = " ".join(lines)
            for english in ENGLISH:
                assert english not in text, (language, english)
            assert any(w in text for w in words[:-1]) and words[-1] in text, (language, text[:400])
            assert page.locator(".why-line span[lang=en]").count() == 0
            page.screenshot(path=str(ARTEFACTS / f"pairings-why-{language}.png"), full_page=True)
            context.close()
