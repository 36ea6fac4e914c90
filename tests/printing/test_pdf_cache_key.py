"""A shared PDF's cache key follows the stylesheets it is drawn with, not only the page."""

from __future__ import annotations

from printing import services
from printing.pdf import PrintHeader


def test_a_stylesheet_change_gives_a_shared_pdf_a_new_cache_key(monkeypatch):
    html = "<html><head></head><body><main><p>Round 1</p></main></body></html>"
    header = PrintHeader(tournament="T", document="Pairing list")
    before = services._shared_key(html, header, "A4", False)
    assert services._shared_key(html, header, "A4", False) == before
    monkeypatch.setattr(services, "styles_digest", lambda: "another stylesheet")
    assert services._shared_key(html, header, "A4", False) != before
