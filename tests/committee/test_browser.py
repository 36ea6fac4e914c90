"""A committee member's round in Debian's Chromium (Playwright), against a live server.

Compute round 2, swap the colours of table 1 and see the checker's warning,
write a note, approve, publish, and find the pairing on the public page.
Skipped when /usr/bin/chromium is absent (``apt-get install -y chromium``).
"""

import re

import pytest

from tests.browser import chromium_page, needs_chromium

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True), needs_chromium]


@pytest.fixture
def browser_page():
    with chromium_page(viewport={"width": 390, "height": 844}) as page:  # a phone
        yield page


def test_a_member_computes_amends_annotates_approves_and_publishes_a_round(
    committee_event, publish, play, live_server, browser_page, eager_celery
):
    from playwright.sync_api import expect

    play(publish(committee_event.round(1), committee_event.member).round)
    slug = committee_event.tournament.slug
    page = browser_page
    page.goto(f"{live_server.url}/committee/{slug}/round/2/")
    page.fill("#id_username", committee_event.member.username)
    page.fill("#id_password", "demo")
    page.click("form.form button[type=submit]")

    page.click("#compute")
    expect(page.locator("#pair-1")).to_contain_text("5 Team 5")
    expect(page.locator("#pair-1")).to_contain_text("1 Team 1")
    expect(page.locator("#checker")).to_contain_text("no criterion broken")

    page.locator("#pair-1 button[title='Swap colours']").click()  # htmx swaps the draft panel
    expect(page.locator("#draft h2").first).to_contain_text("Draft version 1")
    expect(page.locator("#checker")).to_contain_text("gives White to 5")
    expect(page.locator("#checker")).to_contain_text(
        "1 Team 1 – 5 Team 5: the engine gives White to 5 Team 5"
    )
    expect(page.locator("#pair-1")).to_have_class(re.compile("changed"))

    page.fill("#id_text", "Table 1: Team 1 keeps White, agreed by the committee.")
    page.click("#save-note")
    expect(page.locator("#notes")).to_contain_text("Team 1 keeps White")
    expect(page.locator("#notes")).to_contain_text(committee_event.member.username)

    page.click("#approve")
    expect(page.locator("#publish")).to_be_visible()
    page.click("#publish")
    expect(page.locator("#confirmation")).to_contain_text("becomes public at once")
    page.click("#confirm")  # publishing asks once (issue 18, item 6)
    expect(page.locator("#round-state")).to_have_text("Pairing published")

    page.goto(f"{live_server.url}/t/{slug}/round/2/pairings/")
    expect(page.locator("#pair-1")).to_contain_text(re.compile(r"Team 1.*–.*Team 5", re.S))
