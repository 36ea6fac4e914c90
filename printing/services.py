"""Rendering a printed document; the PDF of a public page is shared by every anonymous reader.

A public document (pairing list, board pairings, standings ...) is the same for every anonymous
reader until its content changes, so its PDF is cached under a digest of the page's content, the
header, the paper and the stylesheets the PDF is drawn with: a new publication or a new result changes the digest, so nothing out of date
is served, and nothing needs dropping. Officials' documents are rendered each time.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace

from django.core.cache import cache

from printing.pdf import PrintHeader, paper_size, render_pdf, styles_digest

SHARED_TIMEOUT = 300  # seconds
_MAIN = re.compile(r"<main\b.*?</main>", re.DOTALL)


def _shared_key(html: str, header: PrintHeader, size: str, landscape: bool) -> str:
    main = _MAIN.search(html)
    digest = hashlib.sha256()
    parts = (main.group(0) if main else html, repr(replace(header, printed_at="")), size, str(landscape))
    for part in (*parts, styles_digest()):
        digest.update(part.encode())
        digest.update(b"\0")
    return f"printing:pdf:v1:{digest.hexdigest()}"


def document_pdf(
    html: str,
    header: PrintHeader,
    *,
    size: str | None = None,
    landscape: bool = False,
    path: str = "",
    shared: bool = False,
) -> bytes:
    """The PDF of a page's ``html`` on ``size`` paper (A4 by default); ``shared``: an anonymous reader's."""
    size = paper_size(size)
    if not shared:
        return render_pdf(html, header, size=size, landscape=landscape, path=path)
    key = _shared_key(html, header, size, landscape)
    pdf = cache.get(key)
    if pdf is None:
        pdf = render_pdf(html, header, size=size, landscape=landscape, path=path)
        cache.set(key, pdf, SHARED_TIMEOUT)
    return pdf
