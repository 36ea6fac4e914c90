"""HTML to PDF with WeasyPrint: the paper size, the header on every page, static files only.

The page's HTML is rendered for the ``print`` medium (the site's ``@media print`` rules apply),
with ``printing/pdf.css`` on top (no buttons or forms, a match kept on one page) and an ``@page``
rule made here: the paper size (A4 or Letter, portrait or landscape) and the header and footer
boxes (tournament, document, round, date, publication number; page n of m). Stylesheets are read
from the static files; the renderer fetches nothing else (no network access from a PDF).
"""

from __future__ import annotations

import hashlib
import mimetypes
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.utils.translation import gettext as _

PAGE_SIZES = {"a4": "A4", "letter": "Letter"}
DEFAULT_SIZE = "a4"
STYLESHEET = Path(__file__).resolve().parent / "pdf.css"
# The base URL the page's relative links resolve against; never fetched (see StaticFilesFetcher).
BASE_URL = "https://pairing-site.invalid/"


@dataclass(frozen=True)
class PrintHeader:
    """What every page of a printed document says about itself."""

    tournament: str
    document: str  # "Pairing list", "Standings", ...
    round: int | None = None
    date: str = ""  # the round's date, ISO 8601
    publication: int | None = None  # the number of the round's latest publication
    printed_at: str = ""  # "2026-11-25 11:03 CET": at the venue, with its zone

    @property
    def where(self) -> str:
        """``Round 4 · 2026-11-05 · Publication 2`` (the parts that are known)."""
        parts = [_("Round %(number)s") % {"number": self.round} if self.round else "", self.date]
        if self.publication:
            parts.append(_("Publication %(number)s") % {"number": self.publication})
        return " · ".join(p for p in parts if p)


def paper_size(value: str | None) -> str:
    """The paper size key for ``value`` (``a4`` or ``letter``, any case); A4 when absent or unknown."""
    key = (value or "").strip().lower()
    return key if key in PAGE_SIZES else DEFAULT_SIZE


#: Characters a CSS string written inside the page's ``<style>`` element must not hold as they are: the
#: string's quotes and escape, and ``<`` ``>`` ``&`` (``</style>`` in a tournament's name would end the
#: element and inject markup into every PDF, issue 18 item 4). Each is written as a CSS hex escape.
_CSS_UNSAFE = re.compile(r'[\\"\'<>&\x00-\x1f\x7f]')


def _css_escape(match: re.Match) -> str:
    char = match.group()
    return " " if char in "\r\n\t\f" else f"\\{ord(char):x} "


def _css_string(text: str) -> str:
    """``text`` as a quoted CSS string that reads back as ``text`` and cannot leave its ``<style>``."""
    return f'"{_CSS_UNSAFE.sub(_css_escape, text)}"'


def page_css(header: PrintHeader, size: str = DEFAULT_SIZE, landscape: bool = False) -> str:
    """The ``@page`` rule: paper size, margins, header and footer boxes."""
    orientation = " landscape" if landscape else ""
    printed = _("Printed %(when)s") % {"when": header.printed_at} if header.printed_at else ""
    # "Page 2 of 5": the counters go between the translated words
    page_of = _("Page %(page)s of %(pages)s") % {"page": "\x00page\x00", "pages": "\x00pages\x00"}
    page_content = " ".join(
        {"page": "counter(page)", "pages": "counter(pages)"}.get(part, _css_string(part))
        for part in page_of.split("\x00")
        if part
    )
    return f"""
@page {{
  size: {PAGE_SIZES[paper_size(size)]}{orientation};
  margin: 20mm 12mm 15mm 12mm;
  @top-left {{ content: {_css_string(header.tournament)}; }}
  @top-center {{ content: {_css_string(header.document)}; }}
  @top-right {{ content: {_css_string(header.where)}; }}
  @bottom-left {{ content: {_css_string(printed)}; }}
  @bottom-right {{ content: {page_content}; }}
}}
"""


def _static_file(path: str) -> Path | None:
    """The file behind a static URL path, from STATIC_ROOT (collected, hashed names) or the finders."""
    prefix = "/" + settings.STATIC_URL.strip("/") + "/"
    if not path.startswith(prefix):
        return None
    relative = path[len(prefix) :]
    if not relative or ".." in Path(relative).parts:
        return None
    collected = Path(settings.STATIC_ROOT) / relative
    if collected.is_file():
        return collected
    found = finders.find(relative)
    return Path(found) if found else None


class PdfUnavailable(RuntimeError):
    """WeasyPrint, or the system libraries it needs (Pango, HarfBuzz), is not installed."""


@cache
def _renderer():
    """WeasyPrint's ``HTML`` and a fetcher of static files, imported on first use.

    The site runs without the system libraries (the quick start needs none); only the PDFs
    then answer that they cannot be made, naming what is missing.
    """
    try:
        from weasyprint import HTML
        from weasyprint.urls import URLFetcher, URLFetcherResponse
    except (ImportError, OSError) as err:
        raise PdfUnavailable(
            _(
                "PDF documents need WeasyPrint and Pango (%(error)s). On Debian: apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core"
            )
            % {"error": err}
        ) from err

    class StaticFilesFetcher(URLFetcher):
        """Serve the page's stylesheets (and images) from the static files; refuse every other URL."""

        def fetch(self, url, headers=None):
            if urlsplit(url).scheme == "data":
                return super().fetch(url, headers)
            file = _static_file(urlsplit(url).path) if url.startswith(BASE_URL) else None
            if file is None:
                raise ValueError(f"not fetched for a PDF: {url}")
            content_type = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, file.read_bytes(), {"Content-Type": content_type})

    return HTML, StaticFilesFetcher


@cache
def _stylesheet() -> str:
    return STYLESHEET.read_text()


@cache
def styles_digest() -> str:
    """A digest of every stylesheet a PDF may be drawn with (the PDF's own and the static ``.css``).

    Part of a shared PDF's cache key, so a deployment that changes a stylesheet is not served
    PDFs drawn with the old one; computed once per process (stylesheets change with a deployment).
    """
    digest = hashlib.sha256(_stylesheet().encode())
    for finder in finders.get_finders():
        for path, storage in sorted(finder.list(ignore_patterns=[]), key=lambda item: item[0]):
            if path.endswith(".css"):
                digest.update(path.encode() + b"\0")
                with storage.open(path) as f:
                    digest.update(f.read())
    return digest.hexdigest()


def with_print_styles(html: str, css: str) -> str:
    """``html`` with ``css`` as its last author stylesheet (after the page's own, so it wins ties).

    WeasyPrint's ``stylesheets=`` argument adds *user* stylesheets, which lose to every author
    rule of the page; the PDF's rules must win, so they go into the page itself.
    """
    style = f"<style>{css}</style>"
    head_end = re.search(r"</head\s*>", html, re.IGNORECASE)
    if head_end is None:
        return style + html
    return html[: head_end.start()] + style + html[head_end.start() :]


def render_pdf(
    html: str, header: PrintHeader, *, size: str = DEFAULT_SIZE, landscape: bool = False, path: str = ""
) -> bytes:
    """The PDF of a page's ``html`` (``path``: the page's URL path, for its relative links).

    Raises ``PdfUnavailable`` when WeasyPrint cannot be loaded.
    """
    html_class, fetcher_class = _renderer()
    css = _stylesheet() + page_css(header, size, landscape)
    document = html_class(
        string=with_print_styles(html, css),
        base_url=BASE_URL + path.lstrip("/"),
        url_fetcher=fetcher_class(),
    )
    return document.write_pdf()
