"""HTTP caching of the public pages and their API (issue 13, section 2).

A proxy or CDN in front of the site may keep a public page for a few seconds
and revalidate it with its ETag; the ETag changes with a new publication, a
result, a note; pages for logged-in users are never marked public.
"""

from __future__ import annotations

import itertools

from django.urls import reverse

from tests.committee.conftest import build_event, compute_round, play_round, publish_round, put_in_play

_names = itertools.count(1)


def _pairings_url(ev, number=1):
    return reverse("public-round-pairings", args=[ev.tournament.slug, number])


def _api_url(ev, number=1):
    return reverse("api-round-pairings", args=[ev.tournament.slug, number])


def _first_match_on_its_boards(rnd):
    """The round's first match (not the bye) with its four board games, players in board order."""
    from tournaments.services import create_board_games

    match = rnd.matches.exclude(is_bye=True).select_related("white_team", "black_team").first()
    create_board_games(
        match, list(match.white_team.players.all()[:4]), list(match.black_team.players.all()[:4])
    )
    return match


def test_public_pairings_page_carries_an_etag_and_a_short_public_max_age(client, event):
    response = client.get(_pairings_url(event))
    assert response.status_code == 200
    assert response["ETag"].startswith('W/"')
    assert "public" in response["Cache-Control"]
    assert "max-age=10" in response["Cache-Control"]
    assert "Cookie" in response["Vary"]
    assert not response.cookies  # nothing per visitor in a page a proxy shares


def test_a_conditional_request_with_the_etag_answers_304_without_a_body(client, event):
    etag = client.get(_pairings_url(event))["ETag"]
    again = client.get(_pairings_url(event), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    assert "public" in again["Cache-Control"]


def test_the_public_api_answers_304_to_its_own_etag(client, event):
    first = client.get(_api_url(event))
    assert first.status_code == 200
    assert "public" in first["Cache-Control"]
    assert client.get(_api_url(event), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_a_new_publication_changes_the_etag_of_the_tournaments_pages(
    client, event, django_capture_on_commit_callbacks
):
    page_before = client.get(_pairings_url(event))["ETag"]
    api_before = client.get(_api_url(event))["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        play_round(event.round(1))
        publish_round(event.round(2), event.chair)
    page_after = client.get(_pairings_url(event), HTTP_IF_NONE_MATCH=page_before)
    assert page_after.status_code == 200
    assert page_after["ETag"] != page_before
    assert client.get(_api_url(event), HTTP_IF_NONE_MATCH=api_before).status_code == 200


def test_a_result_entered_changes_the_etag_of_the_board_pairings_the_standings_and_the_pairing_list(
    client, event, django_capture_on_commit_callbacks
):
    from operations.services import results

    with django_capture_on_commit_callbacks(execute=True):
        rnd = put_in_play(event.round(1))
        match = _first_match_on_its_boards(rnd)
    boards_url = reverse("ops-board-pairings", args=[event.tournament.slug, 1])
    standings_url = reverse("ops-standings", args=[event.tournament.slug])
    boards = client.get(boards_url)
    standings = client.get(standings_url)
    pairings = client.get(_pairings_url(event))
    assert client.get(boards_url, HTTP_IF_NONE_MATCH=boards["ETag"]).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(match, {1: "1-0"}, by=event.arbiter)
    after = client.get(boards_url, HTTP_IF_NONE_MATCH=boards["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != boards["ETag"]
    assert client.get(standings_url, HTTP_IF_NONE_MATCH=standings["ETag"]).status_code == 200
    # The pairing list shows each match's score and each team's match points (issue 20, item 4).
    assert client.get(_pairings_url(event), HTTP_IF_NONE_MATCH=pairings["ETag"]).status_code == 200


def test_a_committee_note_changes_the_etag_of_the_round_page(
    client, event, django_capture_on_commit_callbacks
):
    from committee.services import add_note

    before = client.get(_pairings_url(event))["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        add_note(round=event.round(1), user=event.chair, text="Teams 1 and 2 paired by decision.")
    assert client.get(_pairings_url(event), HTTP_IF_NONE_MATCH=before).status_code == 200


def test_another_tournaments_result_leaves_the_etag_alone(client, event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        other = build_event(f"http-cache-other-{next(_names)}")
        publish_round(other.round(1), other.chair)
    etag = client.get(_pairings_url(event))["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        play_round(other.round(1))
    assert client.get(_pairings_url(event), HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_a_logged_in_committee_member_gets_a_private_page_never_the_shared_copy(client, event):
    client.get(_pairings_url(event))  # the anonymous copy is now shared
    client.force_login(event.chair)
    response = client.get(_pairings_url(event))
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]
    assert "public" not in response["Cache-Control"]
    assert not response.has_header("ETag")
    assert event.chair.username.encode() in response.content  # his page, not the anonymous one
    assert "Cookie" in response["Vary"]


def test_a_logged_in_user_sending_the_public_etag_gets_the_whole_page(client, event):
    etag = client.get(_pairings_url(event))["ETag"]
    client.force_login(event.member)
    assert client.get(_pairings_url(event), HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_an_api_token_makes_the_answer_private(client, event):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=event.member)
    response = client.get(_api_url(event), HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]


def test_committee_pages_are_private(client, event):
    client.force_login(event.chair)
    response = client.get(reverse("committee-dashboard", args=[event.tournament.slug]))
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]


def test_an_anonymous_visitor_is_served_the_shared_copy_without_touching_the_database(
    client, event, django_assert_num_queries
):
    url = reverse("ops-standings", args=[event.tournament.slug])
    first = client.get(url)
    with django_assert_num_queries(0):
        second = client.get(url)
    assert second.status_code == 200
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]


def test_the_home_page_list_changes_its_etag_when_a_round_changes_state(
    client, event, django_capture_on_commit_callbacks
):
    before = client.get(reverse("home"))["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        play_round(event.round(1))
    assert client.get(reverse("home"), HTTP_IF_NONE_MATCH=before).status_code == 200


def test_while_one_request_renders_a_new_version_the_crowd_gets_the_previous_copy(client, event):
    from django.core.cache import cache
    from django.db import transaction

    from public_http.middleware import STORED_PREFIX, identity_of

    url = reverse("tournament-detail", args=[event.tournament.slug])
    team = event.tournament.teams.get(tpn=7)
    before = client.get(url)
    team.name = "Renamed Once"
    with transaction.atomic():  # as a service writes
        team.save()
    request = client.get(url).wsgi_request  # renders the new version
    assert b"Renamed Once" in client.get(url).content
    team.name = "Renamed Twice"
    with transaction.atomic():
        team.save()
    lock = f"{STORED_PREFIX}:rendering:{identity_of(request)}"
    assert cache.add(lock, "another request", timeout=30)  # someone else is rendering it
    stale = client.get(url)
    assert stale.status_code == 200
    assert b"Renamed Once" in stale.content and b"Renamed Twice" not in stale.content
    assert stale["ETag"] != before["ETag"]
    cache.delete(lock)
    assert b"Renamed Twice" in client.get(url).content


def test_the_renewal_after_commit_survives_a_rolled_back_savepoint(
    client, event, django_capture_on_commit_callbacks
):
    from django.db import transaction

    url = reverse("tournament-detail", args=[event.tournament.slug])
    team = event.tournament.teams.get(tpn=3)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        try:
            with transaction.atomic():
                team.name = "Never Saved"
                team.save()
                raise RuntimeError("the service refused")
        except RuntimeError:
            pass
        with transaction.atomic():
            team.name = "Saved After All"
            team.save()
        etag = client.get(url)["ETag"]  # taken before the commit
    assert len(callbacks) == 1  # one renewal for the whole transaction
    callbacks[0]()  # the commit
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_result_of_one_round_leaves_the_board_pairings_of_another_round_alone(
    client, event, django_capture_on_commit_callbacks
):
    from operations.services import results

    with django_capture_on_commit_callbacks(execute=True):
        play_round(event.round(1))
        publish_round(event.round(2), event.chair)
        rnd = put_in_play(event.round(2))
        match = _first_match_on_its_boards(rnd)
    round_1 = client.get(reverse("ops-board-pairings", args=[event.tournament.slug, 1]))
    round_2 = client.get(reverse("ops-board-pairings", args=[event.tournament.slug, 2]))
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(match, {1: "1/2-1/2"}, by=event.arbiter)
    url_1 = reverse("ops-board-pairings", args=[event.tournament.slug, 1])
    url_2 = reverse("ops-board-pairings", args=[event.tournament.slug, 2])
    assert client.get(url_1, HTTP_IF_NONE_MATCH=round_1["ETag"]).status_code == 304
    assert client.get(url_2, HTTP_IF_NONE_MATCH=round_2["ETag"]).status_code == 200


def test_the_committee_pairing_the_next_round_leaves_the_earlier_rounds_pages_and_the_standings_alone(
    client, event, django_capture_on_commit_callbacks
):
    from committee import services

    slug = event.tournament.slug
    with django_capture_on_commit_callbacks(execute=True):
        play_round(event.round(1))
    unchanged = [
        _pairings_url(event),
        _api_url(event),
        reverse("ops-board-pairings", args=[slug, 1]),
        reverse("api-team-list", args=[slug]),
        reverse("ops-standings", args=[slug]),
        reverse("api-ops-standings", args=[slug]),
        reverse("ops-crosstable", args=[slug]),
    ]
    listing_the_rounds = [
        reverse("tournament-detail", args=[slug]),
        reverse("public-tournament-pairings", args=[slug]),
        reverse("api-round-list", args=[slug]),
        reverse("ops-trf", args=[slug]),
        reverse("home"),
    ]
    etags = {url: client.get(url)["ETag"] for url in unchanged + listing_the_rounds}
    with django_capture_on_commit_callbacks(execute=True):
        compute_round(event.round(2), event.member)  # round 2: pairing requested, then draft computed
        version = services.current_version(event.round(2))
        services.approve(version=version, user=event.chair)
    for url in unchanged:
        assert client.get(url, HTTP_IF_NONE_MATCH=etags[url]).status_code == 304, url
    for url in listing_the_rounds:  # they show where round 2 stands
        assert client.get(url, HTTP_IF_NONE_MATCH=etags[url]).status_code == 200, url
    with django_capture_on_commit_callbacks(execute=True):
        services.publish(version=version, user=event.chair)
    for url in unchanged:  # round 2 published: round 1's pages and the standings stay as they were
        assert client.get(url, HTTP_IF_NONE_MATCH=etags[url]).status_code == 304, url
    round_2 = [_pairings_url(event, 2), _api_url(event, 2), reverse("tournament-detail", args=[slug])]
    etags = {url: client.get(url)["ETag"] for url in round_2 + unchanged}
    with django_capture_on_commit_callbacks(execute=True):
        put_in_play(event.round(2))  # round 2 enters play: the standings run through it now
    for url in round_2 + unchanged[-3:]:
        assert client.get(url, HTTP_IF_NONE_MATCH=etags[url]).status_code == 200, url
    for url in unchanged[:-3]:
        assert client.get(url, HTTP_IF_NONE_MATCH=etags[url]).status_code == 304, url


def test_a_rounds_state_changes_the_etag_of_its_own_pairings_page(
    client, event, django_capture_on_commit_callbacks
):
    before = client.get(_pairings_url(event))
    assert "Board-by-board pairings" not in before.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        put_in_play(event.round(1))  # its board pairings are posted: the page links to them
    after = client.get(_pairings_url(event), HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert "Board-by-board pairings" in after.content.decode()
