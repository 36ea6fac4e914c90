"""A team page in Debian's Chromium (Playwright): reached from the standings, and up to date after a result."""

from __future__ import annotations

import pytest

from tests.browser import chromium_page, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]


def test_a_visitor_follows_a_team_from_the_standings_to_its_page_and_a_player_and_sees_a_new_result(
    live_server, transactional_db, played
):
    with chromium_page(viewport={"width": 390, "height": 844}) as page:  # a phone's screen
        _visit(page, live_server, played)


def _visit(page, live_server, played) -> None:
    from operations.services.results import enter_results

    slug = played.tournament.slug
    page.goto(f"{live_server.url}/ops/t/{slug}/standings/")
    with page.expect_navigation():
        page.locator("table.standings a", has_text="Charlie").first.click()
    assert page.url.endswith(f"/t/{slug}/teams/3/")
    assert page.inner_text("h1") == "Charlie"
    first = page.locator("#roster tbody tr").first.locator("td").all_inner_texts()
    assert first[:2] == ["1", "Charlie player 1"] and first[3:] == ["1", "1", "100.0", "3200"]
    assert page.locator("#team-rounds tbody tr td").nth(3).inner_text().startswith("1 – 0")  # partial

    enter_results(played.matches[1], {2: "1/2-1/2", 3: "1-0", 4: "1/2-1/2"}, by=played.arbiter)
    page.reload()
    assert page.locator("#team-rounds tbody tr td").nth(3).inner_text() == "3 – 1"

    with page.expect_navigation():
        page.locator("#roster a", has_text="Charlie player 3").click()
    assert page.inner_text("h1") == "Charlie player 3"
    game = page.locator("#player-games tbody tr").first.locator("td").all_inner_texts()
    assert game[2:4] == ["White", "Delta player 3"] and game[6] == "1-0"
