"""Every number a client chooses is checked against the tournament before any work (issue 18, items 1 and 4).

Huge, negative, non-ASCII and non-numeric values reach each view that reads one; each is refused
(400 or 404, with the reason), never a 500, and quickly: a value is refused before anything is
computed from it.
"""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from operations.selectors import RoundNotHeld, results_state
from operations.services.results import enter_results

HOSTILE = [str(10**7), str(10**30), "9" * 5000, "²", "-1", "abc", "0", "1.5", " 1", "1\n", "１"]
QUICK = 1.0  # seconds: generous, the refusal does no work


@pytest.fixture
def played(posted):
    """The event with round 1's results in (a 9-round event: rounds 2 to 9 not played)."""
    for m in posted.matches:
        enter_results(m, {1: "1-0", 2: "0-1", 3: "1-0", 4: "1/2-1/2"}, by=posted.arbiter)
    return posted


def _get(client, url, **params):
    started = time.perf_counter()
    response = client.get(url, params)
    return response, time.perf_counter() - started


def _standings_urls(t):
    return [
        reverse("ops-standings", args=[t.slug]),
        reverse("api-ops-standings", args=[t.slug]),
        reverse("pdf-standings", args=[t.slug]),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("value", HOSTILE)
def test_the_standings_refuse_a_round_that_is_not_one_with_results_quickly(client, played, value):
    for url in _standings_urls(played.tournament):
        response, seconds = _get(client, url, round=value)
        assert response.status_code in (400, 404), (url, value, response.status_code)
        assert seconds < QUICK, (url, value, seconds)


@pytest.mark.django_db
def test_the_standings_after_a_round_beyond_the_played_ones_are_refused_with_the_reason(client, played):
    t = played.tournament
    page = client.get(reverse("ops-standings", args=[t.slug]), {"round": "12"})
    assert page.status_code == 404
    text = page.content.decode()
    assert "There are no standings after round 12" in text and "rounds 1 to 1" in text
    assert "Standings after round 12" not in text
    api = client.get(reverse("api-ops-standings", args=[t.slug]), {"round": "2"})
    assert api.status_code == 404
    assert "no standings after round 2" in api.json()["detail"]


@pytest.mark.django_db
def test_a_round_number_that_is_not_ascii_digits_is_a_bad_request_naming_the_value(client, played):
    t = played.tournament
    page = client.get(reverse("ops-standings", args=[t.slug]), {"round": "²"})
    assert page.status_code == 400
    assert "“²” is not a round number" in page.content.decode()
    api = client.get(reverse("api-ops-standings", args=[t.slug]), {"round": "abc"})
    assert api.status_code == 400
    assert "“abc” is not a round number" in api.json()["detail"]


@pytest.mark.django_db
def test_the_standings_after_a_played_round_are_still_shown(client, played):
    for url in _standings_urls(played.tournament)[:2]:
        assert client.get(url, {"round": "1"}).status_code == 200
        assert client.get(url, {"round": ""}).status_code == 200
        assert client.get(url).status_code == 200


@pytest.mark.django_db
def test_no_round_has_standings_before_any_result(client, posted):
    response = client.get(reverse("api-ops-standings", args=[posted.tournament.slug]), {"round": "1"})
    assert response.status_code == 404
    assert "has results yet" in response.json()["detail"]


@pytest.mark.django_db
def test_the_results_state_refuses_a_round_the_tournament_does_not_hold(played):
    with pytest.raises(RoundNotHeld):
        results_state(played.tournament, 10**7)
    with pytest.raises(RoundNotHeld):
        results_state(played.tournament, -1)
    assert results_state(played.tournament, 9).through == 9  # rounds it holds, played or not


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["abc", "²", "-1", str(10**30), "99"])
def test_an_officials_lineup_page_refuses_a_team_the_tournament_does_not_have(client, played, value):
    client.force_login(played.arbiter)
    url = reverse("ops-lineup", args=[played.tournament.slug, 1])
    response = client.get(url, {"team": value})
    assert response.status_code in (400, 404)
    assert "TPN" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["abc", "²", "-1", str(10**30), "99"])
def test_the_lineup_link_form_refuses_a_team_the_tournament_does_not_have(client, event, value):
    from operations.models import CaptainLink

    client.force_login(event.arbiter)
    response = client.post(reverse("ops-issue-link", args=[event.tournament.slug, 1]), {"team": value})
    assert response.status_code in (400, 404)
    assert "TPN" in response.content.decode()
    assert not CaptainLink.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["abc", "²", "-1", str(10**30), "99"])
def test_the_absent_button_refuses_a_team_the_tournament_does_not_have(client, posted, value):
    client.force_login(posted.arbiter)
    url = reverse("ops-match-result", args=[posted.tournament.slug, 1, 1])
    response = client.post(url, {"absent": value})
    assert response.status_code in (400, 404)
    assert "TPN" in response.content.decode()
    posted.matches[0].refresh_from_db()
    assert posted.matches[0].white_game_points is None


@pytest.mark.django_db
def test_a_team_given_by_its_tpn_is_still_accepted_by_the_officials_forms(client, event):
    client.force_login(event.arbiter)
    page = client.get(reverse("ops-lineup", args=[event.tournament.slug, 1]), {"team": "2"})
    assert page.status_code == 200
    link = client.post(reverse("ops-issue-link", args=[event.tournament.slug, 1]), {"team": "2"})
    assert link.status_code == 302


# -- lists and files ---------------------------------------------------------------------------------

TINY_GAME = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n\n'


def test_a_pgn_file_with_more_games_than_the_event_has_boards_is_refused_quickly(posted):
    from django.core.exceptions import ValidationError

    from operations.services import pgn_import

    huge = TINY_GAME * 150_000  # about 6 MB of tiny games (a 20 MB one took 61 s)
    started = time.perf_counter()
    with pytest.raises(
        ValidationError, match=r"more than 72 games: round 1 has 8 boards and the event 9 rounds"
    ):
        pgn_import.preview_pgn(posted.round, huge, by=posted.arbiter)
    assert time.perf_counter() - started < QUICK
    assert len(pgn_import.preview_pgn(posted.round, TINY_GAME * 72, by=posted.arbiter).unplaced) == 72


def test_the_pgn_page_and_api_refuse_too_many_games_with_the_reason(client, posted):
    import io

    from rest_framework.test import APIClient

    client.force_login(posted.arbiter)
    upload = io.BytesIO((TINY_GAME * 100).encode())
    upload.name = "spam.pgn"
    page = client.post(
        reverse("ops-pgn-import", args=[posted.tournament.slug, 1]), {"pgn": upload}, follow=True
    )
    assert "more than 72 games" in page.content.decode()
    api = APIClient()
    api.force_authenticate(posted.arbiter)
    url = f"/api/ops/t/{posted.tournament.slug}/rounds/1/pgn/preview/"
    answer = api.post(url, {"pgn": TINY_GAME * 100}, format="json")
    assert answer.status_code == 400 and "more than 72 games" in answer.json()["detail"]


def test_the_api_refuses_a_lineup_or_results_longer_than_any_match_before_reading_them(posted):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(posted.arbiter)
    base = f"/api/ops/t/{posted.tournament.slug}/rounds/1/"
    api.get(base + "boards/")  # (the first request of the process imports what it needs)
    started = time.perf_counter()
    lineup = api.post(base + "lineups/", {"team": 1, "players": [1] * 20_000}, format="json")
    results = api.post(
        base + "matches/1/results/", {"results": {str(i): "1-0" for i in range(20_000)}}, format="json"
    )
    assert time.perf_counter() - started < 2 * QUICK
    assert lineup.status_code == 400 and "no more than 100" in str(lineup.json())
    assert results.status_code == 400 and "no more than 100" in str(results.json())


# -- every number in a URL ---------------------------------------------------------------------------


def _int_routes():
    """Every URL pattern with an ``<int:...>`` part, as (name, the names of its keyword arguments)."""
    from django.urls import URLPattern, URLResolver, get_resolver
    from django.urls.converters import IntConverter

    def walk(patterns, converters):
        for p in patterns:
            here = {**converters, **getattr(p.pattern, "converters", {})}
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, here)
            elif (
                isinstance(p, URLPattern)
                and p.name
                and any(isinstance(c, IntConverter) for c in here.values())
            ):
                yield p.name, here

    return sorted({name: conv for name, conv in walk(get_resolver().url_patterns, {})}.items())


@pytest.mark.django_db
@pytest.mark.parametrize("huge", [10**7, 10**30])
def test_a_huge_number_in_any_url_is_not_found_quickly_for_anyone(client, played, huge):
    from django.urls.converters import IntConverter

    routes = _int_routes()
    assert len(routes) >= 20
    for user in (None, played.arbiter, played.committee):
        if user is not None:
            client.force_login(user)
        for name, converters in routes:
            kwargs = {
                key: (huge if isinstance(conv, IntConverter) else played.tournament.slug)
                for key, conv in converters.items()
            }
            if "token" in kwargs:
                continue
            url = reverse(name, kwargs=kwargs)
            started = time.perf_counter()
            response = client.get(url)
            seconds = time.perf_counter() - started
            assert response.status_code in (302, 400, 401, 403, 404, 405), (url, user, response.status_code)
            assert seconds < QUICK, (url, seconds)


@pytest.mark.django_db
@pytest.mark.parametrize("value", HOSTILE)
def test_a_page_number_is_refused_by_the_api_lists_and_tolerated_by_the_lineup_list(client, played, value):
    t = played.tournament
    for url in (reverse("api-tournament-list"), reverse("api-team-list", args=[t.slug])):
        response, seconds = _get(client, url, page=value)
        assert response.status_code in (200, 404), (url, value, response.status_code)  # "1" and " 1": page 1
        assert seconds < QUICK
    client.force_login(played.arbiter)
    response, seconds = _get(client, reverse("ops-lineup-status", args=[t.slug, 1]), page=value)
    assert response.status_code == 200 and seconds < QUICK  # Django's paginator: the nearest page


def test_the_api_schema_documents_the_round_of_the_standings_and_its_refusals():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"]["/api/ops/t/{slug}/standings/"]["get"]
    (round_parameter,) = [p for p in operation["parameters"] if p["name"] == "round"]
    assert round_parameter["in"] == "query" and not round_parameter.get("required", False)
    assert round_parameter["schema"] == {"type": "integer", "minimum": 1}
    assert {"200", "400", "404"} <= set(operation["responses"])
