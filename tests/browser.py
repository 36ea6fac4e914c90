"""Debian's Chromium for the browser tests (Playwright's sync API), against the live server.

``needs_chromium`` skips a test where /usr/bin/chromium is absent (``apt-get install -y chromium``);
``chromium()`` launches the browser (for a fixture that opens several contexts), ``chromium_page(...)``
opens one page of a fresh browser for a test's fixture; ``log_in`` goes through the login form.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.conftest import CHROMIUM_ARGS, close_test_connections

CHROMIUM = "/usr/bin/chromium"

needs_chromium = pytest.mark.skipif(
    not shutil.which(CHROMIUM), reason="Debian's chromium is not installed at /usr/bin/chromium"
)


@contextmanager
def _orm_allowed_in_playwrights_loop() -> Iterator[None]:
    """Playwright's sync API runs an event loop in this thread; the test's own ORM calls are synchronous."""
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@contextmanager
def chromium() -> Iterator:
    """Debian's Chromium, headless, launched by Playwright; closed on leaving."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with _orm_allowed_in_playwrights_loop(), sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@contextmanager
def chromium_page(timeout_ms: float = 15000, **page_options) -> Iterator:
    """A page (``browser.new_page(**page_options)``) of a Chromium of its own, waiting ``timeout_ms``
    at the most for each step; the test's database connections are closed before the browser.
    """
    with chromium() as browser:
        page = browser.new_page(**page_options)
        page.set_default_timeout(timeout_ms)
        yield page
        close_test_connections()


def log_in(page, live_server, username: str) -> None:
    """Log ``username`` (password ``demo``) in through the login page."""
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "demo")
    with page.expect_navigation():
        page.click("main form button[type=submit], main form input[type=submit]")
