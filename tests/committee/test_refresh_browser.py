"""The review page in Chromium stays true while two members work on it (issue 18 item 6).

A member amends: the versions table follows at once. Another member approves: the
page polls and shows the approval and the publish button. The member returns to the
engine's version with one button: a new version, the approval gone, the amendment's
mark gone from the table. Skipped when /usr/bin/chromium is absent.
"""

import re

import pytest

from committee import services
from tests.browser import chromium_page, needs_chromium

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True), needs_chromium]


def test_the_review_page_follows_another_member_s_approval_and_returns_to_an_earlier_version(
    committee_event, compute, live_server
):
    from playwright.sync_api import expect

    rnd = committee_event.round(1)
    compute(rnd, committee_event.member)
    slug = committee_event.tournament.slug
    with chromium_page(timeout_ms=20000) as page:
        page.goto(f"{live_server.url}/committee/{slug}/round/1/")
        page.fill("#id_username", committee_event.member.username)
        page.fill("#id_password", "demo")
        page.click("form.form button[type=submit]")

        page.locator("#pair-1 button[title='Swap colours']").click()
        expect(page.locator("#draft h2").first).to_contain_text("Draft version 1")
        expect(page.locator("#versions")).to_contain_text("v1 (current)")
        expect(page.locator("#pair-1")).to_have_class(re.compile("changed"))

        services.approve(version=services.current_version(rnd), user=committee_event.member2)
        expect(page.locator("#publish")).to_be_visible(timeout=15000)  # within a poll (every 5 s)
        expect(page.locator("#approval")).to_contain_text(committee_event.member2.username)
        expect(page.locator("#round-state")).to_have_text("Pairing approved")

        page.locator("#versions button.revert", has_text="Return to version 0").click()
        expect(page.locator("#draft h2").first).to_contain_text("Draft version 2")
        expect(page.locator("#versions")).to_contain_text("v2 (current)")
        expect(page.locator("#versions")).to_contain_text("Return to version 0")
        expect(page.locator("#approve")).to_be_visible()
        expect(page.locator("#publish")).to_have_count(0)
        expect(page.locator("#pair-1")).not_to_have_class(re.compile("changed"))
        expect(page.locator("#pair-1")).not_to_contain_text("committee amendment")
