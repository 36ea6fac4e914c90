"""The public round pairings page, one line per match, for the demo Olympiad (issue 20, item 4).

The demo (``seed_demo``: 184 teams, rounds 1-3 played, round 4 published) is opened in Chromium
as an anonymous reader: at 1280 px the page of round 4 (92 matches and their "why") stays within
``HEIGHT_BOUND`` px (it was 19,300 px with two seven-line paragraphs per match); every match keeps
its reason a click away (a ``<details>`` per match naming both teams); a 390 px phone never scrolls
sideways; axe finds no serious or critical violation. Round 3 shows each match's score.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tests.a11y.conftest import axe_violations, blocking, describe
from tests.a11y.test_phone_layout import MEASURE
from tests.browser import needs_chromium

pytestmark = [pytest.mark.browser, pytest.mark.slow, needs_chromium]

HEIGHT_BOUND = 5000  # px at 1280 px wide (92 matches and a bye)
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SLUG = "demo-olympiad-open"


@pytest.fixture
def demo(transactional_db, eager_celery):
    import io

    call_command("seed_demo", teams=184, stdout=io.StringIO())
    from tournaments.models import Tournament

    return Tournament.objects.get(slug=SLUG)


def test_rule_60_pairing_list_of_a_184_team_round_is_one_line_per_match_with_ranks_scores_and_every_reason_a_click_away(
    demo, browser, axe_source, live_server
):
    from committee.why import why_lines
    from tournaments.models import Match

    latest = demo.rounds.get(number=4).publications.order_by("-number").first()
    pairs = latest.pairing["pairs"]
    why = why_lines(latest)
    page = browser.new_page(viewport=DESKTOP)
    assert page.goto(f"{live_server.url}/t/{SLUG}/round/4/pairings/").status == 200

    height = page.evaluate("() => document.scrollingElement.scrollHeight")
    print(f"round 4 of the demo Olympiad (184 teams): {height} px tall at 1280 px")
    assert height <= HEIGHT_BOUND

    rows = page.locator("tr[id^=pair-]")
    assert rows.count() == len(pairs) == 92
    for table, pair in enumerate(pairs, start=1):
        row = page.locator(f"#pair-{table}")
        assert len(row.locator(":scope > td").all_inner_texts()) >= 7  # table, ranks, names, MP, score
        if why.get(pair["white"]) or why.get(pair["black"]):
            details = row.locator("details")
            assert details.count() == 1, table
            lines = details.locator(".why-line")
            assert lines.count() == bool(why.get(pair["white"])) + bool(why.get(pair["black"])), table
    # A reason is shown on demand.
    first = page.locator("#pair-1 details")
    assert not first.locator(".why-line").first.is_visible()
    first.locator("summary").click()
    assert first.locator(".why-line").first.is_visible()
    assert page.evaluate("() => document.scrollingElement.scrollHeight") <= HEIGHT_BOUND + 400

    violations = axe_violations(page, axe_source)
    assert not blocking(violations), "\n".join(describe(v) for v in blocking(violations))

    page.set_viewport_size(PHONE)
    found = page.evaluate(MEASURE)
    assert found["page"] <= found["width"], found

    # Round 3: each team's rank and match points after round 2, and the match's score.
    page.set_viewport_size(DESKTOP)
    assert page.goto(f"{live_server.url}/t/{SLUG}/round/3/pairings/").status == 200
    match = Match.objects.select_related("white_team", "black_team").get(
        round__tournament=demo, round__number=3, table=1
    )
    cells = page.locator("#pair-1 > td").all_inner_texts()
    assert cells[2] == match.white_team.name and cells[7] == match.black_team.name
    white, black = (f"{float(p):g}" for p in (match.white_game_points, match.black_game_points))
    assert cells[5].replace("\u200a", "") == f"{white}–{black}"
    assert cells[1].isdigit() and cells[9].isdigit()  # ranks after round 2
    for team, shown in ((match.white_team, cells[4]), (match.black_team, cells[6])):
        earlier = Match.objects.filter(round__tournament=demo, round__number__lt=3)
        points = sum(m.white_match_points for m in earlier.filter(white_team=team)) + sum(
            m.black_match_points for m in earlier.filter(black_team=team)
        )
        assert shown == f"{float(points):g}", team
    page.close()
