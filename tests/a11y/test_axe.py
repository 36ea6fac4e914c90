"""Accessibility of the key pages (issue 12, section 7): axe-core in Debian's Chromium.

Each key page is opened as the user who works on it, in each language the site offers (on a
phone's screen; in English also on a desktop's), and
axe-core (the npm package pinned in tests/a11y/package.json, installed by ``npm ci`` there) is
injected by Playwright and run on the whole page: no violation of serious or critical impact is
allowed; the moderate and minor ones are printed (``pytest -s``) for whoever wants to look.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from tests.a11y.conftest import axe_violations, blocking, describe
from tests.browser import needs_chromium
from tests.committee.conftest import build_event, compute_round, flip_table_one, play_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.slow]

_names = itertools.count(1)
SCREENS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1200, "height": 900}}


def bare():
    """A tournament not yet paired, with its users."""
    return build_event(f"a11y-bare-{next(_names)}")


def played_and_in_play():
    """Round 1 played and complete, round 2 published and in play with board 1 of table 1 unfinished."""
    ev = build_event(f"a11y-live-{next(_names)}")
    play_round(publish_round(ev.round(1), ev.chair).round)
    play_round(publish_round(ev.round(2), ev.chair).round, unfinished=True)
    return ev


def lineups_open():
    """Round 1 published and its lineup window open."""
    from tournaments.models import RoundState
    from tournaments.services import transition_round

    ev = build_event(f"a11y-lineups-{next(_names)}")
    transition_round(publish_round(ev.round(1), ev.chair).round, RoundState.LINEUPS_OPEN)
    return ev


def draft_computed():
    """Round 1 played; round 2's draft computed and waiting for the committee's review."""
    ev = build_event(f"a11y-draft-{next(_names)}")
    play_round(publish_round(ev.round(1), ev.chair).round)
    compute_round(ev.round(2), ev.member)
    return ev


def results_changed():
    """Round 2 published; round 1 reopened and a result corrected under it (issue 18, item 6)."""
    ev = build_event(f"a11y-changed-{next(_names)}")
    play_round(publish_round(ev.round(1), ev.chair).round)
    publish_round(ev.round(2), ev.chair)
    flip_table_one(ev)
    return ev


def ask_to_complete(page, base: str, ev) -> None:
    """Press "Round complete": the confirmation page (it asks once, issue 18)."""
    with page.expect_navigation():
        page.click("#complete-round")
    page.wait_for_selector("#confirmation")


def pgn_preview(page, base: str, ev) -> None:
    """Upload a broadcast file of round 2 (one game matched, one unknown player) to reach the preview."""
    from tests.operations.test_pgn import game_text
    from tournaments.models import BoardGame

    game = BoardGame.objects.filter(match__round__tournament=ev.tournament, match__round__number=2)
    game = game.select_related("white", "black").order_by("match__table", "board")[1]
    pgn = "\n".join(
        [game_text(game.white.name, game.black.name, "1-0"), game_text("Visitor, Unknown", "Nobody", "0-1")]
    )
    page.set_input_files(
        "#id_pgn", files=[{"name": "round-2.pgn", "mimeType": "text/plain", "buffer": pgn.encode()}]
    )
    with page.expect_navigation():
        page.click("#preview-pgn")
    page.wait_for_selector("#pgn-summary")


def grid_key_refused(page, base: str, ev) -> None:
    """A key that is no result typed on the first board: the row says so."""
    page.focus(".grid-input")
    page.keyboard.press("2")
    page.wait_for_selector(".grid-msg:not([hidden])")


@dataclass(frozen=True)
class KeyPage:
    role: str | None  # None: an anonymous visitor
    build: Callable
    path: str  # {slug} is the event's
    then: Callable | None = None  # what the user does on the page before the check


KEY_PAGES = {
    "public tournament page": KeyPage(None, played_and_in_play, "/t/{slug}/"),
    "round pairings with the why lines": KeyPage(None, played_and_in_play, "/t/{slug}/round/2/pairings/"),
    "standings (live)": KeyPage(None, played_and_in_play, "/ops/t/{slug}/standings/"),
    "crosstable": KeyPage(None, played_and_in_play, "/ops/t/{slug}/crosstable/"),
    "team page": KeyPage(None, played_and_in_play, "/t/{slug}/teams/1/"),
    "player page": KeyPage(None, played_and_in_play, "/t/{slug}/players/{player}/"),
    "board prizes": KeyPage(None, played_and_in_play, "/t/{slug}/board-prizes/"),
    "board pairings and results (live)": KeyPage(None, played_and_in_play, "/ops/t/{slug}/r/2/boards/"),
    "arbiter's results entry": KeyPage("arbiter", played_and_in_play, "/ops/t/{slug}/r/2/results/"),
    "arbiter's result grid": KeyPage("arbiter", played_and_in_play, "/ops/t/{slug}/r/2/results/grid/"),
    "result grid refusing a key": KeyPage(
        "arbiter", played_and_in_play, "/ops/t/{slug}/r/2/results/grid/", grid_key_refused
    ),
    "PGN import": KeyPage("arbiter", played_and_in_play, "/ops/t/{slug}/r/2/results/pgn/"),
    "PGN import preview": KeyPage(
        "arbiter", played_and_in_play, "/ops/t/{slug}/r/2/results/pgn/", pgn_preview
    ),
    "captain's lineup form": KeyPage("captain", lineups_open, "/ops/t/{slug}/r/1/lineup/"),
    "committee dashboard": KeyPage("member", draft_computed, "/committee/{slug}/"),
    "committee review of a draft": KeyPage("member", draft_computed, "/committee/{slug}/round/2/"),
    "committee review of a published round": KeyPage(
        "member", played_and_in_play, "/committee/{slug}/round/2/"
    ),
    "committee review of a pairing whose results changed": KeyPage(
        "member", results_changed, "/committee/{slug}/round/2/"
    ),
    "public round pairings whose results changed": KeyPage(
        None, results_changed, "/t/{slug}/round/2/pairings/"
    ),
    "confirmation of completing a round": KeyPage(
        "arbiter", results_changed, "/ops/t/{slug}/r/1/results/", ask_to_complete
    ),
    "pairing options": KeyPage("chair", draft_computed, "/committee/{slug}/options/"),
    "login page": KeyPage(None, bare, "/accounts/login/"),
    "notices preferences": KeyPage("captain", bare, "/notifications/"),
}


def first_player(ev) -> int:
    """The id of board 1 of the team with TPN 1 (the player page's path)."""
    from tournaments.models import Player

    return Player.objects.get(team__tournament=ev.tournament, team__tpn=1, board_order=1).pk


class KeyPageVisit:
    """A key page's event built, and a browser context (logged in as the page's role) to show it in."""

    def __init__(self, name: str, key: KeyPage, browser, live_server, **context_options):
        self.name, self.key, self.base = name, key, live_server.url
        self.event = key.build()
        self.context = browser.new_context(**context_options)
        if key.role:
            self.context.add_cookies([session_cookie(self.event.users[key.role], self.base)])
        self.page = self.context.new_page()
        self.page.set_default_timeout(15000)
        self.url = self.base + key.path.format(
            slug=self.event.tournament.slug, player=first_player(self.event)
        )

    def show(self, language: str) -> None:
        """The page in ``language`` (its cookie), once the user has done on it what ``then`` does."""
        from django.conf import settings

        self.context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": self.base}]
        )
        answer = self.page.goto(self.url)
        assert answer.status == 200, f"{self.name}: {self.url} answered {answer.status}"
        if self.key.then:
            self.key.then(self.page, self.base, self.event)
        assert self.page.get_attribute("html", "lang") == language

    def close(self) -> None:
        self.context.close()


def site_languages() -> list[str]:
    """The languages of the language switcher (only English while the site is not translatable)."""
    from django.apps import apps
    from django.conf import settings

    if not apps.is_installed("languages"):
        return ["en"]
    return [code for code, _name in settings.LANGUAGES]


@needs_chromium
@pytest.mark.parametrize("name", list(KEY_PAGES))
def test_a_key_page_has_no_serious_or_critical_accessibility_violation_in_any_language(
    name, browser, axe_source, live_server, transactional_db, eager_celery
):
    visit = KeyPageVisit(name, KEY_PAGES[name], browser, live_server)
    failures = []
    languages = site_languages()
    # every language on a phone (where wide tables scroll and targets are small), English also on a desktop
    for language, screen in [(code, "phone") for code in languages] + [(languages[0], "desktop")]:
        visit.page.set_viewport_size(SCREENS[screen])
        visit.show(language)
        violations = axe_violations(visit.page, axe_source)
        for v in violations:
            print(f"{name} [{language}, {screen}]: {describe(v)}")
        failures += [f"[{language}, {screen}] {describe(v)}" for v in blocking(violations)]
    visit.close()
    assert not failures, f"{name}: serious or critical accessibility violations:\n" + "\n".join(failures)


def session_cookie(user, url: str) -> dict:
    """A logged-in session for ``user`` (as after the login form), as a browser cookie."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": url,
    }


@needs_chromium
def test_on_a_phone_a_keyboard_user_reaches_a_wide_table_with_tab_and_scrolls_it_with_the_arrow_keys(
    browser, live_server, transactional_db
):
    ev = bare()
    page = browser.new_page(viewport=SCREENS["phone"])
    page.goto(f"{live_server.url}/t/{ev.tournament.slug}/")
    wide = page.locator("#pairing-rules .scroll")
    assert wide.get_attribute("tabindex") == "0"  # it overflows: in the tab order
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('#pairing-rules .scroll')"):
            break
    else:
        pytest.fail("Tab never reached the wide table")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    # Chromium scrolls smoothly: the box moves over the next frames, not by the time the key is up.
    page.wait_for_function(
        "() => document.querySelector('#pairing-rules .scroll').scrollLeft > 0", timeout=5000
    )

    page.set_viewport_size(SCREENS["desktop"])  # now it fits: out of the tab order again
    page.wait_for_function("() => !document.querySelector('#pairing-rules .scroll').hasAttribute('tabindex')")
    page.close()
