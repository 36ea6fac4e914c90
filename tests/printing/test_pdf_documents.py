"""The printed documents as PDF: what an arbiter pins on the wall, hands to the captains, signs.

Each PDF is opened and its text read page by page (pdftotext): the names, the round, the date and
the publication number in the header of every page, a match never split across two pages, the
paper size chosen (A4 by default, or Letter).
"""

from __future__ import annotations

import re

import pytest

from printing import services
from printing.pdf import PrintHeader

from .conftest import BOARDS, TEAMS, page_sizes, pdf_pages, player_name, team_name

pytestmark = pytest.mark.django_db

A4 = (595, 842)
LETTER = (612, 792)

PDF = {
    "pairings": "/t/{slug}/round/1/pairings.pdf",
    "boards": "/ops/t/{slug}/r/1/boards/print.pdf",
    "cards": "/ops/t/{slug}/r/1/boards/cards.pdf",
    "summary": "/ops/t/{slug}/r/1/summary.pdf",
    "standings": "/ops/t/{slug}/standings.pdf",
    "crosstable": "/ops/t/{slug}/crosstable.pdf",
}
TITLES = {
    "pairings": "Pairing list",
    "boards": "Board pairings",
    "cards": "Pairing cards",
    "summary": "Results summary (rule 56)",
    "standings": "Standings",
    "crosstable": "Crosstable",
}


def fetch(client, event, doc: str, query: str = "", user: str | None = "arbiter") -> bytes:
    if user:
        client.force_login(event.users[user])
    response = client.get(PDF[doc].format(slug=event.slug) + query)
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("inline;")
    return response.content


def pairs_of(event) -> list[tuple[int, tuple[int, int]]]:
    """(table, (white TPN, black TPN)) of round 1's matches, byes left out."""
    return [
        (m.table, (m.white_team.tpn, m.black_team.tpn))
        for m in event.round(1).matches.select_related("white_team", "black_team").order_by("table")
        if not m.is_bye
    ]


@pytest.mark.parametrize("doc", PDF)
def test_every_page_of_every_document_carries_the_tournament_round_date_and_publication(
    client, print_event, doc
):
    pages = pdf_pages(fetch(client, print_event, doc))
    assert pages
    for n, text in enumerate(pages, start=1):
        assert print_event.tournament.name in text, (doc, n)
        assert TITLES[doc] in text, (doc, n)
        assert "Round 1 · 2026-07-04 · Publication 2" in text, (doc, n)
        assert f"Page {n} of {len(pages)}" in text, (doc, n)


def test_the_pairing_list_names_every_team_with_its_table_and_the_bye(client, print_event):
    text = "\n".join(pdf_pages(fetch(client, print_event, "pairings", user=None), layout=True))
    for tpn in range(1, TEAMS + 1):
        assert team_name(tpn) in text
    assert "Team pairings with the colours of board 1" in text
    assert "bye" in text
    lines = [" ".join(line.split()) for line in text.splitlines()]
    for table, (white, black) in pairs_of(print_event):
        # the match's score between the teams once played ("3–3"), a dash before
        line_of_match = re.compile(
            rf"{table} {team_name(white)} F{white:02d} (–|[\d.½]+–[\d.½]+) {team_name(black)} F{black:02d}"
        )
        assert any(line_of_match.match(line) for line in lines), (table, white, black)


def test_the_printed_pairing_list_is_the_compact_wall_list_without_the_why_lines(client, print_event):
    page = client.get(f"/t/{print_event.slug}/round/1/pairings/").content.decode()
    assert 'class="why-line' in page and "[C.04.6 4.3.1]" in page
    pages = pdf_pages(fetch(client, print_event, "pairings", user=None))
    assert "[C.04.6" not in "\n".join(pages)
    assert len(pages) == 1  # 15 pairings and the bye


@pytest.mark.parametrize("doc", ["boards", "cards", "summary"])
def test_a_page_break_never_splits_a_match(client, print_event, doc):
    pages = [" ".join(text.split()) for text in pdf_pages(fetch(client, print_event, doc))]
    assert len(pages) >= 2, "the test needs a document of several pages"
    for table, tpns in pairs_of(print_event):
        names = [player_name(tpn, b) for tpn in tpns for b in range(1, BOARDS + 1)]
        where = {name: [i for i, text in enumerate(pages) if name in text] for name in names}
        assert all(len(found) == 1 for found in where.values()), (table, where)
        assert len({found[0] for found in where.values()}) == 1, f"table {table} is split: {where}"


def test_the_board_pairings_give_each_player_and_result(client, print_event):
    text = "\n".join(pdf_pages(fetch(client, print_event, "boards", user=None)))
    for tpn in range(1, TEAMS + 1):
        for board in range(1, BOARDS + 1):
            if tpn != TEAMS:  # the last team has the bye
                assert player_name(tpn, board) in text
    assert "½-½" in text and "1-0" in text and "0-1" in text


def test_the_pairing_cards_hold_one_scoresheet_per_match_with_the_captains_signatures(client, print_event):
    pages = pdf_pages(fetch(client, print_event, "cards"))
    text = "\n".join(pages)
    matches = pairs_of(print_event)
    for table, _ in matches:
        assert f"Round 1 · table {table}\n" in text
    assert text.count("Match score") == len(matches)
    assert text.count("Captain ") == 2 * len(matches)


def test_the_results_summary_is_signed_by_the_arbiter(client, print_event):
    text = "\n".join(pdf_pages(fetch(client, print_event, "summary")))
    assert "Tournament Director or appointee (rule 56): signed by" in text
    assert f"arbiter-{print_event.slug}" in text
    assert "All results in." in text


def test_the_standings_rank_every_team_with_its_tie_breaks(client, print_event):
    text = "\n".join(pdf_pages(fetch(client, print_event, "standings", user=None)))
    assert "Standings after round 1" in text
    for tpn in range(1, TEAMS + 1):
        assert team_name(tpn) in text
    for head in ("MP", "GP", "BH-C1", "SB"):
        assert head in text


def test_the_crosstable_is_printed_across_the_page(client, print_event):
    pdf = fetch(client, print_event, "crosstable", user=None)
    assert set(page_sizes(pdf)) == {A4[::-1]}
    assert "Crosstable after round 1" in pdf_pages(pdf)[0]


def test_a4_is_the_default_and_letter_a_choice(client, print_event):
    assert set(page_sizes(fetch(client, print_event, "pairings", user=None))) == {A4}
    assert set(page_sizes(fetch(client, print_event, "pairings", "?size=letter", user=None))) == {LETTER}
    assert set(page_sizes(fetch(client, print_event, "standings", "?size=Letter", user=None))) == {LETTER}
    assert set(page_sizes(fetch(client, print_event, "standings", "?size=folio", user=None))) == {A4}


def test_the_file_is_named_after_the_tournament_round_document_and_paper(client, print_event):
    response = client.get(PDF["pairings"].format(slug=print_event.slug) + "?size=letter")
    assert (
        response["Content-Disposition"]
        == f'inline; filename="{print_event.slug}-round-1-pairings-letter.pdf"'
    )


def test_each_print_page_links_to_its_pdf_beside_print(client, print_event):
    client.force_login(print_event.users["arbiter"])
    pages = {
        "pairings": "/t/{slug}/round/1/pairings/",
        "boards": "/ops/t/{slug}/r/1/boards/print/",
        "cards": "/ops/t/{slug}/r/1/boards/cards/",
        "summary": "/ops/t/{slug}/r/1/summary/",
        "standings": "/ops/t/{slug}/standings/",
        "crosstable": "/ops/t/{slug}/crosstable/",
    }
    for doc, page in pages.items():
        html = client.get(page.format(slug=print_event.slug)).content.decode()
        pdf = PDF[doc].format(slug=print_event.slug)
        assert "data-print" in html, doc  # static/js/site.js prints (no inline handler: CSP)
        assert re.search(rf'href="{re.escape(pdf)}(\?round=1)?"[^>]*>PDF</a>', html), doc
        assert f"{pdf}?{'round=1&amp;' if doc == 'standings' else ''}size=letter" in html, doc


# -- the shared PDF of a public page -------------------------------------------------------


def test_an_anonymous_readers_pdf_is_rendered_once_per_content():
    from django.core.cache import cache

    header = PrintHeader("Cup", "Standings", 3, "2026-07-04", 2, "2026-07-04 20:00 UTC")
    html = "<html><head></head><body><main><p>Team 01 12 points</p></main></body></html>"
    first = services.document_pdf(html, header, shared=True)
    key = services._shared_key(html, header, "a4", False)
    assert cache.get(key) == first
    later = PrintHeader("Cup", "Standings", 3, "2026-07-04", 2, "2026-07-04 20:04 UTC")
    assert services.document_pdf(html, later, shared=True) == first
    changed = html.replace("12 points", "13 points")
    assert services._shared_key(changed, header, "a4", False) != key
    assert "13 points" in "\n".join(pdf_pages(services.document_pdf(changed, header, shared=True)))
    assert services._shared_key(html, header, "letter", False) != key


# -- what the renderer fetches ------------------------------------------------------------


def test_the_renderer_reads_the_static_stylesheets_and_fetches_nothing_else(tmp_path):
    import http.server
    import threading

    from printing.pdf import BASE_URL, _renderer, render_pdf

    requests: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the standard library's name)
            requests.append(self.path)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    elsewhere = f"http://127.0.0.1:{server.server_port}"
    try:
        fetcher = _renderer()[1]()
        css = fetcher.fetch(BASE_URL + "static/css/site.css")
        assert css.content_type == "text/css" and b"@media print" in css.read()
        with pytest.raises(ValueError, match="not fetched"):
            fetcher.fetch(f"{elsewhere}/tracker.css")
        with pytest.raises(ValueError, match="not fetched"):
            fetcher.fetch(BASE_URL + "static/../settings.py")
        html = (
            f'<html><head><link rel="stylesheet" href="{elsewhere}/x.css"></head><body><main>'
            f'<img src="{elsewhere}/pixel.png"><img src="file:///etc/passwd"><p>Team 01</p></main></body></html>'
        )
        pdf = render_pdf(html, PrintHeader("Cup", "Standings"))
    finally:
        server.shutdown()
    assert "Team 01" in pdf_pages(pdf)[0]
    assert requests == []
