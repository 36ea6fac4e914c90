"""A lineup with fewer players than boards: accepted only once the captain confirms the forfeits (issue 18, item 6).

An empty board's game is lost by forfeit. The first submission names the empty boards and asks; the
page shows the form again as chosen, with a box to tick; the API answers 400 with the empty boards
until ``confirm_empty_boards`` lists exactly them. Nothing is saved or recorded before.
"""

import pytest

from operations.models import LineupSubmission
from operations.services.lineups import EmptyBoardsUnconfirmed, current_lineup, submit_lineup
from tests.operations.conftest import player_ids
from tournaments.models import Lineup


def _nothing_saved(team, event):
    assert not Lineup.objects.filter(team=team, round=event.round).exists()
    assert not LineupSubmission.objects.filter(team=team, round=event.round).exists()


def test_a_lineup_with_empty_boards_is_not_accepted_until_they_are_confirmed(event):
    alpha = event.teams[0]
    ids = player_ids(alpha, [1, 2])
    with pytest.raises(EmptyBoardsUnconfirmed, match="Boards 3, 4 are empty") as err:
        submit_lineup(alpha, event.round, ids, by=event.captains[0])
    assert err.value.boards == [3, 4]
    _nothing_saved(alpha, event)
    sub = submit_lineup(alpha, event.round, ids, by=event.captains[0], confirm_empty_boards=[3, 4])
    assert sub.status == LineupSubmission.Status.ACCEPTED
    assert current_lineup(alpha, event.round) == [*ids, None, None]


def test_confirming_other_boards_than_the_empty_ones_asks_again(event):
    alpha = event.teams[0]
    with pytest.raises(EmptyBoardsUnconfirmed, match="Board 4 is empty"):
        submit_lineup(
            alpha,
            event.round,
            player_ids(alpha, [1, 2, 3, None]),
            by=event.captains[0],
            confirm_empty_boards=[3, 4],
        )
    _nothing_saved(alpha, event)


def test_a_full_lineup_needs_no_confirmation(event):
    alpha = event.teams[0]
    sub = submit_lineup(alpha, event.round, player_ids(alpha, [1, 2, 3, 4]), by=event.captains[0])
    assert sub.status == LineupSubmission.Status.ACCEPTED


# -- the captain's page ------------------------------------------------------------------------


def _page(event):
    return f"/ops/t/{event.tournament.slug}/r/{event.round.number}/lineup/"


def test_the_page_returns_the_form_with_the_empty_boards_named_and_a_box_to_confirm(client, event):
    alpha = event.teams[0]
    ids = player_ids(alpha, [1, 2, 3])
    client.force_login(event.captains[0])
    form = {"board_1": ids[0], "board_2": ids[1], "board_3": ids[2], "board_4": ""}
    answer = client.post(_page(event), form)
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "Board 4 is empty: its game is lost by forfeit." in page
    assert 'name="confirm_empty_boards" value="4"' in page
    assert f'<option value="{ids[2]}" selected>' in page  # the choices are kept
    _nothing_saved(alpha, event)

    answer = client.post(_page(event), {**form, "confirm_empty_boards": "4"}, follow=True)
    assert "Lineup of Alpha for round 1 received" in answer.content.decode()
    assert current_lineup(alpha, event.round) == [*ids, None]


# -- the API -------------------------------------------------------------------------------


def test_the_api_requires_the_empty_boards_to_be_confirmed_explicitly(client, event):
    alpha = event.teams[0]
    ids = player_ids(alpha, [1, 2, 3, None])
    client.force_login(event.captains[0])
    path = f"/api/ops/t/{event.tournament.slug}/rounds/1/lineups/"
    answer = client.post(path, {"team": 1, "players": ids}, content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["code"] == "empty_boards_unconfirmed"
    assert answer.json()["empty_boards"] == [4] and "Board 4 is empty" in answer.json()["detail"]
    _nothing_saved(alpha, event)
    answer = client.post(
        path, {"team": 1, "players": ids, "confirm_empty_boards": [4]}, content_type="application/json"
    )
    assert answer.status_code == 201 and answer.json()["players"] == ids


def test_the_question_is_asked_in_the_readers_language(client, event):
    from django.conf import settings

    alpha = event.teams[0]
    ids = player_ids(alpha, [1, 2])
    client.force_login(event.captains[0])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    page = client.post(_page(event), {"board_1": ids[0], "board_2": ids[1]}).content.decode()
    assert "Les échiquiers 3, 4 sont vides" in page
    assert "Je confirme que les échiquiers 3, 4 restent vides" in page
