"""The chair chooses the pairing options in Debian's Chromium (Playwright), against a live server.

Skipped when /usr/bin/chromium is absent (``apt-get install -y chromium``).
"""

import re

import pytest

from engine.options import format_value
from tests.browser import needs_chromium
from tournaments.pairing_options import site_specs

from .options_helpers import other_value
from .test_browser import browser_page  # noqa: F401 -- the shared Chromium fixture

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True), needs_chromium]


def test_the_chair_chooses_an_option_and_the_public_page_shows_it(committee_event, live_server, browser_page):  # noqa: F811
    from playwright.sync_api import expect

    spec = next(s for s in site_specs("c0406") if s.choices)
    value = format_value(other_value(spec))
    slug = committee_event.tournament.slug
    page = browser_page
    page.goto(f"{live_server.url}/committee/{slug}/options/")
    page.fill("#id_username", committee_event.chair.username)
    page.fill("#id_password", "demo")
    page.click("form.form button[type=submit]")

    option = page.locator(f"#option-{spec.key}")
    expect(option).to_contain_text(spec.article)
    expect(
        option.locator("label", has=page.locator(f"input[value='{format_value(spec.default)}']"))
    ).to_contain_text("default")
    option.locator(f"input[value='{value}']").check()
    page.click("#save-options")
    expect(page.locator(".messages")).to_contain_text("The pairing options are saved.")
    expect(page.locator(f"#option-{spec.key} input[value='{value}']")).to_be_checked()

    page.goto(f"{live_server.url}/t/{slug}/")
    row = page.locator(f"#rule-{spec.key}")
    expect(row).to_contain_text(spec.article)
    expect(row).to_contain_text(re.compile(re.escape(spec.describe_value(other_value(spec))), re.I))
