"""Live results and standings while a round is in play (htmx polling of a cached fragment).

The ``posted`` round: table 1 Alpha – Bravo, table 2 Charlie – Delta. The pages
poll ``.../boards/live/?v=<version>`` and ``.../standings/live/?v=<version>``;
the same version answers 204, a result entered makes a new version.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache

from operations.services import results
from tournaments.models import RoundState

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache(settings):
    settings.OPS_LIVE_MIN_RENDER_SECONDS = 0  # every new version renders at once (throttling: its own test)
    cache.clear()
    yield
    cache.clear()


def _boards(e):
    return f"/ops/t/{e.tournament.slug}/r/1/boards/"


def _standings(e):
    return f"/ops/t/{e.tournament.slug}/standings/"


def poll_url(html: str, element: str) -> str | None:
    m = re.search(rf'<div id="{element}" hx-get="([^"]+)" hx-trigger="every (\d+)s"', html)
    return m.group(1).replace("&amp;", "&") if m else None


def test_the_results_page_polls_its_fragment_while_the_round_is_in_play(
    client, posted, django_assert_num_queries
):
    html = client.get(_boards(posted)).content.decode()
    url = poll_url(html, "live-boards")
    assert url.startswith(f"/ops/t/{posted.tournament.slug}/r/1/boards/live/?v=")
    # every 15 s while the tab is visible (static/js/site.js: a tab in the background asks nothing)
    assert 'hx-trigger="every 15s"' in html
    assert "Live: this page updates itself every 15 s" in html
    # nothing changed: an empty answer, from the cache alone
    with django_assert_num_queries(0):
        assert client.get(url).status_code == 204


def test_a_result_entered_gives_the_poll_the_new_result_and_a_new_version(
    client, posted, django_capture_on_commit_callbacks
):
    url = poll_url(client.get(_boards(posted)).content.decode(), "live-boards")
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(posted.matches[0], {1: "1-0", 2: "1/2-1/2"}, by=posted.arbiter)
    response = client.get(url)
    assert response.status_code == 200 and response["Cache-Control"].startswith("max-age=0")
    fragment = response.content.decode()
    assert fragment.startswith('<div id="live-boards"') and "<html" not in fragment
    assert "½-½" in fragment and "last updated" in fragment
    new_url = poll_url(fragment, "live-boards")
    assert new_url != url and client.get(new_url).status_code == 204


def test_the_fragment_is_rendered_once_per_version_and_served_from_the_cache_alone(
    client, posted, django_assert_num_queries
):
    url = poll_url(client.get(_boards(posted)).content.decode(), "live-boards")
    stale = url.split("?v=")[0] + "?v=old"
    first = client.get(stale).content
    # a poll from scratch (a proxy refreshing its copy) gets the current version's fragment, no query
    with django_assert_num_queries(0):
        again = client.get(stale).content
    assert again == first


def test_polling_stops_when_the_round_is_complete(client, posted, django_capture_on_commit_callbacks):
    url = poll_url(client.get(_boards(posted)).content.decode(), "live-boards")
    with django_capture_on_commit_callbacks(execute=True):
        for m in posted.matches:
            results.enter_results(m, dict.fromkeys(range(1, 5), "1-0"), by=posted.arbiter)
        results.complete_round(posted.round, by=posted.arbiter)
    fragment = client.get(url).content.decode()
    assert fragment.startswith('<div id="live-boards">') and "hx-get" not in fragment
    assert "Live:" not in fragment
    assert poll_url(client.get(_boards(posted)).content.decode(), "live-boards") is None


def test_a_round_not_yet_posted_is_neither_shown_nor_polled(client, event):
    url = f"/ops/t/{event.tournament.slug}/r/1/boards/live/?v=old"
    client.force_login(event.committee)  # an official sees it, and nothing of it is kept for others
    assert client.get(url).status_code == 200
    client.logout()
    assert client.get(url).status_code == 404


def test_an_unchanged_poll_and_a_fresh_shared_fragment_need_no_database(
    client, posted, settings, django_assert_num_queries, django_capture_on_commit_callbacks
):
    settings.OPS_LIVE_MIN_RENDER_SECONDS = 60
    base = f"/ops/t/{posted.tournament.slug}/r/1/boards/live/?v=old"
    first = client.get(base).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(posted.matches[0], {1: "1-0"}, by=posted.arbiter)
    with django_assert_num_queries(0):
        assert client.get(base).content.decode() == first  # the latest render, still fresh
        assert client.get(poll_url(first, "live-boards")).status_code == 204


def test_the_standings_follow_the_results_while_a_round_is_in_play(
    client, posted, django_capture_on_commit_callbacks
):
    html = client.get(_standings(posted)).content.decode()
    url = poll_url(html, "live-standings")
    assert url.startswith(f"/ops/t/{posted.tournament.slug}/standings/live/?v=")
    assert client.get(url).status_code == 204
    with django_capture_on_commit_callbacks(execute=True):
        # Charlie has White on boards 1 and 3, Delta on 2 and 4: Delta wins every board
        results.enter_results(posted.matches[1], {1: "0-1", 2: "1-0", 3: "0-1", 4: "1-0"}, by=posted.arbiter)
    fragment = client.get(url).content.decode()
    assert "Standings after round 1" in fragment and "provisional" in fragment
    first_row = re.search(r'<tr data-tpn="(\d+)">', fragment).group(1)
    assert first_row == "4"


def test_standings_of_an_earlier_round_chosen_by_hand_are_not_polled(client, posted):
    posted.round.state = RoundState.IN_PLAY
    posted.round.save()
    html = client.get(_standings(posted) + "?round=1").content.decode()
    assert poll_url(html, "live-standings") is None


def test_a_captain_gets_his_own_uncached_fragment_with_his_confirm_button(
    client, posted, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(posted.matches[0], dict.fromkeys(range(1, 5), "1/2-1/2"), by=posted.arbiter)
    base = f"/ops/t/{posted.tournament.slug}/r/1/boards/live/?v=old"
    public = client.get(base).content.decode()
    assert "Confirm as captain" not in public
    client.force_login(posted.captains[0])
    own = client.get(base).content.decode()
    assert own.count("Confirm as captain") == 1 and "csrfmiddlewaretoken" in own
    client.logout()
    assert "Confirm as captain" not in client.get(base).content.decode()


def test_while_one_request_renders_a_new_version_the_crowd_gets_the_previous_fragment(
    client, posted, django_capture_on_commit_callbacks
):
    base = f"/ops/t/{posted.tournament.slug}/r/1/boards/live/?v=old"
    before = client.get(base).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(posted.matches[0], dict.fromkeys(range(1, 5), "1-0"), by=posted.arbiter)
    lock = f"ops:live:v1:results:{posted.tournament.slug}:1:en:rendering"  # (one fragment per language)
    cache.add(lock, "someone", 30)  # another request is rendering
    assert client.get(base).content.decode() == before
    cache.delete(lock)
    after = client.get(base).content.decode()
    assert after != before and "2 – 2" in after


def test_a_new_version_is_rendered_at_most_once_every_few_seconds(
    client, posted, settings, django_capture_on_commit_callbacks
):
    settings.OPS_LIVE_MIN_RENDER_SECONDS = 60
    base = f"/ops/t/{posted.tournament.slug}/r/1/boards/live/?v=old"
    before = client.get(base).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(posted.matches[0], dict.fromkeys(range(1, 5), "1-0"), by=posted.arbiter)
    assert client.get(base).content.decode() == before  # rendered less than a minute ago
    shown = poll_url(before, "live-boards")
    assert client.get(shown).status_code == 204  # a page showing it has nothing newer to get yet
    settings.OPS_LIVE_MIN_RENDER_SECONDS = 0
    assert client.get(shown).status_code == 200
    assert "2 – 2" in client.get(base).content.decode()


def test_an_anonymous_fragment_may_be_kept_one_second_by_a_shared_cache_and_an_officials_never(
    client, posted
):
    """Micro-caching (issue 21): the proxy in front keeps what every anonymous poller shares for
    ``s-maxage`` (one second), the browser nothing; a logged-in user's answer is never kept."""
    url = poll_url(client.get(_boards(posted)).content.decode(), "live-boards")
    standings = poll_url(client.get(_standings(posted)).content.decode(), "live-standings")
    for answer in (client.get(url), client.get(url.split("?v=")[0] + "?v=old"), client.get(standings)):
        assert answer.status_code in (200, 204)
        directives = {d.strip() for d in answer["Cache-Control"].split(",")}
        assert directives == {"max-age=0", "s-maxage=1", "public"} and "Cookie" in answer["Vary"]
    client.force_login(posted.arbiter)
    answer = client.get(url)
    assert "private" in answer["Cache-Control"] and "no-store" in answer["Cache-Control"]
    assert "s-maxage" not in answer["Cache-Control"]


def test_the_proxy_renews_an_unchanged_shared_fragment_with_a_304_and_a_new_result_changes_its_etag(
    client, posted, django_capture_on_commit_callbacks
):
    """The proxy asks again every second with the ETag of its copy: an unchanged fragment is a 304
    (nothing fetched or stored again); a result entered gives the fragment a new ETag, and the whole
    new fragment."""
    url = poll_url(client.get(_boards(posted)).content.decode(), "live-boards").split("?v=")[0]
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"].startswith('W/"')
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"] and "s-maxage=1" in again["Cache-Control"]
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(posted.matches[0], {1: "1-0"}, by=posted.arbiter)
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert changed.content != first.content
    client.force_login(posted.arbiter)
    assert "ETag" not in client.get(url)  # an official's fragment is never kept, nor revalidated
