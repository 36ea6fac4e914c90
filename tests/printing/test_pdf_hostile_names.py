"""A hostile tournament name in every PDF: printed as it is written, never read as markup (issue 18, item 4).

The name goes into the ``@page`` header boxes, a CSS string inside the page's ``<style>`` element;
``</style>`` in it ended the element and put the rest of the name into every page as markup.
"""

from __future__ import annotations

import re

import pytest

from printing.pdf import PrintHeader, page_css

from .conftest import pdf_pages
from .test_pdf_documents import PDF, fetch

pytestmark = pytest.mark.django_db

PRINT_EVENT_SIZE = (5, 2)

HOSTILE = ['</style><p>INJECTED</p><style>"', "</STYLE ><img src=x>&amp;INJECTED"]


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name", HOSTILE, ids=["style", "upper"])
@pytest.mark.parametrize("doc", PDF)
def test_a_hostile_tournament_name_is_printed_literally_on_every_page_of_every_pdf(
    client, print_event, doc, name
):
    t = print_event.tournament
    t.name = name
    t.save(update_fields=["name"])
    pages = pdf_pages(fetch(client, print_event, doc))
    assert pages
    for n, text in enumerate(pages, start=1):
        flat = words(text)
        assert words(name) in flat, (doc, n, flat[:300])
        # every "INJECTED" is part of the literal name, none is an element's text of its own
        for m in re.finditer("INJECTED", flat):
            assert flat[: m.start()].endswith(("<p>", "&amp;")), (doc, n, flat)
        assert f"Page {n} of {len(pages)}" in flat, (doc, n)


def test_the_header_boxes_hold_the_name_as_css_escapes_that_cannot_end_the_style_element():
    css = page_css(PrintHeader(tournament='</style><b>x</b> "q" \\ & ok', document="Standings"))
    assert "<" not in css and ">" not in css and "&" not in css
    top_left = css[css.index("@top-left") :].split("\n", 1)[0]
    assert top_left == (
        '@top-left { content: "\\3c /style\\3e \\3c b\\3e x\\3c /b\\3e  \\22 q\\22  \\5c  \\26  ok"; }'
    )


def test_a_name_that_closes_the_css_string_stays_inside_it():
    css = page_css(PrintHeader(tournament='Cup \\" } @page { size: A0 } x', document="Standings"))
    assert '@top-left { content: "Cup \\5c \\22  } @page { size: A0 } x"; }' in css
