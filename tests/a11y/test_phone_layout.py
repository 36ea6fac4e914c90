"""On a 390 px phone no key page scrolls sideways, in any language: wide tables scroll in their own box.

Each key page of the accessibility check (and the lineup status and pairing cards of the round
cycle) is opened in Chromium at 390 × 844 in each language the site offers; the page's own width
(``document.scrollingElement.scrollWidth``) must not exceed the viewport's. A wide table scrolls
inside its ``.scroll`` box (static/js/scroll-regions.js makes an overflowing box focusable), and
nothing inside the box — a visually hidden column head included — may reach out of it.
"""

from __future__ import annotations

import pytest

from tests.a11y.test_axe import (
    KEY_PAGES,
    SCREENS,
    KeyPage,
    KeyPageVisit,
    lineups_open,
    played_and_in_play,
    site_languages,
)
from tests.browser import needs_chromium

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def long_names_and_tiebreaks():
    """As ``played_and_in_play``, with long team names and six tie-breaks: wide standings and cards."""
    from tournaments.models import Team

    ev = played_and_in_play()
    ev.tournament.tiebreaks = ["BH-C1", "BH", "SB", "ESB", "WON", "DE"]
    ev.tournament.save(update_fields=["tiebreaks"])
    for team in Team.objects.filter(tournament=ev.tournament):
        team.name = f"Schachgemeinschaft Nordrhein-Westfalen {team.tpn}"
        team.save(update_fields=["name"])
    return ev


PAGES = {
    **KEY_PAGES,
    "lineup status": KeyPage("arbiter", lineups_open, "/ops/t/{slug}/r/1/lineups/"),
    "pairing cards": KeyPage(None, played_and_in_play, "/ops/t/{slug}/r/2/boards/cards/"),
    "tie-break details": KeyPage(None, played_and_in_play, "/ops/t/{slug}/team/1/tiebreaks/"),
    "standings with long names and six tie-breaks": KeyPage(
        None, long_names_and_tiebreaks, "/ops/t/{slug}/standings/"
    ),
    "pairing cards with long names": KeyPage(
        None, long_names_and_tiebreaks, "/ops/t/{slug}/r/2/boards/cards/"
    ),
    "home page": KeyPage(None, played_and_in_play, "/"),
    "pairings of every round": KeyPage(None, played_and_in_play, "/t/{slug}/pairings/"),
    "arbiter's rounds": KeyPage("arbiter", played_and_in_play, "/ops/t/{slug}/"),
    "results summary": KeyPage("arbiter", played_and_in_play, "/ops/t/{slug}/r/1/summary/"),
}

# The page's width, and what sticks out of the viewport without being inside a box that scrolls.
MEASURE = """() => {
  const width = document.documentElement.clientWidth;
  const page = document.scrollingElement.scrollWidth;
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.parentElement && el.parentElement.closest('.scroll');
    if (box && getComputedStyle(box).position !== 'static') continue;  // clipped by its box
    if (box && !['absolute', 'fixed'].includes(getComputedStyle(el).position)) continue;
    const right = el.getBoundingClientRect().right + window.scrollX;
    if (right > width + 0.5) {
      out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
        (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
        ' (' + Math.round(right) + ' px)');
    }
  }
  return {width, page, out: out.slice(0, 6)};
}"""


@needs_chromium
@pytest.mark.parametrize("name", list(PAGES))
def test_on_a_390_px_phone_a_key_page_never_scrolls_sideways_in_any_language(
    name, browser, live_server, transactional_db, eager_celery
):
    visit = KeyPageVisit(name, PAGES[name], browser, live_server, viewport=SCREENS["phone"])
    failures = []
    for language in site_languages():
        visit.show(language)
        found = visit.page.evaluate(MEASURE)
        if found["page"] > found["width"]:
            failures.append(
                f"[{language}] the page is {found['page']} px wide for a {found['width']} px screen; "
                f"sticking out: {', '.join(found['out']) or '?'}"
            )
    visit.close()
    assert not failures, f"{name} scrolls sideways on a phone:\n" + "\n".join(failures)
