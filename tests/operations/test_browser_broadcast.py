"""Browser tests in Debian's Chromium (Playwright): the PGN import preview, pages that update during play."""

from __future__ import annotations

import pytest

from tests.browser import chromium_page, log_in, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]


@pytest.fixture
def page():
    with chromium_page(viewport={"width": 1200, "height": 900}) as pg:
        yield pg


def test_an_arbiter_previews_a_broadcast_file_and_enters_its_results(
    page, live_server, transactional_db, posted, tmp_path
):
    from operations.services import results
    from tests.operations.test_pgn import boards_of, game_text

    results.enter_results(posted.matches[0], {2: "1-0"}, by=posted.arbiter)
    t1, t2 = boards_of(posted, 1), boards_of(posted, 2)
    pgn = tmp_path / "round-1.pgn"
    pgn.write_text(
        "\n".join(
            [
                game_text(t1[0].white.name, t1[0].black.name, "1-0"),
                game_text(t1[1].white.name, t1[1].black.name, "0-1"),  # conflicts with 1-0
                game_text(t1[2].white.name, t1[2].black.name, "*"),
                game_text(t2[0].white.name, t2[0].black.name, "1/2-1/2"),
                game_text("Visitor, Unknown", t2[1].black.name, "1-0"),
            ]
        )
    )
    log_in(page, live_server, "arbiter")
    page.goto(f"{live_server.url}/ops/t/{posted.tournament.slug}/r/1/results/")
    with page.expect_navigation():
        page.click("#import-pgn")
    page.set_input_files("#id_pgn", str(pgn))
    with page.expect_navigation():
        page.click("#preview-pgn")
    summary = page.inner_text("#pgn-summary")
    assert "round-1.pgn: 5 games read" in summary
    assert "2 results to enter" in summary and "1 conflict" in summary and "1 not matched" in summary
    assert "1-0 already entered" in page.inner_text("#pgn-conflicts")
    assert "Visitor, Unknown" in page.inner_text("#pgn-unplaced")
    assert page.locator("#pgn-matched tr.pgn-unfinished").count() == 1
    assert page.inner_text("#confirm-pgn") == "Enter 2 results"
    with page.expect_navigation():
        page.click("#confirm-pgn")
    assert "2 results entered from the PGN file (2 matches)." in page.content()
    assert [g.result for g in boards_of(posted, 1)] == ["1-0", "1-0", "", ""]
    assert [g.result for g in boards_of(posted, 2)][0] == "1/2-1/2"


def test_the_public_results_and_standings_pages_update_when_an_arbiter_enters_a_result(
    page, live_server, transactional_db, posted, settings
):
    from django.core.cache import cache

    from operations.services import results

    cache.clear()
    settings.OPS_LIVE_POLL_SECONDS = 1
    settings.OPS_LIVE_MIN_RENDER_SECONDS = 0
    slug = posted.tournament.slug
    page.goto(f"{live_server.url}/ops/t/{slug}/r/1/boards/")
    assert "updates itself every 1 s" in page.inner_text(".live-mark")
    table1 = page.locator("#table-1 h3")
    assert "–" in table1.inner_text() and "3 – 1" not in table1.inner_text()

    results.enter_results(
        posted.matches[0], {1: "1-0", 2: "1/2-1/2", 3: "1-0", 4: "1/2-1/2"}, by=posted.arbiter
    )
    page.wait_for_function(
        "() => document.querySelector('#table-1 h3').innerText.includes('3 – 1')", timeout=10000
    )
    assert "last updated" in page.inner_text(".live-mark")
    assert page.url.endswith("/r/1/boards/")  # no reload: the fragment was swapped in

    page.goto(f"{live_server.url}/ops/t/{slug}/standings/")
    first = page.locator("table.standings tbody tr").first
    assert first.locator("td").all_inner_texts()[1] == "Alpha"
    # Delta wins every board of table 2 (Charlie has White on boards 1 and 3)
    results.enter_results(posted.matches[1], {1: "0-1", 2: "1-0", 3: "0-1", 4: "1-0"}, by=posted.arbiter)
    page.wait_for_function(
        "() => document.querySelector('table.standings tbody tr td:nth-child(2)').innerText.trim() === 'Delta'",
        timeout=10000,
    )
