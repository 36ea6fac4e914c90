"""The whole-round result grid (issue 20, item 1): its saves, their checks, history and permissions.

Every save goes through ``results.enter_results``, the match page's service: the tests show the
grid keeps its checks (the arbiter's role, the round open, a board and a result it knows, the
result the page showed still the board's: 409 otherwise), its history (rule 56) and reads every
result from the side of the player named first (issue 18 item 5). The round is the ``posted``
fixture's: Alpha – Bravo on table 1, Charlie – Delta on table 2, colours WBWB (rule 19), so on
boards 2 and 4 the first-named team's player has Black.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from operations.models import ResultEntry
from tournaments.models import BoardGame, Match, RoundState
from tournaments.models.membership import Role


def _grid(event) -> str:
    return reverse("ops-result-grid", kwargs={"slug": event.tournament.slug, "number": event.round.number})


def _save_url(event) -> str:
    return reverse(
        "ops-result-grid-save", kwargs={"slug": event.tournament.slug, "number": event.round.number}
    )


def _save(client, event, table, board, result, expected=""):
    return client.post(
        _save_url(event), {"table": str(table), "board": str(board), "result": result, "expected": expected}
    )


def _stored(event, table: int, board: int) -> str:
    return BoardGame.objects.get(match__round=event.round, match__table=table, board=board).result


@pytest.fixture
def roles(posted, make_tournament, make_team, make_user):
    """A user per role: the public, Alpha's captain, a committee member, the arbiter, the Chief Arbiter,
    and an arbiter of another tournament."""
    other = make_tournament(name="Another event", slug="another-event")
    make_team(other, "Echo", tpn=1)
    return {
        "anonymous": None,
        "captain": posted.captains[0],
        "committee": posted.committee,
        "arbiter": posted.arbiter,
        "chief": make_user("chief", Role.CHIEF_ARBITER, posted.tournament),
        "other tournament's arbiter": make_user("elsewhere", Role.ARBITER, other),
    }


ALLOWED = {"arbiter", "chief"}
ROLES = ["anonymous", "captain", "committee", "arbiter", "chief", "other tournament's arbiter"]


@pytest.mark.parametrize("role", ROLES)
def test_only_the_arbiters_open_the_result_grid(client, posted, roles, role):
    if roles[role] is not None:
        client.force_login(roles[role])
    response = client.get(_grid(posted))
    if role == "anonymous":
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    elif role in ALLOWED:
        assert response.status_code == 200
        assert b"data-result-grid" in response.content
    else:
        assert response.status_code == 403


@pytest.mark.parametrize("role", ROLES)
def test_only_the_arbiters_save_a_board_from_the_grid(client, posted, roles, role):
    if roles[role] is not None:
        client.force_login(roles[role])
    response = _save(client, posted, 1, 1, "1-0")
    if role in ALLOWED:
        assert response.status_code == 200
        assert _stored(posted, 1, 1) == "1-0"
    else:
        assert response.status_code == 403
        assert response.json()["detail"]
        assert _stored(posted, 1, 1) == ""
        assert not ResultEntry.objects.exists()


def test_the_grid_shows_every_board_of_the_round_table_by_table_with_the_keys(client, posted):
    client.force_login(posted.arbiter)
    html = client.get(_grid(posted)).content.decode()
    for table in (1, 2):
        for board in range(1, 5):
            assert f'id="r-{table}-{board}"' in html
    assert html.index('id="r-1-4"') < html.index('id="r-2-1"')
    assert "8 boards pending" in html
    for key in (
        "<kbd>1</kbd>",
        "<kbd>0</kbd>",
        "<kbd>=</kbd>",
        "<kbd>5</kbd>",
        "<kbd>+</kbd>",
        "<kbd>-</kbd>",
    ):
        assert key in html
    assert "<script>" not in html and " onkeydown=" not in html  # CSP: the behaviour is static/js's
    assert "js/result-grid.js" in html


def test_issue_18_5_a_grid_result_reads_from_the_first_named_players_side(client, posted):
    """Board 2: Alpha's player has Black; "1" (the player named first wins) is stored 0-1."""
    client.force_login(posted.arbiter)
    answer = _save(client, posted, 1, 2, "1-0").json()
    assert _stored(posted, 1, 2) == "0-1"
    assert (answer["result"], answer["short"]) == ("1-0", "1-0")
    client.get(_grid(posted))
    html = client.get(_grid(posted)).content.decode()
    assert 'id="r-1-2" name="r-1-2" value="1-0"' in html and 'data-was="1-0"' in html
    _save(client, posted, 1, 4, "+-")
    assert _stored(posted, 1, 4) == "-+"  # Alpha's player (Black) wins by forfeit


def test_each_save_answers_the_matchs_partial_score_and_the_rounds_pending_count(client, posted):
    client.force_login(posted.arbiter)
    first = _save(client, posted, 1, 1, "1-0").json()
    assert first["pending"] == 7 and first["pending_text"] == "7 boards pending"
    assert "partial:" in first["score"] and "1 – 0" in first["score"] and "1 of 4 boards in" in first["score"]
    second = _save(client, posted, 1, 2, "1/2-1/2").json()
    assert second["pending"] == 6 and "1.5 – 0.5" in second["score"] and second["stamp"] > first["stamp"]
    _save(client, posted, 1, 3, "0-1")
    last = _save(client, posted, 1, 4, "1-0").json()
    assert last["pending"] == 4
    assert "2.5 – 1.5" in last["score"] and "partial" not in last["score"] and "MP" in last["score"]
    assert Match.objects.get(round=posted.round, table=1).white_match_points == 2


def test_issue_18_4_a_board_changed_meanwhile_is_a_409_with_its_result_now_and_nothing_is_saved(
    client, posted
):
    client.force_login(posted.arbiter)
    assert _save(client, posted, 2, 1, "1-0").status_code == 200  # another arbiter's save
    response = _save(client, posted, 2, 1, "0-1", expected="")  # this grid still shows it pending
    assert response.status_code == 409
    answer = response.json()
    assert (answer["result"], answer["short"]) == ("1-0", "1-0")
    assert "it is now 1-0" in answer["detail"]
    assert _stored(posted, 2, 1) == "1-0"
    assert ResultEntry.objects.count() == 1
    assert _save(client, posted, 2, 1, "0-1", expected="1-0").status_code == 200  # typed again: replaced
    assert _stored(posted, 2, 1) == "0-1"


@pytest.mark.parametrize(
    "fields",
    [
        {"table": "1", "board": "1", "result": "2-0", "expected": ""},
        {"table": "1", "board": "1", "result": "=", "expected": ""},  # a key, not a result
        {"table": "1", "board": "1", "result": "1-0", "expected": "1-0f"},
        {"table": "1", "board": "1", "expected": ""},
        {"table": "abc", "board": "1", "result": "1-0", "expected": ""},
        {"table": "1", "board": "²", "result": "1-0", "expected": ""},
        {"table": "1", "board": "9", "result": "1-0", "expected": ""},
    ],
)
def test_an_illegal_value_is_refused_with_a_message_and_nothing_is_saved(client, posted, fields):
    client.force_login(posted.arbiter)
    response = client.post(_save_url(posted), fields)
    assert response.status_code == 400
    assert response.json()["detail"]
    assert not ResultEntry.objects.exists()
    assert set(BoardGame.objects.filter(match__round=posted.round).values_list("result", flat=True)) == {""}


def test_a_table_the_round_does_not_have_is_a_404(client, posted):
    client.force_login(posted.arbiter)
    response = _save(client, posted, 99, 1, "1-0")
    assert response.status_code == 404 and "no table 99" in response.json()["detail"]


def test_rule_56_every_grid_save_is_in_the_history_with_who_and_what_before(client, posted):
    client.force_login(posted.arbiter)
    _save(client, posted, 1, 1, "1-0")
    _save(client, posted, 1, 1, "1/2-1/2", expected="1-0")
    _save(client, posted, 1, 1, "", expected="1/2-1/2")
    game = BoardGame.objects.get(match__round=posted.round, match__table=1, board=1)
    entries = list(ResultEntry.objects.filter(game=game).values_list("previous", "result", "entered_by"))
    arbiter = posted.arbiter.pk
    assert entries == [("", "1-0", arbiter), ("1-0", "1/2-1/2", arbiter), ("1/2-1/2", "", arbiter)]
    history = list(game.history.order_by("history_date").values_list("result", "history_user"))
    assert history[-3:] == [("1-0", arbiter), ("1/2-1/2", arbiter), ("", arbiter)]


def test_the_grid_keeps_the_services_checks_a_complete_round_takes_no_result(client, posted):
    from tests.operations.conftest import set_state

    client.force_login(posted.arbiter)
    set_state(posted.round, RoundState.COMPLETE)
    response = _save(client, posted, 1, 1, "1-0")
    assert response.status_code == 400
    assert "is complete: reopen it" in response.json()["detail"]
    assert _stored(posted, 1, 1) == ""
    assert "disabled" in client.get(_grid(posted)).content.decode()


def test_rule_53_a_forfeited_match_takes_only_forfeits_from_the_grid(client, posted):
    from operations.services.results import record_absent_team

    record_absent_team(posted.matches[0], posted.teams[1], by=posted.arbiter)
    client.force_login(posted.arbiter)
    response = _save(client, posted, 1, 1, "1/2-1/2", expected="+-")
    assert response.status_code == 400 and "forfeited" in response.json()["detail"]
    assert _stored(posted, 1, 1) == "+-"


def test_the_results_page_and_the_rounds_page_lead_the_arbiter_to_the_grid_and_no_one_else(client, posted):
    grid = _grid(posted)
    client.force_login(posted.arbiter)
    results_page = reverse("ops-results", args=[posted.tournament.slug, posted.round.number])
    hub = reverse("ops-hub", args=[posted.tournament.slug])
    assert grid in client.get(results_page).content.decode()
    assert grid in client.get(hub).content.decode()
    client.force_login(posted.committee)
    assert grid not in client.get(results_page).content.decode()
    assert grid not in client.get(hub).content.decode()


# One save's queries, answer included: 3 the session, the user and his language; 1 the match on the
# table with its round and tournament; 1 the arbiter's role; the service's savepoint, its lock of the
# match (with its round and tournament), its one read of the boards (with the captains' confirmations),
# the history entry (rule 56), the board and its change history, the later rounds resting on the round
# (their pages), the match's points and their history, the savepoint's release; 1 the answer (the
# match's boards, the round's pending count and the stamp). Before: 26 (the boards read three times,
# the round and the match read again for the answer, a savepoint per nested service).
GRID_SAVE_QUERIES = 16


def test_a_grid_save_costs_at_most_16_queries_its_answer_included(
    client, posted, django_assert_max_num_queries
):
    client.force_login(posted.arbiter)
    _save(client, posted, 1, 1, "1-0")  # the round's first result also puts it in play (its own queries)
    with django_assert_max_num_queries(GRID_SAVE_QUERIES):
        answer = _save(client, posted, 1, 2, "1/2-1/2", expected="").json()
    assert answer["pending"] == 6 and "1.5 – 0.5" in answer["score"]
    with django_assert_max_num_queries(GRID_SAVE_QUERIES):
        refused = _save(client, posted, 1, 2, "0-1", expected="")  # stale: 409, fewer queries
    assert refused.status_code == 409 and refused.json()["result"] == "1/2-1/2"
    assert list(
        BoardGame.objects.get(match__round=posted.round, match__table=1, board=2).history.values_list(
            "result", flat=True
        )
    )[:1] == ["1/2-1/2"]


def test_issue_18_4_a_save_waiting_on_another_arbiters_save_of_the_match_reads_its_result_and_is_a_409(
    transactional_db, posted
):
    """The service reads the boards after the match's lock, in a statement of its own: a save that waited
    for another one of the same match sees what that one committed, and refuses to overwrite it."""
    import threading
    import time

    from django.db import connection, transaction

    from operations.services import results

    if connection.vendor != "postgresql":
        pytest.skip("row locks: PostgreSQL (DATABASE_URL=postgres://...); SQLite has none")

    match = posted.matches[0]
    outcome = {}

    def second_arbiter():
        try:
            results.enter_results(match, {1: "0-1"}, by=posted.arbiter, expected={1: ""})
            outcome["saved"] = True
        except results.StaleResults as err:
            outcome["stale"] = err.current
        finally:
            connection.close()

    with transaction.atomic():
        results.enter_results(match, {1: "1-0"}, by=posted.arbiter, expected={1: ""})  # holds the lock
        waiting = threading.Thread(target=second_arbiter)
        waiting.start()
        time.sleep(0.5)
        assert waiting.is_alive()  # it waits for this save's commit
    waiting.join(timeout=20)
    assert outcome == {"stale": {1: "1-0", 2: "", 3: "", 4: ""}}
    assert _stored(posted, 1, 1) == "1-0"
    assert list(ResultEntry.objects.values_list("result", flat=True)) == ["1-0"]
