"""What the public sees of a team (only published pairings), the cache, and the board prizes (issue 20, item 2)."""

from __future__ import annotations

import itertools

import pytest
from django.db import transaction
from django.urls import reverse

from participants.board_prizes import minimum_games
from tests.committee.conftest import build_event, compute_round, play_round, publish_round

pytestmark = pytest.mark.django_db
_names = itertools.count(1)


@pytest.fixture
def approved(db, django_capture_on_commit_callbacks):
    """The committee's 7-team event: round 1 published and played, round 2 approved but not published."""
    from committee import services

    with django_capture_on_commit_callbacks(execute=True):
        ev = build_event(f"team-pages-{next(_names)}")
        play_round(publish_round(ev.round(1), ev.chair).round)
        compute_round(ev.round(2), ev.member)
        services.approve(version=services.current_version(ev.round(2)), user=ev.chair)
    return ev


def test_an_approved_pairing_not_yet_published_never_shows(client, approved):
    from tournaments.models import Match

    t = approved.tournament
    # Even with the round's matches written (as a publication withdrawn for correction leaves them),
    # a round whose pairing is not public shows nowhere.
    teams = list(t.teams.order_by("tpn"))
    Match.objects.create(round=approved.round(2), table=1, white_team=teams[0], black_team=teams[1])
    for tpn in range(1, 8):
        data = client.get(reverse("api-team-page", args=[t.slug, tpn])).json()
        assert [r["round"] for r in data["rounds"]] == [1] and data["next"] is None
    page = client.get(reverse("team-page", args=[t.slug, 1])).content.decode()
    assert 'id="next-pairing"' in page and "No pairing of a next round is published yet." in page


def test_the_next_pairing_once_published_with_the_public_why_of_the_pairings_page(
    client, approved, django_capture_on_commit_callbacks
):
    from committee import services
    from committee.selectors import public_publications, publication_view

    with django_capture_on_commit_callbacks(execute=True):
        services.publish(version=services.current_version(approved.round(2)), user=approved.chair)
    t = approved.tournament
    view = publication_view(public_publications(approved.round(2))[0])
    row = view["rows"][0]
    tpn, opponent = row["white"]["tpn"], row["black"]
    data = client.get(reverse("api-team-page", args=[t.slug, tpn])).json()
    assert data["next"]["round"] == 2 and data["next"]["colour"] == "w"
    assert (data["next"]["opponent_tpn"], data["next"]["opponent_name"]) == (
        opponent["tpn"],
        opponent["name"],
    )
    assert data["next"]["why"]["text"] == row["white"]["why"].text  # the pairings page's own line
    page = client.get(reverse("team-page", args=[t.slug, tpn])).content.decode()
    assert row["white"]["why"].opponent_reason.split()[0] in page
    pairings = client.get(reverse("public-round-pairings", args=[t.slug, 2])).content.decode()
    assert f'href="{reverse("team-page", args=[t.slug, tpn])}"' in pairings


def test_the_team_page_is_shared_and_a_result_entered_makes_a_new_one(client, played):
    from operations.services.results import enter_results

    url = reverse("team-page", args=[played.tournament.slug, 3])
    first = client.get(url)
    assert "public" in first["Cache-Control"] and first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    api = reverse("api-team-page", args=[played.tournament.slug, 3])
    before = client.get(api)
    enter_results(played.matches[1], {2: "1/2-1/2"}, by=played.arbiter)
    after = client.get(url)
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert (
        client.get(api).json()["rounds"][0]["points_for"] == 1.5 != before.json()["rounds"][0]["points_for"]
    )


def test_the_player_page_and_board_prizes_follow_a_result(client, played):
    from operations.services.results import enter_results

    charlie2 = played.teams[2].players.get(board_order=2)
    url = reverse("api-player-page", args=[played.tournament.slug, charlie2.pk])
    assert client.get(url).json()["games"][0]["result"] == ""
    enter_results(played.matches[1], {2: "0-1"}, by=played.arbiter)  # Charlie has Black on board 2: won
    assert client.get(url).json()["games"][0]["result"] == "1-0"
    prizes = client.get(reverse("api-board-prizes", args=[played.tournament.slug])).json()
    board2 = next(b for b in prizes["tables"] if b["board"] == 2)
    assert board2["lines"][0]["player"]["id"] == charlie2.pk


def test_games_of_a_round_whose_board_pairings_are_not_posted_never_show(client, event):
    player = event.teams[0].players.get(board_order=1)
    data = client.get(reverse("api-player-page", args=[event.tournament.slug, player.pk])).json()
    assert data["games"] == []
    assert [
        r["round"]
        for r in client.get(reverse("api-team-page", args=[event.tournament.slug, 1])).json()["rounds"]
    ] == [1]


@pytest.mark.parametrize(
    ("games", "of", "rounds", "needed"),
    [(8, 11, 11, 8), (8, 11, 5, 4), (8, 11, 1, 1), (8, 11, 0, 0), (9, 9, 7, 7)],
)
def test_olympiad_board_prize_minimum_is_a_share_of_the_rounds_played(
    make_tournament, games, of, rounds, needed
):
    t = make_tournament(board_prize_min_games=games, board_prize_min_games_of=of)
    assert minimum_games(t, rounds) == needed


def test_board_prize_ties_share_the_rank_and_players_below_the_minimum_have_none(client, played):
    t = played.tournament
    data = client.get(reverse("api-board-prizes", args=[t.slug])).json()
    assert (data["minimum"], data["rounds_played"], data["ranking"]) == (1, 1, "performance")
    board2 = next(b for b in data["tables"] if b["board"] == 2)
    # Alpha's and Bravo's board 2 (both 2300) drew: Rp 2300 each, one shared first place.
    ranks = [(line["rank"], line["tied"], line["team_tpn"]) for line in board2["lines"]]
    assert ranks[:2] == [(1, True, 1), (1, True, 2)]
    assert all(rank is None for rank, _tied, tpn in ranks if tpn in (3, 4))  # no game yet
    reserves = next(b for b in data["tables"] if b["board"] is None)
    assert all(line["rank"] is None for line in reserves["lines"])
    page = client.get(reverse("board-prizes", args=[t.slug])).content.decode()
    assert 'id="board-2"' in page and "1=" in page


def test_board_prizes_by_percentage_when_the_tournament_ranks_so(client, played):
    from tournaments.models import Player

    t = played.tournament
    Player.objects.filter(team=played.teams[1], board_order=1).update(rating=1800)
    t.refresh_from_db()
    board1 = next(
        b for b in client.get(reverse("api-board-prizes", args=[t.slug])).json()["tables"] if b["board"] == 1
    )
    # By Rp: Charlie's board 1 beat 2400 (3200), Alpha's beat 1800 (2600).
    assert [(line["rank"], line["team_tpn"]) for line in board1["lines"][:2]] == [(1, 3), (2, 1)]
    t.board_prize_ranking = "percentage"
    with transaction.atomic():  # saved as a service saves it: the pages' version changes at once
        t.save()
    board1 = next(
        b for b in client.get(reverse("api-board-prizes", args=[t.slug])).json()["tables"] if b["board"] == 1
    )
    assert [(line["rank"], line["tied"]) for line in board1["lines"][:2]] == [
        (1, True),
        (1, True),
    ]  # both 100%


def test_a_players_name_is_shown_as_text_not_markup_on_every_page(client, played):
    t = played.tournament
    player = played.teams[0].players.get(board_order=1)
    with transaction.atomic():
        player.name = "<b>Bold</b> & Co"
        player.save()
    escaped = "&lt;b&gt;Bold&lt;/b&gt; &amp; Co"
    for url in (
        reverse("board-prizes", args=[t.slug]),
        reverse("team-page", args=[t.slug, 1]),
        reverse("player-page", args=[t.slug, player.pk]),
        reverse("player-page", args=[t.slug, played.teams[1].players.get(board_order=1).pk]),
    ):
        body = client.get(url).content.decode()
        assert escaped in body and "<b>Bold</b>" not in body, url


def test_query_parameters_the_pages_do_not_read_make_no_new_copy(client, played):
    url = reverse("team-page", args=[played.tournament.slug, 1])
    first = client.get(url)
    junk = client.get(url, {"junk": "1"})
    assert junk["ETag"] == first["ETag"]
