"""The shared copies of the public pages key only on the query parameters each view reads (issue 18, item 1).

``?junk=1``, ``?junk=2``, ... used to store one copy of the page each (30 requests: 38 MB more in
Redis); a value the view refuses is never stored.
"""

from __future__ import annotations

import itertools

import pytest
from django.core.cache import cache
from django.urls import reverse

from public_http.middleware import STORED_PREFIX
from tests.committee.conftest import build_event, play_round, publish_round

_names = itertools.count(1)


@pytest.fixture
def event(db, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        ev = build_event(f"query-keys-{next(_names)}")
        publish_round(ev.round(1), ev.chair)
        play_round(ev.round(1))
    return ev


def _stored_copies() -> set[str]:
    """The keys of the shared copies in the cache (Redis or the local-memory cache of the tests)."""
    backend = cache._cache
    if hasattr(backend, "get_client"):  # Redis
        keys = backend.get_client().scan_iter(match=f"*{STORED_PREFIX}:*")
        return {k.decode() for k in keys if b":rendering:" not in k}
    return {k for k in backend if STORED_PREFIX in k and ":rendering:" not in k}  # pragma: no cover


@pytest.mark.parametrize("name", ["ops-standings", "api-ops-standings", "ops-crosstable"])
def test_junk_query_parameters_are_served_the_one_stored_copy_and_store_nothing(client, event, name):
    url = reverse(name, args=[event.tournament.slug])
    first = client.get(url)
    assert first.status_code == 200
    before = _stored_copies()
    for i in range(20):
        response = client.get(url, {"junk": str(i), "x" * 50: "y" * 500})
        assert response.status_code == 200
        assert response["ETag"] == first["ETag"]
    assert _stored_copies() == before


def test_values_the_view_refuses_are_never_stored(client, event):
    url = reverse("ops-standings", args=[event.tournament.slug])
    before = _stored_copies()
    for value in ["abc", "²", "12", "100000", str(10**30), "0"]:
        assert client.get(url, {"round": value}).status_code in (400, 404)
        assert client.get(
            reverse("api-ops-standings", args=[event.tournament.slug]), {"round": value}
        ).status_code in (400, 404)
    assert _stored_copies() == before


def test_a_parameter_the_view_reads_still_makes_its_own_copy(client, event):
    url = reverse("ops-standings", args=[event.tournament.slug])
    latest = client.get(url)
    after_one = client.get(url, {"round": "1"})
    assert after_one.status_code == 200
    assert after_one["ETag"] != latest["ETag"]
    assert client.get(url, {"round": "01"})["ETag"] == after_one["ETag"]  # one number, one copy
    csv = reverse("ops-pairings-csv", args=[event.tournament.slug, 1])
    by_board, by_match = client.get(csv), client.get(csv, {"by": "match"})
    assert by_board["ETag"] != by_match["ETag"]
    assert client.get(csv, {"by": "junk"})["ETag"] == by_board["ETag"]


def test_the_page_kept_for_everyone_names_no_junk_parameter_of_its_first_reader(client, event):
    url = reverse("ops-standings", args=[event.tournament.slug])
    first = client.get(url, {"round": "01", "evil": "x" * 40}).content.decode()
    assert "evil" not in first and 'value="/ops/t/' in first  # the language switcher's "next"
    assert f'value="{url}?round=1"' in first
