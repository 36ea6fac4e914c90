"""Each PDF answers each role as its page does: public documents are public, the results summary
is the arbiters' and the committee's, board pairings are hidden from the public until posted."""

from __future__ import annotations

import pytest

from tournaments.models import Round, RoundState

pytestmark = pytest.mark.django_db

PRINT_EVENT_SIZE = (7, 2)  # teams, boards: a small event, many renders
ROLES = ["public", "outsider", "captain", "arbiter", "member"]
EVERYONE = set(ROLES)
OFFICIALS = {"arbiter", "member"}

# document: (its page, its PDF, who may read it once the board pairings are posted)
DOCUMENTS = {
    "pairings": ("/t/{slug}/round/1/pairings/", "/t/{slug}/round/1/pairings.pdf", EVERYONE),
    "boards": ("/ops/t/{slug}/r/1/boards/print/", "/ops/t/{slug}/r/1/boards/print.pdf", EVERYONE),
    "cards": ("/ops/t/{slug}/r/1/boards/cards/", "/ops/t/{slug}/r/1/boards/cards.pdf", EVERYONE),
    "summary": ("/ops/t/{slug}/r/1/summary/", "/ops/t/{slug}/r/1/summary.pdf", OFFICIALS),
    "standings": ("/ops/t/{slug}/standings/", "/ops/t/{slug}/standings.pdf", EVERYONE),
    "crosstable": ("/ops/t/{slug}/crosstable/", "/ops/t/{slug}/crosstable.pdf", EVERYONE),
}


def _get(client, event, role, path):
    if role != "public":
        client.force_login(event.users[role])
    return client.get(path.format(slug=event.slug))


def _assert_refused_as_its_page(pdf, page, role):
    assert pdf.status_code == page.status_code
    if role == "public":
        assert pdf.status_code == 302
        assert pdf["Location"].startswith("/accounts/login/?next=")
        assert pdf["Location"].endswith(".pdf")  # back to the PDF after logging in
    else:
        assert pdf.status_code == 403
    assert not pdf.get("Content-Type", "").startswith("application/pdf")


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("doc", DOCUMENTS)
def test_a_pdf_answers_each_role_as_its_page_does(client, print_event, doc, role):
    page_path, pdf_path, allowed = DOCUMENTS[doc]
    page = _get(client, print_event, role, page_path)
    pdf = _get(client, print_event, role, pdf_path)
    if role in allowed:
        assert page.status_code == 200
        assert pdf.status_code == 200
        assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF-")
    else:
        _assert_refused_as_its_page(pdf, page, role)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("doc", ["boards", "cards"])
def test_board_pairings_are_printed_for_officials_only_until_posted(client, print_event, doc, role):
    Round.objects.filter(pk=print_event.round(1).pk).update(state=RoundState.LINEUPS_CLOSED)
    page_path, pdf_path, _ = DOCUMENTS[doc]
    page = _get(client, print_event, role, page_path)
    pdf = _get(client, print_event, role, pdf_path)
    expected = 200 if role in OFFICIALS else 404
    assert (page.status_code, pdf.status_code) == (expected, expected)
    if expected == 200:
        assert pdf["Content-Type"] == "application/pdf"


def test_a_pdf_of_an_unknown_tournament_or_round_is_not_found(client, print_event):
    assert client.get("/ops/t/no-such-event/standings.pdf").status_code == 404
    assert client.get(f"/t/{print_event.slug}/round/99/pairings.pdf").status_code == 404


def test_a_pdf_is_only_read(client, print_event):
    client.force_login(print_event.users["arbiter"])
    assert client.post(f"/ops/t/{print_event.slug}/r/1/summary.pdf").status_code == 405
