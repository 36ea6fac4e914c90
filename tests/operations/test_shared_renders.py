"""After a result, the standings and the boards are read once and rendered once for all who show them.

The standings page, its live fragment, the public API and the crosstable share one ranking per
version of the tournament's results; the board pairings page, its fragment and the API share one
read of the round's boards; the pages embed the fragment their pollers get (``public_http.computed``,
``operations.live.fragment_of_version``). A new result makes a new version: it shows at once.

The ``posted`` round: table 1 Alpha – Bravo, table 2 Charlie – Delta, boards posted, no result.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import transaction

from operations import selectors
from operations.services import results
from tests.operations.test_live import poll_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache(settings):
    settings.OPS_LIVE_MIN_RENDER_SECONDS = 0
    cache.clear()
    yield
    cache.clear()


def _urls(e) -> dict[str, str]:
    slug = e.tournament.slug
    return {
        "standings": f"/ops/t/{slug}/standings/",
        "standings api": f"/api/ops/t/{slug}/standings/",
        "crosstable": f"/ops/t/{slug}/crosstable/",
        "boards": f"/ops/t/{slug}/r/1/boards/",
        "boards api": f"/api/ops/t/{slug}/rounds/1/boards/",
    }


def _delta_wins(e, django_capture_on_commit_callbacks) -> None:
    # Charlie has White on boards 1 and 3, Delta on 2 and 4: Delta wins every board.
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(e.matches[1], {1: "0-1", 2: "1-0", 3: "0-1", 4: "1-0"}, by=e.arbiter)


def _api_points(client, url: str) -> dict[int, float]:
    return {row["tpn"]: row["match_points"] for row in client.get(url).json()["rows"]}


def test_a_new_result_shows_at_once_on_the_standings_the_api_the_crosstable_and_the_boards(
    client, posted, django_capture_on_commit_callbacks
):
    urls = _urls(posted)
    before = {name: client.get(url) for name, url in urls.items()}  # every shared value computed
    assert all(r.status_code == 200 for r in before.values())
    assert _api_points(client, urls["standings api"]) == {1: 0.0, 2: 0.0, 3: 0.0, 4: 0.0}
    _delta_wins(posted, django_capture_on_commit_callbacks)
    assert _api_points(client, urls["standings api"])[4] == 2.0
    standings = client.get(urls["standings"]).content.decode()
    assert re.search(r'<tr data-tpn="(\d+)">', standings).group(1) == "4"
    assert client.get(urls["crosstable"]).content != before["crosstable"].content
    boards = client.get(urls["boards api"]).json()
    assert [b["white_result"] for b in boards[1]["boards"]] == ["0-1", "1-0", "0-1", "1-0"]
    assert [b["result"] for b in boards[1]["boards"]] == ["0-1"] * 4  # Charlie, named first, lost each
    assert boards[1]["black_match_points"] == 2.0
    assert "0 – 4" in client.get(urls["boards"]).content.decode()


@pytest.mark.django_db(transaction=True)  # committed for real, as on the site
def test_the_standings_are_read_from_the_database_once_for_the_page_its_fragment_and_the_api(
    client, posted, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    urls = _urls(posted)
    _delta_wins(posted, django_capture_on_commit_callbacks)
    client.get(urls["standings"])  # the results read and ranked here ...
    with django_assert_max_num_queries(1):  # ... not again: the tournament by its slug, nothing else
        assert _api_points(client, urls["standings api"] + "?format=json")[4] == 2.0


@pytest.mark.django_db(transaction=True)  # committed for real, as on the site
def test_the_boards_are_read_from_the_database_once_for_the_page_and_the_api(
    client, posted, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    urls = _urls(posted)
    _delta_wins(posted, django_capture_on_commit_callbacks)
    client.get(urls["boards"])
    with django_assert_max_num_queries(2):  # the tournament and the round; no match, board or player
        assert client.get(urls["boards api"] + "?format=json").json()[1]["black_match_points"] == 2.0


@pytest.mark.parametrize("page, element", [("boards", "live-boards"), ("standings", "live-standings")])
def test_the_page_embeds_the_very_fragment_its_pollers_get(
    client, posted, page, element, django_capture_on_commit_callbacks
):
    _delta_wins(posted, django_capture_on_commit_callbacks)
    html = client.get(_urls(posted)[page]).content.decode()
    url = poll_url(html, element)
    fragment = client.get(url.split("?v=")[0] + "?v=an-earlier-one").content.decode()
    assert fragment.startswith(f'<div id="{element}"') and fragment in html
    assert client.get(url).status_code == 204  # the page's version is the fragment's


def test_a_captain_sees_his_confirm_button_on_the_page_and_the_crowd_does_not(
    client, posted, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(posted.matches[0], dict.fromkeys(range(1, 5), "1/2-1/2"), by=posted.arbiter)
    url = _urls(posted)["boards"]
    assert "Confirm as captain" not in client.get(url).content.decode()
    client.force_login(posted.captains[0])
    assert client.get(url).content.decode().count("Confirm as captain") == 1
    client.logout()
    assert "Confirm as captain" not in client.get(url).content.decode()


@pytest.mark.django_db(transaction=True)  # committed for real, as on the site
def test_a_team_renamed_shows_in_the_live_fragment_too(client, posted):
    html = client.get(_urls(posted)["boards"]).content.decode()
    url = poll_url(html, "live-boards")
    posted.teams[0].name = "Alpha Renamed"
    posted.teams[0].save()
    fragment = client.get(url)
    assert fragment.status_code == 200 and "Alpha Renamed" in fragment.content.decode()


class _Undone(Exception):
    pass


def test_standings_computed_inside_a_change_not_committed_are_not_kept_for_the_others(posted):
    t = posted.tournament
    assert [row.match_points for row in selectors.standings_table(t).rows] == [0.0] * 4
    with pytest.raises(_Undone), transaction.atomic():
        results.enter_results(posted.matches[1], {1: "0-1", 2: "1-0", 3: "0-1", 4: "1-0"}, by=posted.arbiter)
        assert selectors.standings_table(t).rows[0].tpn == 4  # the change is seen where it is made
        raise _Undone
    # Undone: the next reader gets the standings of the database, not those computed inside.
    assert [row.match_points for row in selectors.standings_table(t).rows] == [0.0] * 4
