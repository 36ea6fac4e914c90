"""Every page carries a Content-Security-Policy that its own scripts and styles work under (issue 18 item 4).

The policy allows scripts and styles from the site only: no inline script, on* handler or
style element (the 500 page's one style by its hash). The header is checked on pages, the API,
a page served from the shared public cache and the 500 page; every template is scanned for
inline code; and Chromium loads the live results page (its htmx fragment updating), a logged-in
page with a confirmation and Swagger UI, with no policy violation and the content rendered.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client

from tests.browser import chromium_page, log_in, needs_chromium

ROOT = Path(__file__).resolve().parents[2]
HEADER = "Content-Security-Policy"


def directives(response) -> dict[str, list[str]]:
    policy = response.headers[HEADER]
    return {d.split()[0]: d.split()[1:] for d in (part.strip() for part in policy.split(";")) if d}


# -- the header --------------------------------------------------------------------------


def test_a_public_page_allows_scripts_and_styles_from_the_site_only(client, posted):
    response = client.get(f"/ops/t/{posted.tournament.slug}/r/1/boards/")
    assert response.status_code == 200
    policy = directives(response)
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"][0] == "'self'" and "'unsafe-inline'" not in policy["style-src"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    assert not any("unsafe" in source for sources in policy.values() for source in sources)


def test_a_page_served_from_the_shared_cache_carries_the_policy_too(posted):
    cache.clear()
    url = f"/ops/t/{posted.tournament.slug}/standings/"
    first, second = Client().get(url), Client().get(url)
    assert first.status_code == second.status_code == 200
    assert first.headers[HEADER] == second.headers[HEADER]


def test_the_api_and_the_api_docs_carry_the_policy(client, posted, db):
    assert HEADER in client.get(f"/api/ops/t/{posted.tournament.slug}/standings/").headers
    docs = client.get("/api/docs/")
    assert HEADER in docs.headers
    html = docs.content.decode()
    assert "<style" not in html
    assert re.search(r'<script src="/api/docs/\?script=?"', html)  # Swagger UI's start-up script, a file


def test_the_500_pages_inline_style_is_allowed_by_its_hash():
    html = (ROOT / "templates" / "500.html").read_text()
    style = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]["style-src"]


INLINE = [
    (
        re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I),
        "an inline <script>",
    ),
    (re.compile(r"\son[a-z]+\s*=", re.I), "an on* event handler"),
    (re.compile(r"javascript:", re.I), "a javascript: URL"),
    (re.compile(r"<style", re.I), "a <style> element"),
    (re.compile(r"\sstyle\s*=", re.I), "a style attribute"),
    (re.compile(r"hx-on|hx-vals=\"js:|hx-trigger=\"[^\"]*\[", re.I), "code htmx would evaluate"),
]


def _page_templates() -> list[Path]:
    """The templates of pages a browser loads (the PDF templates are rendered by WeasyPrint, not a browser)."""
    found = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("*/templates/**/*.html")]
    return [p for p in found if "/printing/" not in p.as_posix() and p.name != "500.html"]


def test_no_page_template_holds_inline_code_the_policy_would_refuse():
    offences = [
        f"{path.relative_to(ROOT)}: {what}"
        for path in _page_templates()
        for pattern, what in INLINE
        if pattern.search(path.read_text())
    ]
    assert offences == []


# -- in Chromium -------------------------------------------------------------------------

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + (e.sourceFile || ""));
});
"""


@pytest.fixture
def page():
    with chromium_page() as pg:
        pg.add_init_script(RECORD_VIOLATIONS)
        pg.errors = []  # script errors, and files of the site that did not load (but the favicon)
        pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
        pg.on(
            "response",
            lambda r: (
                pg.errors.append(f"{r.status} {r.url}")
                if r.status >= 400 and not r.url.endswith("/favicon.ico")
                else None
            ),
        )
        pg.on("requestfailed", lambda r: pg.errors.append(f"failed {r.url}"))
        yield pg


def violations(page) -> list[str]:
    return page.evaluate("window.__csp")


@pytest.mark.browser
@needs_chromium
def test_the_live_results_page_updates_itself_under_the_policy(
    page, live_server, transactional_db, posted, settings
):
    from operations.services import results

    cache.clear()
    settings.OPS_LIVE_POLL_SECONDS = 1
    settings.OPS_LIVE_MIN_RENDER_SECONDS = 0
    page.goto(f"{live_server.url}/ops/t/{posted.tournament.slug}/r/1/boards/")
    assert "updates itself every 1 s" in page.inner_text(".live-mark")
    results.enter_results(posted.matches[0], {1: "1-0", 2: "1-0", 3: "1-0", 4: "1-0"}, by=posted.arbiter)
    page.wait_for_function(
        "() => document.querySelector('.live-mark').innerText.includes('last updated')", timeout=10000
    )
    assert page.url.endswith("/r/1/boards/")  # swapped in by htmx, not reloaded
    assert violations(page) == []
    assert page.errors == []


@pytest.mark.browser
@needs_chromium
def test_a_confirmation_asks_first_and_only_yes_records_the_absence(
    page, live_server, transactional_db, posted
):
    from tournaments.models import BoardGame

    def recorded() -> bool:
        return BoardGame.objects.filter(match=posted.matches[0]).exclude(result="").exists()

    log_in(page, live_server, "arbiter")
    page.goto(f"{live_server.url}/ops/t/{posted.tournament.slug}/r/1/match/1/")
    page.click("details.absent summary")
    asked = []

    def answer(dialog, yes: bool):
        asked.append(dialog.message)
        dialog.accept() if yes else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    page.locator("form[data-confirm] button").first.click()
    page.wait_for_timeout(300)  # a cancelled submit sends nothing; nothing to wait for
    assert asked == ["Record Alpha absent? The match is lost by forfeit."]
    assert not recorded()

    page.once("dialog", lambda d: answer(d, True))
    with page.expect_navigation():
        page.locator("form[data-confirm] button").first.click()
    assert len(asked) == 2 and recorded()
    assert violations(page) == []
    assert page.errors == []


@pytest.mark.browser
@needs_chromium
def test_swagger_ui_renders_the_api_under_the_policy(page, live_server, transactional_db):
    page.goto(f"{live_server.url}/api/docs/")
    page.wait_for_selector(".swagger-ui .info .title", timeout=15000)
    assert "Pairing site API" in page.inner_text(".swagger-ui .info .title")
    page.wait_for_selector(".opblock", timeout=15000)
    assert page.locator(".opblock").count() > 10
    assert page.locator(".site-bar .brand").evaluate("e => getComputedStyle(e).fontWeight") == "700"
    assert violations(page) == []
    assert page.errors == []


@pytest.mark.browser
@needs_chromium
def test_an_injected_inline_script_does_not_run(page, live_server, transactional_db, posted):
    page.goto(f"{live_server.url}/ops/t/{posted.tournament.slug}/standings/")
    page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.__ran = 1';"
        " document.body.appendChild(s); }"
    )
    page.wait_for_timeout(100)
    assert page.evaluate("window.__ran") is None
    assert any(v.startswith("script-src") for v in violations(page))


@pytest.mark.browser
@needs_chromium
def test_a_live_page_in_a_background_tab_asks_nothing(page, live_server, transactional_db, posted, settings):
    cache.clear()
    settings.OPS_LIVE_POLL_SECONDS = 1
    polls = []
    page.on("request", lambda r: polls.append(r.url) if "/boards/live/" in r.url else None)
    page.goto(f"{live_server.url}/ops/t/{posted.tournament.slug}/r/1/boards/")
    page.wait_for_timeout(2500)
    assert polls  # visible: it polls
    page.evaluate("() => Object.defineProperty(document, 'visibilityState', {get: () => 'hidden'})")
    page.wait_for_timeout(1200)  # a poll already on its way may still land
    seen = len(polls)
    page.wait_for_timeout(2500)
    assert len(polls) == seen
    assert violations(page) == []


@pytest.mark.browser
@needs_chromium
def test_the_admin_works_under_the_policy(page, live_server, transactional_db, posted):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_superuser("root", "root@example.org", "demo")
    log_in(page, live_server, "root")
    page.goto(f"{live_server.url}/admin/auth/user/")
    page.wait_for_selector("#result_list")
    page.goto(f"{live_server.url}/admin/tournaments/tournament/{posted.tournament.pk}/change/")
    page.wait_for_selector("#tournament_form")
    assert violations(page) == []
    assert page.errors == []
