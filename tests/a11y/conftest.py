"""Fixtures of the accessibility tests: Debian's Chromium (Playwright) and axe-core from the npm registry.

axe-core is pinned in tests/a11y/package.json (package-lock.json beside it); ``npm ci`` in this folder
installs it (``.ci/run`` does). The check runs axe on the whole page with the rules of WCAG 2.0, 2.1
and 2.2 at levels A and AA and axe's best practices.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser import chromium
from tests.conftest import close_test_connections

AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
RULE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@pytest.fixture(scope="session")
def axe_source() -> str:
    if not AXE.exists():
        message = "axe-core is not installed: run `npm ci` in tests/a11y"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text()


@pytest.fixture(scope="module")
def browser():
    """One Chromium for the module; each test opens its own context (cookies, language)."""
    with chromium() as browser:
        yield browser


@pytest.fixture(autouse=True)
def _close_connections_while_the_browser_runs():
    yield
    close_test_connections()


def axe_violations(page, source: str) -> list[dict]:
    """axe-core's violations on the page as it stands (injected by Playwright, run on the whole document)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # through the DevTools protocol: an inline <script> tag is refused by the site's
        # Content-Security-Policy (issue 18 item 4)
        page.evaluate(source + "\n;0")
    options = {"resultTypes": ["violations"], "runOnly": {"type": "tag", "values": RULE_TAGS}}
    return page.evaluate("async (options) => (await axe.run(document, options)).violations", options)


def blocking(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in BLOCKING]


def describe(violation: dict) -> str:
    """One line per violation: impact, rule, help and the first elements concerned."""
    targets = ", ".join(" ".join(node["target"]) for node in violation["nodes"][:5])
    more = len(violation["nodes"]) - 5
    return f"{violation['impact']} {violation['id']}: {violation['help']} — {targets}" + (
        f" (+{more} more)" if more > 0 else ""
    )
