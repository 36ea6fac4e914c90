"""Team and player pages (issue 20, item 2): the roster with Rp, the results by round, the player's games.

The event: round 1 posted and played, Alpha 3-1 Bravo (WBWB: Alpha has Black on boards 2 and 4),
Charlie - Delta with board 1 only in (tests/participants/conftest.py).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Player

pytestmark = pytest.mark.django_db


def _team(client, t, tpn):
    return client.get(reverse("api-team-page", args=[t.slug, tpn])).json()


def _player(client, t, player):
    return client.get(reverse("api-player-page", args=[t.slug, player.pk])).json()


def _roster_line(data, board_order):
    return data["roster"][board_order - 1]


def test_roster_gives_each_players_board_games_points_percentage_and_rp(client, played):
    t = played.tournament
    data = _team(client, t, 1)
    first = _roster_line(data, 1)
    # Alpha's board 1 (2400) beat Bravo's board 1 (2400): p = 1.00, dp = +800 (table 8.1a).
    assert first["board"] == 1
    assert first["record"] == {
        "played": 1,
        "points": 1.0,
        "percentage": 100.0,
        "performance": {"games": 1, "points": 1.0, "average": 2400, "p": 100, "dp": 800, "rating": 3200},
    }
    second = _roster_line(data, 2)
    assert (
        second["record"]["points"],
        second["record"]["percentage"],
        second["record"]["performance"]["dp"],
    ) == (
        0.5,
        50.0,
        0,
    )
    reserve = _roster_line(data, 5)
    assert (
        reserve["board"] is None
        and reserve["record"]["played"] == 0
        and reserve["record"]["performance"] is None
    )
    page = client.get(reverse("team-page", args=[t.slug, 1])).content.decode()
    assert (
        "Alpha player 1" in page
        and reverse("player-page", args=[t.slug, played.teams[0].players.first().pk]) in page
    )


def test_results_by_round_from_the_teams_side_with_opponent_colours_and_match_score(client, played):
    t = played.tournament
    alpha, bravo = _team(client, t, 1)["rounds"], _team(client, t, 2)["rounds"]
    assert alpha == [
        {
            "round": 1,
            "table": 1,
            "opponent_tpn": 2,
            "opponent_name": "Bravo",
            "colour": "w",
            "points_for": 3.0,
            "points_against": 1.0,
            "match_points": 2.0,
            "partial": False,
            "provisional": False,
        }
    ]
    assert (
        bravo[0]["colour"],
        bravo[0]["points_for"],
        bravo[0]["points_against"],
        bravo[0]["match_points"],
    ) == (
        "b",
        1.0,
        3.0,
        0.0,
    )


def test_a_partial_match_shows_its_partial_score(client, played):
    charlie = _team(client, played.tournament, 3)["rounds"][0]
    assert (
        charlie["points_for"],
        charlie["points_against"],
        charlie["partial"],
        charlie["match_points"],
    ) == (
        1.0,
        0.0,
        True,
        None,
    )


def test_player_results_read_from_the_players_own_side(client, played):
    t = played.tournament
    alpha4 = played.teams[0].players.get(board_order=4)
    bravo4 = played.teams[1].players.get(board_order=4)
    # Board 4 was entered 0-1 from White's side: Alpha's player (Black on board 4, WBWB) won.
    mine, theirs = _player(client, t, alpha4), _player(client, t, bravo4)
    assert (mine["games"][0]["colour"], mine["games"][0]["result"], mine["games"][0]["points"]) == (
        "b",
        "1-0",
        1.0,
    )
    assert (theirs["games"][0]["colour"], theirs["games"][0]["result"], theirs["games"][0]["points"]) == (
        "w",
        "0-1",
        0.0,
    )
    assert mine["games"][0]["opponent_id"] == bravo4.pk and mine["team_tpn"] == 1 and mine["board"] == 4
    page = client.get(reverse("player-page", args=[t.slug, alpha4.pk])).content.decode()
    assert reverse("player-page", args=[t.slug, bravo4.pk]) in page
    assert reverse("ops-round-pgn", args=[t.slug, 1]) in page  # the round's games (PGN)


def test_a_forfeit_is_shown_and_not_counted_in_games_or_rp(client, played):
    from operations.services.results import enter_results

    enter_results(played.matches[1], {2: "+-"}, by=played.arbiter)
    charlie2 = played.teams[2].players.get(board_order=2)
    data = _player(client, played.tournament, charlie2)
    # Charlie has Black on board 2 (WBWB): "+-" from White's side is a forfeit loss for Charlie's player.
    assert data["games"][0]["result"] == "-+" and data["games"][0]["played"] is False
    assert data["record"] == {"played": 0, "points": 0.0, "percentage": None, "performance": None}


def test_unrated_opponent_counts_at_the_tournaments_unrated_rating_by_default(client, played):
    t = played.tournament
    Player.objects.filter(team=played.teams[1], board_order=1).update(rating=None)
    t.refresh_from_db()
    t.unrated_rating = 1800
    t.save()
    rp = _roster_line(_team(client, t, 1), 1)["record"]["performance"]
    assert (rp["average"], rp["rating"]) == (1800, 2600)


def test_unrated_opponent_left_out_when_the_tournament_says_so(client, played):
    t = played.tournament
    Player.objects.filter(team=played.teams[1], board_order=1).update(rating=None)
    t.refresh_from_db()
    t.performance_unrated = "left_out"
    t.save()
    record = _roster_line(_team(client, t, 1), 1)["record"]
    assert record["played"] == 1 and record["points"] == 1.0  # still a game played
    assert record["performance"] is None  # but no rated opponent to make a performance of


def test_unrated_opponent_left_out_when_the_unrated_rating_is_zero(client, played):
    t = played.tournament
    Player.objects.filter(team=played.teams[1], board_order=1).update(rating=None)
    t.refresh_from_db()
    t.unrated_rating = 0  # an individual event's: the unrated are ordered last, not rated 0
    t.save()
    assert _roster_line(_team(client, t, 1), 1)["record"]["performance"] is None


def test_unknown_team_unknown_player_and_unknown_tournament_are_404(
    client, played, django_assert_max_num_queries
):
    t = played.tournament
    for name, args in (
        ("team-page", [t.slug, 99]),
        ("team-page", [t.slug, 10**12]),
        ("api-team-page", [t.slug, 99]),
        ("player-page", [t.slug, 10**12]),
        ("api-player-page", [t.slug, 987654]),
        ("team-page", ["no-such-event", 1]),
        ("api-board-prizes", ["no-such-event"]),
    ):
        with django_assert_max_num_queries(4):  # the tournament and the team or player: nothing computed
            response = client.get(reverse(name, args=args))
        assert response.status_code == 404, (name, args)
    assert "detail" in client.get(reverse("api-team-page", args=[t.slug, 99])).json()


def test_another_tournaments_team_and_player_are_404(client, played, make_tournament, make_team):
    other = make_tournament()
    make_team(other, "Echo", tpn=1)
    far = make_team(other, "Foxtrot", tpn=9)
    assert client.get(reverse("team-page", args=[played.tournament.slug, 9])).status_code == 404
    stranger = far.players.first()
    assert client.get(reverse("player-page", args=[played.tournament.slug, stranger.pk])).status_code == 404
    assert (
        client.get(reverse("api-player-page", args=[played.tournament.slug, stranger.pk])).status_code == 404
    )
    assert client.get(reverse("player-page", args=[other.slug, stranger.pk])).status_code == 200


def test_names_link_to_the_pages_from_standings_crosstable_and_board_pairings(client, played):
    t = played.tournament
    team_url = reverse("team-page", args=[t.slug, 2])
    player_url = reverse("player-page", args=[t.slug, played.teams[1].players.get(board_order=1).pk])
    for page in ("ops-standings", "ops-crosstable"):
        assert f'href="{team_url}"' in client.get(reverse(page, args=[t.slug])).content.decode(), page
    boards = client.get(reverse("ops-board-pairings", args=[t.slug, 1])).content.decode()
    assert f'href="{team_url}"' in boards and f'href="{player_url}"' in boards
