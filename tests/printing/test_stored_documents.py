"""Documents ready before anyone asks (issue 20, item 5): rendered on the round's steps, served from storage.

Publishing, posting the board pairings and completing a round render its PDFs (a Celery task,
in-process here) and keep them with the version they were rendered from; a request is answered
with the stored file while that version is current, renders and stores it when it is missing or out
of date, and never answers with a file older than a correction. The pairing list pinned on the wall
gives each team its rank and match points before the round (rule 60 with the standings).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone

from printing import stored
from printing.models import StoredDocument

from .conftest import pdf_pages, team_name

pytestmark = pytest.mark.django_db

PRINT_EVENT_SIZE = (9, 4)  # teams, boards
ROUND_KINDS = ("pairings", "boards", "cards", "summary")
PDF = {
    "pairings": "/t/{slug}/round/{n}/pairings.pdf",
    "boards": "/ops/t/{slug}/r/{n}/boards/print.pdf",
    "cards": "/ops/t/{slug}/r/{n}/boards/cards.pdf",
    "summary": "/ops/t/{slug}/r/{n}/summary.pdf",
    "standings": "/ops/t/{slug}/standings.pdf",
    "crosstable": "/ops/t/{slug}/crosstable.pdf",
}
ROLES = ["public", "outsider", "captain", "arbiter", "member"]
OFFICIALS = {"arbiter", "member"}


@pytest.fixture
def render_ahead(settings, eager_celery):
    settings.PRINTING_RENDER_AHEAD = True
    settings.PRINTING_RENDER_AHEAD_LANGUAGES = ["en"]


def url(event, kind: str, number: int = 1) -> str:
    return PDF[kind].format(slug=event.slug, n=number)


def row_of(event, kind: str, number: int = 1, language: str = "en") -> StoredDocument | None:
    return stored.key(event.tournament, kind, number, language).rows().exclude(file="").first()


def file_bytes(row: StoredDocument) -> bytes:
    return stored.read(row)


def _content(pdf: bytes) -> str:
    """A PDF's text without the time it was printed."""
    return re.sub(r"Printed \S+ \S+( \S+)?", "", "\n".join(pdf_pages(pdf)))


def publish_round_two(event) -> None:
    from committee import services as committee

    member = event.users["member"]
    rnd = event.round(2)
    run = committee.request_pairing(round=rnd, user=member)
    committee.execute_run(run.pk, "test-worker")
    version = committee.current_version(rnd)
    committee.approve(version=version, user=member)
    committee.publish(version=version, user=member)


def complete_round_one(event, capture) -> None:
    from operations.services import results

    with capture(execute=True):
        results.complete_round(event.round(1), by=event.users["arbiter"])


def test_completing_a_round_renders_and_stores_each_of_its_documents(
    client, print_event, render_ahead, django_capture_on_commit_callbacks
):
    assert not StoredDocument.objects.filter(tournament=print_event.tournament).exists()
    complete_round_one(print_event, django_capture_on_commit_callbacks)
    for kind in PDF:
        row = row_of(print_event, kind)
        assert row is not None, kind
        assert file_bytes(row).startswith(b"%PDF-"), kind
    client.force_login(print_event.users["arbiter"])
    for kind in PDF:
        row = row_of(print_event, kind)
        answer = client.get(url(print_event, kind))
        assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf", kind
        assert answer["ETag"] == f'"{row.version}"'
        assert answer.content == file_bytes(row), kind  # the stored file itself
        assert row_of(print_event, kind).rendered_at == row.rendered_at  # not rendered again
        assert client.get(url(print_event, kind), HTTP_IF_NONE_MATCH=answer["ETag"]).status_code == 304


def test_publishing_and_posting_render_the_pairing_list_then_the_board_pairings_and_cards(
    print_event, render_ahead, django_capture_on_commit_callbacks
):
    from operations.services import board_pairings, lineups

    complete_round_one(print_event, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        publish_round_two(print_event)
    assert row_of(print_event, "pairings", 2) is not None
    assert row_of(print_event, "boards", 2) is None
    arbiter = print_event.users["arbiter"]
    with django_capture_on_commit_callbacks(execute=True):
        lineups.close_lineups(print_event.round(2), by=arbiter)
        board_pairings.post_board_pairings(print_event.round(2), by=arbiter)
    for kind in ("pairings", "boards", "cards"):
        assert row_of(print_event, kind, 2) is not None, kind


def test_a_corrected_result_changes_the_version_and_the_old_file_is_never_served_again(
    client, print_event, render_ahead, django_capture_on_commit_callbacks
):
    from operations.services import results
    from tournaments.models import Match

    complete_round_one(print_event, django_capture_on_commit_callbacks)
    before = {kind: row_of(print_event, kind) for kind in ("boards", "standings", "pairings")}
    old_files = {kind: row.file.name for kind, row in before.items()}
    old_texts = {kind: _content(file_bytes(row)) for kind, row in before.items()}
    arbiter = print_event.users["arbiter"]
    match = Match.objects.get(round=print_event.round(1), table=1)
    board_1 = match.boards.get(board=1)
    corrected = "0-1" if board_1.result == "1-0" else "1-0"
    with django_capture_on_commit_callbacks(execute=True):
        results.reopen_round(print_event.round(1), by=arbiter)
        results.enter_results(match, {1: corrected}, by=arbiter)
    for kind, row in before.items():
        assert stored.current(stored.key(print_event.tournament, kind, 1, "en")) is None, kind
        answer = client.get(url(print_event, kind))
        assert answer.status_code == 200
        assert answer["ETag"] != f'"{row.version}"', kind
        assert _content(answer.content) != old_texts[kind], kind  # the corrected result's match score
        after = row_of(print_event, kind)
        assert after.version != row.version and after.file.name != old_files[kind], kind
        assert not after.file.storage.exists(old_files[kind]), kind  # the old file is gone


def test_a_document_whose_file_is_missing_is_rendered_on_request_and_stored_again(
    client, print_event, render_ahead, django_capture_on_commit_callbacks
):
    complete_round_one(print_event, django_capture_on_commit_callbacks)
    row = row_of(print_event, "crosstable")
    row.file.storage.delete(row.file.name)
    answer = client.get(url(print_event, "crosstable"))
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF-")
    again = row_of(print_event, "crosstable")
    assert again.rendered_at > row.rendered_at and file_bytes(again) == answer.content


def test_a_document_never_stored_is_rendered_by_its_first_reader_and_served_to_the_next(client, print_event):
    assert row_of(print_event, "standings") is None
    first = client.get(url(print_event, "standings"))
    row = row_of(print_event, "standings")
    assert row is not None and file_bytes(row) == first.content
    second = client.get(url(print_event, "standings"))
    assert second.content == first.content and second["ETag"] == f'"{row.version}"'
    assert row_of(print_event, "standings").rendered_at == row.rendered_at


@pytest.mark.parametrize("role", ROLES)
def test_a_stored_document_answers_each_role_as_its_page_does(
    client, print_event, render_ahead, django_capture_on_commit_callbacks, role
):
    complete_round_one(print_event, django_capture_on_commit_callbacks)
    if role != "public":
        client.force_login(print_event.users[role])
    for kind in PDF:
        assert row_of(print_event, kind) is not None
        answer = client.get(url(print_event, kind))
        if kind == "summary" and role not in OFFICIALS:
            assert answer.status_code == (302 if role == "public" else 403), kind
            assert not answer.get("Content-Type", "").startswith("application/pdf")
        else:
            assert answer.status_code == 200 and answer.content == file_bytes(row_of(print_event, kind)), kind


@pytest.mark.parametrize("role", ROLES)
def test_stored_board_pairings_are_not_served_to_the_public_when_the_round_is_not_posted(
    client, print_event, render_ahead, django_capture_on_commit_callbacks, role
):
    from tournaments.models import Round, RoundState

    complete_round_one(print_event, django_capture_on_commit_callbacks)
    assert row_of(print_event, "boards") is not None
    # Written around the services (no new version): the stored copy must still not answer the public.
    Round.objects.filter(pk=print_event.round(1).pk).update(state=RoundState.LINEUPS_CLOSED)
    if role != "public":
        client.force_login(print_event.users[role])
    for kind in ("boards", "cards"):
        answer = client.get(url(print_event, kind))
        assert answer.status_code == (200 if role in OFFICIALS else 404), (kind, role)


def test_one_renderer_at_a_time_claims_a_version_of_a_document(print_event):
    k = stored.key(print_event.tournament, "standings", None, "en")
    assert stored.claim(k, "v1") is not None
    assert stored.claim(k, "v1") is None  # being rendered: a second worker leaves it
    assert stored.claim(k, "v2") is not None  # a newer version may start at once
    assert stored.store(k, "v1", b"%PDF-old", 1.0) is None  # the older render is dropped
    assert stored.store(k, "v2", b"%PDF-new", 1.0) is not None
    assert stored.claim(k, "v2") is None  # stored already at that version
    # A claim whose renderer died (older than CLAIM_SECONDS) is taken up again.
    assert stored.claim(k, "v3") is not None
    k.rows().update(claimed_at=timezone.now() - dt.timedelta(seconds=stored.CLAIM_SECONDS + 1))
    assert stored.claim(k, "v3") is not None


def test_rule_60_the_wall_pairing_list_gives_each_team_its_rank_and_match_points_before_the_round(
    client, print_event, django_capture_on_commit_callbacks
):
    from operations.selectors import standings_table
    from tournaments.models import Match

    complete_round_one(print_event, django_capture_on_commit_callbacks)
    publish_round_two(print_event)
    played = Match.objects.filter(round=print_event.round(1)).select_related("white_team", "black_team")
    points = {m.white_team.tpn: m.white_match_points for m in played}
    points |= {m.black_team.tpn: m.black_match_points for m in played if m.black_team}
    rank = {row.tpn: row.rank for row in standings_table(print_event.tournament, 1).rows}
    text = "\n".join(pdf_pages(client.get(url(print_event, "pairings", 2)).content, layout=True))
    assert "Rank" in text and "MP" in text
    lines = [" ".join(line.split()) for line in text.splitlines()]
    for m in Match.objects.filter(round=print_event.round(2), is_bye=False).select_related(
        "white_team", "black_team"
    ):
        w, b = m.white_team.tpn, m.black_team.tpn
        row = re.compile(
            rf"{m.table} {rank[w]} {team_name(w)} F{w:02d} {float(points[w]):g} – "
            rf"{float(points[b]):g} {team_name(b)} F{b:02d} {rank[b]}$"
        )
        assert any(row.match(line) for line in lines), (m.table, [x for x in lines if team_name(w) in x])
