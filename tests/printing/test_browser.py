"""In Debian's Chromium: an arbiter follows the "PDF" link of the results summary (rule 56), and the
PDF, turned into PNG pages (pdftoppm), shows the header and the table on paper of the right shape."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.browser import chromium_page, log_in, needs_chromium
from tests.conftest import eager_tasks

from .conftest import build_print_event, page_sizes

pytestmark = [
    pytest.mark.browser,
    needs_chromium,
    pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils (pdftoppm) is not installed"),
]


@pytest.fixture
def page():
    with chromium_page(timeout_ms=30000) as pg:
        yield pg


def png_pages(pdf: bytes, folder: Path, dpi: int = 50) -> list[Path]:
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-", str(folder / "page")], input=pdf, check=True)
    return sorted(folder.glob("page-*.png"))


def ink(image, box) -> float:
    """The share of inked (not white) pixels of ``image`` in ``box`` (left, top, right, bottom, fractions)."""
    w, h = image.size
    region = image.convert("L").crop((int(box[0] * w), int(box[1] * h), int(box[2] * w), int(box[3] * h)))
    histogram = region.histogram()
    return sum(histogram[:200]) / max(1, sum(histogram))


def test_an_arbiter_follows_the_pdf_link_and_gets_the_summary_on_a4_and_letter(
    page, live_server, transactional_db, tmp_path
):
    from PIL import Image

    with eager_tasks():
        event = build_print_event("printing-browser", teams=7, boards=2)
    log_in(page, live_server, event.users["arbiter"].username)

    page.goto(f"{live_server.url}/ops/t/{event.slug}/r/1/summary/")
    link = page.get_by_role("link", name="PDF", exact=True)
    href = link.get_attribute("href")
    assert href == f"/ops/t/{event.slug}/r/1/summary.pdf"
    with page.expect_response(lambda r: r.url.endswith(href)) as answer:
        link.click()
    assert answer.value.status == 200
    assert answer.value.headers["content-type"] == "application/pdf"
    assert page.url == live_server.url + href  # Chromium shows the PDF itself, not a download

    # The same link, fetched with the browser's session, turned into PNG pages.
    for query, (width, height) in (("", (595, 842)), ("?size=letter", (612, 792))):
        pdf = page.request.get(live_server.url + href + query).body()
        assert pdf.startswith(b"%PDF-")
        assert set(page_sizes(pdf)) == {(width, height)}
        folder = tmp_path / (query.strip("?") or "a4")
        folder.mkdir()
        pngs = png_pages(pdf, folder)
        assert len(pngs) == len(page_sizes(pdf)) >= 1
        for png in pngs:
            image = Image.open(io.BytesIO(png.read_bytes()))
            assert abs(image.size[1] / image.size[0] - height / width) < 0.01
            assert ink(image, (0.02, 0.0, 0.98, 0.06)) > 0.002, "the header is printed"
            assert ink(image, (0.02, 0.952, 0.98, 1.0)) > 0.0005, "the footer (page n of m) is printed"
        first = Image.open(pngs[0])
        assert ink(first, (0.02, 0.1, 0.98, 0.5)) > 0.005, "the summary's table is printed"
