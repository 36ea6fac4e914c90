"""Results from the broadcast: a round's PGN previewed, then entered through the results service; the round as PGN.

The ``posted`` round: table 1 Alpha – Bravo, table 2 Charlie – Delta, four boards
each, colours WBWB for the first-named team (Alpha has White on boards 1 and 3).
"""

from __future__ import annotations

import io

import chess.pgn
import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from rest_framework.test import APIClient

from operations.models import ResultEntry
from operations.services import pgn_import, results
from operations.services.pgn_export import round_pgn
from tournaments.models import BoardGame, RoundState
from tournaments.models.membership import Role

pytestmark = pytest.mark.django_db


def game_text(white: str, black: str, result: str, *, white_id="", black_id="", round_tag="1.1") -> str:
    tags = [
        ("Event", "Broadcast"),
        ("Round", round_tag),
        ("White", white),
        ("Black", black),
        ("Result", result),
    ]
    if white_id:
        tags.append(("WhiteFideId", white_id))
    if black_id:
        tags.append(("BlackFideId", black_id))
    head = "\n".join(f'[{k} "{v}"]' for k, v in tags)
    moves = "1. e4 e5 2. Nf3 Nc6 " if result != "*" else "1. d4 "
    return f"{head}\n\n{moves}{result}\n"


def boards_of(event, table: int) -> list[BoardGame]:
    return list(
        BoardGame.objects.filter(match__round=event.round, match__table=table)
        .select_related("white", "black")
        .order_by("board")
    )


def file_of(event, results_by_table: dict[int, list[str]]) -> str:
    games = []
    for table, res in results_by_table.items():
        for g, r in zip(boards_of(event, table), res, strict=False):
            games.append(game_text(g.white.name, g.black.name, r, round_tag=f"1.{table}"))
    return "\n".join(games)


def test_a_game_is_matched_by_fide_id_else_by_its_names_in_any_order_and_case(posted):
    b1, b2 = boards_of(posted, 1)[:2]
    b1.white.fide_id, b1.black.fide_id = "1503014", "2020009"
    b1.white.save(), b1.black.save()
    text = "\n".join(
        [
            # board 1 by FIDE ID (the broadcast spells the names its own way)
            game_text("Somebody, Else", "Another, Name", "1-0", white_id="1503014", black_id="2020009"),
            # board 2 by name: "Surname, Given" in capitals, accents ignored
            game_text(_flip(b2.white.name).upper(), _flip(b2.black.name).replace("a", "á"), "0-1"),
        ]
    )
    preview = pgn_import.preview_pgn(posted.round, text, by=posted.arbiter)
    assert [(b.table, b.board, b.status, b.broadcast) for b in preview.boards] == [
        (1, 1, "enter", "1-0"),
        (1, 2, "enter", "0-1"),
    ]
    assert preview.unplaced == []


def _flip(name: str) -> str:
    words = name.split()
    return f"{words[-1]}, {' '.join(words[:-1])}"


def test_a_fide_id_that_differs_is_not_matched_by_the_name(posted):
    b1 = boards_of(posted, 1)[0]
    b1.white.fide_id = "1503014"
    b1.white.save()
    text = game_text(b1.white.name, b1.black.name, "1-0", white_id="999999")
    preview = pgn_import.preview_pgn(posted.round, text, by=posted.arbiter)
    assert preview.boards == [] and "no board of round 1 has White" in preview.unplaced[0].reason


def test_the_preview_sorts_the_games_and_writes_nothing(posted):
    t1, t2 = boards_of(posted, 1), boards_of(posted, 2)
    results.enter_results(posted.matches[0], {1: "1-0", 4: "1/2-1/2"}, by=posted.arbiter)
    text = "\n".join(
        [
            game_text(t1[0].white.name, t1[0].black.name, "1-0"),  # the same as entered
            game_text(t1[1].white.name, t1[1].black.name, "0-1"),  # to enter
            game_text(t1[2].white.name, t1[2].black.name, "*"),  # unfinished
            game_text(t1[3].white.name, t1[3].black.name, "1-0"),  # conflicts with ½-½
            game_text(t2[0].black.name, t2[0].white.name, "1-0"),  # colours the other way round
            game_text("Nobody Known", t2[1].black.name, "1-0"),
            game_text(t2[2].white.name, t2[2].black.name, "1-0", round_tag="2.2"),  # another round
            game_text(t2[3].white.name, t2[3].black.name, "2-0"),  # not a result
        ]
    )
    entries = ResultEntry.objects.count()
    preview = pgn_import.preview_pgn(posted.round, text.encode(), by=posted.arbiter)
    assert preview.games_read == 8
    assert [(b.board, b.status) for b in preview.boards] == [
        (1, "same"),
        (2, "enter"),
        (3, "unfinished"),
        (4, "conflict"),
    ]
    assert preview.conflicts[0].note == "1/2-1/2 already entered"
    reasons = [g.reason for g in preview.unplaced]
    assert reasons[0] == "these players meet on table 2 board 1 with the colours the other way round"
    assert reasons[1].startswith("no board of round 1 has White Nobody Known and Black")
    assert reasons[2] == "a game of round 2 (Round tag “2.2”)"
    assert reasons[3] == "“2-0” is not a PGN result"
    assert ResultEntry.objects.count() == entries  # nothing written


def test_confirming_enters_the_results_through_the_results_service_with_their_history(posted):
    text = file_of(posted, {1: ["1-0", "0-1", "1/2-1/2", "1-0"], 2: ["0-1", "1/2-1/2"]})
    preview = pgn_import.preview_pgn(posted.round, text, by=posted.arbiter)
    report = pgn_import.import_pgn(posted.round, preview.token, by=posted.arbiter)
    assert (report.entered, report.replaced, report.matches) == (6, 0, 2)
    assert [g.result for g in boards_of(posted, 1)] == ["1-0", "0-1", "1/2-1/2", "1-0"]
    assert [g.result for g in boards_of(posted, 2)] == ["0-1", "1/2-1/2", "", ""]
    m1 = posted.matches[0]
    m1.refresh_from_db()
    # Alpha has White on boards 1 and 3: 1 + 1 + ½ + 0 = 2½ – 1½
    assert (float(m1.white_game_points), float(m1.black_game_points)) == (2.5, 1.5)
    entries = ResultEntry.objects.filter(game__match__round=posted.round)
    assert entries.count() == 6 and {e.entered_by for e in entries} == {posted.arbiter}
    assert {e.previous for e in entries} == {""}
    posted.round.refresh_from_db()
    assert posted.round.state == RoundState.IN_PLAY


def test_an_unfinished_game_stays_unfinished_and_never_overwrites_a_result(posted):
    results.enter_results(posted.matches[0], {2: "1-0"}, by=posted.arbiter)
    text = file_of(posted, {1: ["*", "*"]})
    preview = pgn_import.preview_pgn(posted.round, text, by=posted.arbiter)
    assert [b.status for b in preview.boards] == ["unfinished", "unfinished"]
    assert preview.to_enter == [] and preview.conflicts == []
    pgn_import.import_pgn(posted.round, preview.token, by=posted.arbiter)
    assert [g.result for g in boards_of(posted, 1)[:2]] == ["", "1-0"]


def test_a_stale_preview_is_refused_and_nothing_is_entered(posted):
    text = file_of(posted, {1: ["1-0", "0-1"], 2: ["1-0"]})
    preview = pgn_import.preview_pgn(posted.round, text, by=posted.arbiter)
    results.enter_results(posted.matches[1], {4: "0-1"}, by=posted.arbiter)  # meanwhile, by hand
    entries = ResultEntry.objects.count()
    with pytest.raises(pgn_import.StalePreview, match="changed since this preview: nothing was entered"):
        pgn_import.import_pgn(posted.round, preview.token, by=posted.arbiter)
    assert ResultEntry.objects.count() == entries
    assert [g.result for g in boards_of(posted, 1)] == ["", "", "", ""]


def test_conflicts_are_replaced_only_when_the_arbiter_asks_and_the_history_keeps_the_old_result(posted):
    results.enter_results(posted.matches[0], {1: "0-1"}, by=posted.arbiter)
    text = file_of(posted, {1: ["1-0", "1-0"]})
    preview = pgn_import.preview_pgn(posted.round, text, by=posted.arbiter)
    assert [b.status for b in preview.boards] == ["conflict", "enter"]
    pgn_import.import_pgn(posted.round, preview.token, by=posted.arbiter)
    assert [g.result for g in boards_of(posted, 1)[:2]] == ["0-1", "1-0"]

    preview = pgn_import.preview_pgn(posted.round, text, by=posted.arbiter)
    report = pgn_import.import_pgn(posted.round, preview.token, by=posted.arbiter, replace_conflicts=True)
    assert (report.entered, report.replaced) == (0, 1)
    board1 = boards_of(posted, 1)[0]
    assert board1.result == "1-0"
    assert list(ResultEntry.objects.filter(game=board1).values_list("previous", "result")) == [
        ("", "0-1"),
        ("0-1", "1-0"),
    ]


def test_a_forfeited_match_is_a_conflict_that_cannot_be_replaced(posted):
    results.record_absent_team(posted.matches[1], posted.teams[3], by=posted.arbiter)
    text = file_of(posted, {2: ["1/2-1/2"]})
    preview = pgn_import.preview_pgn(posted.round, text, by=posted.arbiter)
    assert preview.conflicts[0].note.startswith("the match is recorded as forfeited")
    assert preview.replaceable == []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "holds no PGN game"),
        ("this is not a chess file\n", "holds no PGN game"),
    ],
)
def test_a_file_without_games_is_refused_with_a_clear_message(posted, content, message):
    with pytest.raises(ValidationError, match=message):
        pgn_import.preview_pgn(posted.round, content, by=posted.arbiter)


def test_a_forged_or_foreign_token_is_refused(posted, make_tournament):
    with pytest.raises(ValidationError, match="not a preview of this site"):
        pgn_import.import_pgn(posted.round, "forged:token", by=posted.arbiter)
    preview = pgn_import.preview_pgn(posted.round, file_of(posted, {1: ["1-0"]}), by=posted.arbiter)
    other = posted.tournament.rounds.get(number=2)
    with pytest.raises(ValidationError, match="another round"):
        pgn_import.import_pgn(other, preview.token, by=posted.arbiter)


def test_a_round_not_posted_yet_takes_no_import(event):
    with pytest.raises(ValidationError, match="results are entered once the board pairings are posted"):
        pgn_import.preview_pgn(event.round, game_text("A", "B", "1-0"), by=event.arbiter)


# -- the download --------------------------------------------------------------


def test_the_round_as_pgn_has_the_tags_broadcasts_use_and_reads_back(posted):
    board1 = boards_of(posted, 1)[0]
    board1.white.fide_id, board1.white.title = "1503014", "GM"
    board1.white.save()
    results.enter_results(posted.matches[0], {1: "1-0", 2: "1/2-1/2"}, by=posted.arbiter)
    results.record_absent_team(posted.matches[1], posted.teams[3], by=posted.arbiter)
    text = round_pgn(posted.round)
    handle = io.StringIO(text)
    games = []
    while (g := chess.pgn.read_game(handle)) is not None:
        games.append(g.headers)
    assert len(games) == 8
    first = games[0]
    assert first["Event"] == posted.tournament.name and first["Round"] == "1.1" and first["Board"] == "1"
    assert (first["White"], first["WhiteFideId"], first["WhiteTitle"]) == (board1.white.name, "1503014", "GM")
    assert first["WhiteTeam"] == "Alpha" and first["BlackTeam"] == "Bravo" and first["Result"] == "1-0"
    assert games[1]["WhiteTeam"] == "Bravo" and games[1]["Result"] == "1/2-1/2"  # board 2: Bravo has White
    assert games[2]["Result"] == "*"  # pending
    assert games[4]["Termination"] == "forfeit" and games[4]["Result"] == "1-0"  # Delta absent
    # and the file reads straight back into the import, every game in its place, nothing to change
    preview = pgn_import.preview_pgn(posted.round, text, by=posted.arbiter)
    assert preview.unplaced == [] and len(preview.boards) == 8
    assert [b.status for b in preview.boards] == ["same", "same", "unfinished", "unfinished"] + [
        "conflict"
    ] * 4
    assert {b.note for b in preview.conflicts} == {
        "the match is recorded as forfeited: cancel the forfeit first"
    }


def test_a_board_forfeit_and_the_broadcasts_result_for_it_are_the_same(posted):
    b3 = boards_of(posted, 1)[2]
    results.enter_results(posted.matches[0], {3: "-+"}, by=posted.arbiter)
    preview = pgn_import.preview_pgn(
        posted.round, game_text(b3.white.name, b3.black.name, "0-1"), by=posted.arbiter
    )
    assert [(b.status, b.note) for b in preview.boards] == [("same", "entered as a forfeit (-+)")]


# -- who may do what, pages and API -------------------------------------------------

ROLES = ["public", "outsider", "captain", "committee", "arbiter", "chief"]
MAY_IMPORT = {"arbiter", "chief"}


@pytest.fixture
def users(posted, make_user):
    return {
        "public": None,
        "outsider": make_user("outsider"),
        "captain": posted.captains[0],
        "committee": posted.committee,
        "arbiter": posted.arbiter,
        "chief": make_user("chief", Role.CHIEF_ARBITER, posted.tournament),
    }


def _page(posted, tail=""):
    return f"/ops/t/{posted.tournament.slug}/r/1/{tail}"


def _api(posted, tail):
    return f"/api/ops/t/{posted.tournament.slug}/rounds/1/{tail}"


@pytest.mark.parametrize("role", ROLES)
def test_only_arbiters_preview_and_import_in_the_service(posted, users, role):
    user = users[role]
    text = file_of(posted, {1: ["1-0"]})
    if role not in MAY_IMPORT:
        with pytest.raises(PermissionDenied, match="Only an arbiter"):
            pgn_import.preview_pgn(posted.round, text, by=user)
        token = pgn_import.preview_pgn(posted.round, text, by=posted.arbiter).token
        with pytest.raises(PermissionDenied, match="Only an arbiter"):
            pgn_import.import_pgn(posted.round, token, by=user)
        return
    token = pgn_import.preview_pgn(posted.round, text, by=user).token
    assert pgn_import.import_pgn(posted.round, token, by=user).entered == 1


@pytest.mark.parametrize("role", ROLES)
def test_only_arbiters_reach_the_import_page(client, posted, users, role):
    if users[role] is not None:
        client.force_login(users[role])
    response = client.get(_page(posted, "results/pgn/"))
    if role == "public":
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    elif role in MAY_IMPORT:
        assert response.status_code == 200 and b'id="pgn-upload"' in response.content
    else:
        assert response.status_code == 403


@pytest.mark.parametrize("role", ROLES)
def test_only_arbiters_import_through_the_api(posted, users, role):
    api = APIClient()
    if users[role] is not None:
        api.force_authenticate(users[role])
    text = file_of(posted, {1: ["1-0", "0-1"]})
    preview = api.post(_api(posted, "pgn/preview/"), {"pgn": text}, format="json")
    if role not in MAY_IMPORT:
        assert preview.status_code in ((401, 403) if role == "public" else (403,))
        return
    assert preview.status_code == 200
    body = preview.json()
    assert [(b["board"], b["status"]) for b in body["boards"]] == [(1, "enter"), (2, "enter")]
    done = api.post(_api(posted, "pgn/import/"), {"token": body["token"]}, format="json")
    assert done.status_code == 200 and done.json() == {"entered": 2, "replaced": 0, "matches": 1}
    again = api.post(_api(posted, "pgn/import/"), {"token": body["token"]}, format="json")
    assert again.status_code == 409 and "changed since this preview" in again.json()["detail"]


def test_the_api_takes_a_multipart_file_and_names_a_bad_one(posted):
    api = APIClient()
    api.force_authenticate(posted.arbiter)
    upload = io.BytesIO(file_of(posted, {2: ["1-0"]}).encode())
    upload.name = "round1.pgn"
    ok = api.post(_api(posted, "pgn/preview/"), {"file": upload}, format="multipart")
    assert ok.status_code == 200 and ok.json()["boards"][0]["table"] == 2
    bad = api.post(_api(posted, "pgn/preview/"), {"pgn": "nothing here"}, format="json")
    assert bad.status_code == 400 and "holds no PGN game" in bad.json()["detail"]


def test_the_page_previews_an_upload_and_enters_it_on_confirmation(client, posted):
    client.force_login(posted.arbiter)
    upload = io.BytesIO(file_of(posted, {1: ["1-0", "0-1", "*"]}).encode())
    upload.name = "round1.pgn"
    page = client.post(_page(posted, "results/pgn/"), {"pgn": upload})
    html = page.content.decode()
    assert "round1.pgn: 3 games read" in html and 'id="pgn-confirm"' in html
    token = page.context["preview"].token
    done = client.post(_page(posted, "results/pgn/"), {"token": token}, follow=True)
    assert "2 results entered from the PGN file (1 match)." in done.content.decode()
    assert [g.result for g in boards_of(posted, 1)] == ["1-0", "0-1", "", ""]
    stale = client.post(_page(posted, "results/pgn/"), {"token": token}, follow=True)
    assert "Nothing was entered: The results of round 1 changed since this preview" in stale.content.decode()


@pytest.mark.parametrize("role", ROLES)
def test_the_round_pgn_is_public_once_the_boards_are_posted(client, posted, users, role):
    if users[role] is not None:
        client.force_login(users[role])
    page = client.get(_page(posted, "games.pgn"))
    assert page.status_code == 200 and page["Content-Type"].startswith("application/x-chess-pgn")
    assert b'[Round "1.1"]' in page.content
    api = client.get(_api(posted, "pgn/"))
    assert api.status_code == 200 and api.content == page.content


@pytest.mark.parametrize("role", ROLES)
def test_before_the_boards_are_posted_only_officials_get_the_round_pgn(client, event, make_user, role):
    users = {
        "public": None,
        "outsider": make_user("outsider"),
        "captain": event.captains[0],
        "committee": event.committee,
        "arbiter": event.arbiter,
        "chief": make_user("chief", Role.CHIEF_ARBITER, event.tournament),
    }
    if users[role] is not None:
        client.force_login(users[role])
    expected = 200 if role in {"committee", "arbiter", "chief"} else 404
    assert client.get(f"/ops/t/{event.tournament.slug}/r/1/games.pgn").status_code == expected
    assert client.get(f"/api/ops/t/{event.tournament.slug}/rounds/1/pgn/").status_code == expected
