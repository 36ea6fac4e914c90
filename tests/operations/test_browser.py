"""Browser tests in Debian's Chromium (Playwright): a captain's lineup window, an arbiter's results."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from tests.browser import chromium_page, log_in, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]


@pytest.fixture
def page():
    with chromium_page() as pg:
        yield pg


def test_a_captain_submits_a_lineup_inside_the_window_and_is_refused_after_it(
    page, live_server, transactional_db, event
):
    from operations.services.lineups import current_lineup
    from tests.operations.conftest import player_ids

    alpha = event.teams[0]
    log_in(page, live_server, "cap1")
    lineup_url = f"{live_server.url}/ops/t/{event.tournament.slug}/r/1/lineup/"
    page.goto(lineup_url)
    reserve = alpha.players.get(board_order=5)
    page.select_option("select[name=board_4]", str(reserve.pk))
    with page.expect_navigation():
        page.click("#submit-lineup")
    assert "Lineup of Alpha for round 1 received" in page.content()
    assert current_lineup(alpha, event.round) == player_ids(alpha, [1, 2, 3, 5])

    event.round.lineups_close_at = timezone.now() - dt.timedelta(seconds=1)
    event.round.save()
    page.goto(lineup_url)
    assert "closed at" in page.inner_text("#window")
    page.select_option("select[name=board_4]", str(alpha.players.get(board_order=4).pk))
    with page.expect_navigation():
        page.click("#submit-lineup")
    assert "Lineup refused" in page.content()
    assert current_lineup(alpha, event.round) == player_ids(alpha, [1, 2, 3, 5])


def test_an_arbiter_enters_a_matchs_results_and_the_standings_change(
    page, live_server, transactional_db, posted
):
    slug = posted.tournament.slug
    page.goto(f"{live_server.url}/ops/t/{slug}/standings/")
    before = page.locator("table.standings tbody tr").first.locator("td").all_inner_texts()
    assert before[2:4] == ["0", "0"]

    log_in(page, live_server, "arbiter")
    page.goto(f"{live_server.url}/ops/t/{slug}/r/1/results/")
    with page.expect_navigation():
        page.click("#enter-1")
    for board, result in {1: "1-0", 2: "0-1", 3: "1/2-1/2", 4: "0-1"}.items():
        page.select_option(f"#board-{board}", result)
    with page.expect_navigation():
        page.click("#save-results")
    assert "Table 1: Alpha 3.5 – 0.5 Bravo saved." in page.content()

    page.goto(f"{live_server.url}/ops/t/{slug}/standings/")
    first = page.locator("table.standings tbody tr").first
    cells = first.locator("td").all_inner_texts()
    assert cells[:4] == ["1", "Alpha", "2", "3.5"]


def test_a_secondary_action_button_on_an_operations_page_is_grey_and_a_primary_one_blue(
    page, live_server, transactional_db, posted
):
    slug = posted.tournament.slug
    page.goto(f"{live_server.url}/ops/t/{slug}/standings/")
    secondary = page.locator(".ops-actions a.button.secondary").first
    background = secondary.evaluate("el => getComputedStyle(el).backgroundColor")
    assert background == "rgb(244, 246, 249)"  # --soft, site.css's secondary style
    log_in(page, live_server, "arbiter")
    page.goto(f"{live_server.url}/ops/t/{slug}/r/1/lineups/")
    primary = page.locator(".ops-actions button, .ops-actions a.button:not(.secondary)").first
    assert primary.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(31, 95, 168)"  # --accent
