"""Each board result reads from the side of the player named first, everywhere (issue 18 item 5).

Round 1: Alpha – Bravo on table 1, board colours WBWB: Alpha, the first-named team, has
Black on boards 2 and 4. Bravo's player wins board 2 with White (``1-0`` from White's side,
as entered and as in PGN), Alpha's wins board 4 with Black (``0-1``). Every row names Alpha's
player first, so board 2 must read 0-1 and board 4 1-0: on the page, its live fragment, the
printable list and its PDF, the pairing cards, the CSV and the API. A score that counts a game
still being played says it is provisional; one with boards still pending shows the boards in.
"""

from __future__ import annotations

import csv
import io
import re

import pytest

from operations.services import results
from tests.printing.conftest import pdf_pages
from tournaments.models.match import GameResult, result_from_first_named_side

pytestmark = pytest.mark.django_db

# As entered, from White's side. Alpha wins boards 1, 3 and 4, Bravo board 2: 3 – 1.
ENTERED = {1: "1-0", 2: "1-0", 3: "1-0", 4: "0-1"}
# As read from the side of Alpha's player, named first on every board.
READ = {1: "1-0", 2: "0-1", 3: "1-0", 4: "1-0"}


@pytest.fixture
def played(posted, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(posted.matches[0], ENTERED, by=posted.arbiter)
    return posted


def _base(e) -> str:
    return f"/ops/t/{e.tournament.slug}/r/1/"


def _board_rows(html: str, table: int = 1) -> dict[int, str]:
    """The text of each board row of a table's match (tags dropped, spaces squeezed), by board."""
    block = re.search(rf'id="(?:table|match|card)-{table}".*?</tbody>', html, re.S)
    assert block, f"no table {table} in the page"
    rows = {}
    for row in re.findall(r"<tr>(.*?)</tr>", block.group(0), re.S):
        text = " ".join(re.sub(r"<span class=\"visually-hidden\">.*?</span>|<[^>]+>", " ", row).split())
        if m := re.match(r"(\d+) ", text):
            rows[int(m.group(1))] = text
    return rows


def _assert_reads_first_named_side(rows: dict[int, str]) -> None:
    for board, result in READ.items():
        text = rows[board]
        assert text.index("Alpha player") < text.index("Bravo player"), text
        assert text.endswith(" " + result), text


@pytest.mark.parametrize(
    ("stored", "white_first", "read"),
    [
        *[(code, True, code) for code in GameResult.values],
        ("1-0", False, "0-1"),
        ("0-1", False, "1-0"),
        ("+-", False, "-+"),
        ("-+", False, "+-"),
        ("1/2-1/2", False, "1/2-1/2"),
        ("--", False, "--"),
        ("*", False, "*"),
        ("", False, ""),
    ],
)
def test_a_result_stored_from_whites_side_reads_from_the_first_named_players_side(stored, white_first, read):
    assert result_from_first_named_side(stored, white_first) == read


def test_the_board_pairings_page_reads_each_result_from_the_first_named_players_side(client, played):
    html = client.get(_base(played) + "boards/").content.decode()
    _assert_reads_first_named_side(_board_rows(html))
    assert "Each result reads from the side of the player named first." in html


def test_the_live_fragment_reads_each_result_from_the_first_named_players_side(client, played):
    response = client.get(_base(played) + "boards/live/")
    assert response.status_code == 200
    _assert_reads_first_named_side(_board_rows(response.content.decode()))


def test_the_printable_list_reads_each_result_from_the_first_named_players_side(client, played):
    html = client.get(_base(played) + "boards/print/").content.decode()
    _assert_reads_first_named_side(_board_rows(html))


def test_the_pairing_cards_read_each_result_from_the_first_named_players_side(client, played):
    html = client.get(_base(played) + "boards/cards/").content.decode()
    _assert_reads_first_named_side(_board_rows(html))


def test_the_board_pairings_pdf_reads_each_result_from_the_first_named_players_side(client, played):
    response = client.get(_base(played) + "boards/print.pdf")
    assert response["Content-Type"] == "application/pdf"
    lines = [
        " ".join(line.split()) for line in "\n".join(pdf_pages(response.content, layout=True)).splitlines()
    ]
    for board, result in READ.items():
        [line] = [line for line in lines if f"Alpha player {board}" in line]
        assert line.index("Alpha player") < line.index("Bravo player"), line
        assert line.endswith(" " + result), line


def test_the_boards_csv_reads_each_result_from_the_first_named_players_side(client, played):
    text = client.get(_base(played) + "pairings.csv").content.decode()
    rows = [r for r in csv.DictReader(io.StringIO(text)) if r["table"] == "1"]
    assert [(r["first_team"], r["second_team"]) for r in rows] == [("Alpha", "Bravo")] * 4
    assert [r["first_colour"] for r in rows] == ["W", "B", "W", "B"]
    assert [r["first_player"] for r in rows] == [f"Alpha player {b}" for b in range(1, 5)]
    assert {int(r["board"]): r["result"] for r in rows} == READ
    assert {int(r["board"]): r["white_result"] for r in rows} == ENTERED


def test_the_api_gives_the_result_from_the_first_named_players_side_and_from_whites(client, played):
    data = client.get(f"/api/ops/t/{played.tournament.slug}/rounds/1/boards/").json()
    boards = data[0]["boards"]
    assert data[0]["white_team"] == "Alpha"
    assert {b["board"]: b["result"] for b in boards} == READ
    assert {b["board"]: b["white_result"] for b in boards} == ENTERED
    assert boards[1]["white_team_has_white"] is False and boards[1]["white"]["name"] == "Bravo player 2"


def test_a_forfeit_reads_from_the_first_named_players_side(
    client, posted, django_capture_on_commit_callbacks
):
    # Board 2: Bravo's player has White and does not come (-+): Alpha's player, named first, wins.
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(posted.matches[0], {2: "-+"}, by=posted.arbiter)
    rows = _board_rows(client.get(_base(posted) + "boards/").content.decode())
    assert rows[2].endswith("+/− (forfeit)"), rows[2]
    assert "Black forfeits" not in rows[2] and "White forfeits" not in rows[2]


def _badge(html: str, table: int = 1) -> str:
    """The match heading's score mark, up to the end of the heading ("" when there is none)."""
    section = re.search(rf'id="table-{table}".*?</h3>', html, re.S).group(0)
    start = section.find('<span class="badge badge-')
    return section[start:] if start >= 0 and "score-" in section[start:] else ""


def test_a_final_match_score_is_shown_without_a_mark(client, played):
    badge = _badge(client.get(_base(played) + "boards/").content.decode())
    assert "score-final" in badge and "3 – 1" in badge and "provisional" not in badge


def test_a_score_counting_a_game_still_being_played_is_marked_provisional(
    client, posted, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(posted.matches[0], {**ENTERED, 4: "*"}, by=posted.arbiter)
    html = client.get(_base(posted) + "boards/").content.decode()
    assert _board_rows(html)[4].endswith(" unfinished")
    badge = _badge(html)
    assert "score-provisional" in badge
    assert "2½ – 1½" in badge or "2.5 – 1.5" in badge
    assert "<em>provisional</em>" in badge  # seen
    hidden = re.search(r'class="visually-hidden">(.*?)</span>', badge).group(1)  # and heard
    assert "1 game still being played, counted as a draw (rule 11)" in hidden


def test_a_match_with_boards_still_pending_shows_its_score_so_far_and_the_boards_in(
    client, posted, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(posted.matches[0], {1: "1-0", 2: "1-0"}, by=posted.arbiter)
    badge = _badge(client.get(_base(posted) + "boards/").content.decode())
    assert "score-partial" in badge and "1 – 1 <em>(2 of 4 boards in)</em>" in badge


# -- the arbiter's pages: a partly entered match says so (issue 18 item 6) ----------------------


def _save(client, e, entered: dict[int, str]):
    client.force_login(e.arbiter)
    data = {f"board_{b}": r for b, r in entered.items()} | {f"was_{b}": "" for b in entered}
    return client.post(_base(e) + "match/1/", data, follow=True).content.decode()


def _results_row(html: str, table: int = 1) -> str:
    row = re.search(rf'<tr><td class="num">{table}</td>.*?</tr>', html, re.S).group(0)
    return " ".join(re.sub(r"<[^>]+>", " ", row).split())


def test_saving_two_of_four_boards_says_so_with_the_score_so_far_and_the_list_shows_it(client, posted):
    html = _save(client, posted, {1: "1-0", 2: "1-0"})
    assert (
        "Table 1: 2 of 4 boards in, Alpha 1 – 1 Bravo so far; the match has no result until every board has one."
        in html
    )
    assert " 0 – 0 " not in html
    row = _results_row(html)
    assert "partial: 1 – 1 (2 of 4 boards in)" in row and "not entered" not in row


def test_saving_a_match_with_a_game_still_being_played_says_the_score_is_provisional(client, posted):
    html = _save(client, posted, {**ENTERED, 4: "*"})
    assert (
        "Table 1: Alpha 2.5 – 1.5 Bravo saved. Provisional: 1 game still being played, counted as a draw (rule 11)."
        in html
    )
    row = _results_row(html)
    assert "provisional" in row and "2.5 – 1.5" in row


def test_a_match_without_any_result_is_still_not_entered(client, posted):
    client.force_login(posted.arbiter)
    row = _results_row(client.get(_base(posted) + "results/").content.decode())
    assert "not entered" in row and "partial" not in row
