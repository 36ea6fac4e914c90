"""The proxy's revalidations answered before Django's middleware (issue 21, public_http.revalidation).

The site's WSGI application (what gunicorn serves) answers an anonymous conditional GET of a public
page whose ETag is still current with a 304 of its own, with exactly the ETag Django gave; anything
else reaches Django as before. A 304 from Django carries the request log's ``X-Request-ID``; one
answered before Django does not: that is how these tests tell the two apart.
"""

from __future__ import annotations

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import RequestFactory
from django.urls import reverse

from public_http.revalidation import RevalidationApp
from tests.committee.conftest import play_round, publish_round


def wsgi_get(path: str, **headers) -> tuple[int, dict, bytes]:
    """``path`` asked of the site's WSGI application (``pairing_site.wsgi``'s, made afresh with this
    test's settings), as gunicorn asks it; the database connection is kept open at the request's end,
    as Django's test client keeps it (the test's transaction holds it)."""
    application = RevalidationApp(WSGIHandler())
    environ = RequestFactory().get(path, **headers).environ
    # PEP 3333, as gunicorn gives it: the path's UTF-8 bytes, each as one Latin-1 character
    environ["PATH_INFO"] = environ["PATH_INFO"].encode("utf-8").decode("latin-1")
    answer = {}

    def start_response(status, response_headers, exc_info=None):
        answer["status"] = int(status.split()[0])
        answer["headers"] = dict(response_headers)

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        result = application(environ, start_response)
        body = b"".join(result)
        if hasattr(result, "close"):
            result.close()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    return answer["status"], answer["headers"], body


def public_urls(ev) -> list[str]:
    slug = ev.tournament.slug
    return [
        reverse("tournament-detail", args=[slug]),
        reverse("public-round-pairings", args=[slug, 1]),
        reverse("api-round-pairings", args=[slug, 1]),
        reverse("ops-standings", args=[slug]) + "?junk=2",
        reverse("api-tournament-list"),
    ]


def test_the_wsgi_entry_point_gunicorn_serves_answers_revalidations_before_django():
    import subprocess
    import sys

    code = "from pairing_site.wsgi import application; print(type(application).__name__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "RevalidationApp"


def test_a_revalidation_of_a_current_public_answer_is_a_304_before_django_with_django_s_etag(event):
    for url in public_urls(event):
        status, first, _ = wsgi_get(url)
        assert status == 200, url
        assert "X-Request-ID" in first
        status, again, body = wsgi_get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert status == 304 and body == b"", url
        assert again["ETag"] == first["ETag"], url
        assert again["Cache-Control"] == first["Cache-Control"], url
        assert "X-Request-ID" not in again, url  # Django's middleware never ran


def test_the_etag_of_each_language_is_the_one_django_gives_in_that_language(event):
    url = reverse("public-round-pairings", args=[event.tournament.slug, 1])
    tags = {}
    for language in ("fr", "es", "ru", "en"):
        status, first, _ = wsgi_get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert status == 200 and first["Content-Language"] == language
        tags[language] = first["ETag"]
        status, again, _ = wsgi_get(url, HTTP_ACCEPT_LANGUAGE=language, HTTP_IF_NONE_MATCH=first["ETag"])
        assert status == 304 and "X-Request-ID" not in again and again["Content-Language"] == language
    assert len(set(tags.values())) == 4
    status, _, _ = wsgi_get(url, HTTP_ACCEPT_LANGUAGE="fr", HTTP_IF_NONE_MATCH=tags["en"])
    assert status == 200  # the English copy is not the French page


def test_after_a_publication_the_old_etag_reaches_django_and_gets_the_new_page(
    event, django_capture_on_commit_callbacks
):
    url = reverse("tournament-detail", args=[event.tournament.slug])
    _, first, _ = wsgi_get(url)
    with django_capture_on_commit_callbacks(execute=True):
        play_round(event.round(1))
        publish_round(event.round(2), event.chair)
    status, again, body = wsgi_get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert status == 200 and again["ETag"] != first["ETag"]
    assert "X-Request-ID" in again and body


@pytest.mark.parametrize(
    "headers",
    [
        {"HTTP_COOKIE": "sessionid=abc"},
        {"HTTP_AUTHORIZATION": "Token abc"},
        {"HTTP_HOST": "elsewhere.example"},
    ],
    ids=["a session cookie", "an API token", "a host the site does not serve"],
)
def test_a_revalidation_with_a_cookie_a_token_or_a_foreign_host_goes_through_django(event, headers):
    url = reverse("public-round-pairings", args=[event.tournament.slug, 1])
    _, first, _ = wsgi_get(url)
    _, again, _ = wsgi_get(url, HTTP_IF_NONE_MATCH=first["ETag"], **headers)
    assert "X-Request-ID" in again  # Django answered, whatever it answered


def test_a_round_the_tournament_does_not_hold_goes_through_django_to_its_404(event):
    url = reverse("public-round-pairings", args=[event.tournament.slug, 99])
    status, headers, _ = wsgi_get(url, HTTP_IF_NONE_MATCH='W/"0123"')
    assert status == 404 and "X-Request-ID" in headers


@pytest.mark.parametrize("number", ["\u0663", "99999999999999999999999999999", "-1", "0"])
def test_a_revalidation_of_a_round_number_the_site_refuses_is_its_404_never_a_500(event, number):
    url = f"/t/{event.tournament.slug}/round/{number}/pairings/"
    status, headers, _ = wsgi_get(url, HTTP_IF_NONE_MATCH='W/"0123"')
    assert status == 404 and "X-Request-ID" in headers


def test_without_the_setting_every_revalidation_goes_through_django(event, settings):
    settings.PUBLIC_HTTP_REVALIDATE_BEFORE_DJANGO = False
    url = reverse("public-round-pairings", args=[event.tournament.slug, 1])
    _, first, _ = wsgi_get(url)
    status, again, _ = wsgi_get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert status == 304 and "X-Request-ID" in again


def test_the_round_pairings_page_is_revalidated_without_a_query_once_its_rounds_are_remembered(
    event, django_assert_num_queries
):
    url = reverse("public-round-pairings", args=[event.tournament.slug, 1])
    _, first, _ = wsgi_get(url)
    with django_assert_num_queries(0):
        status, _, _ = wsgi_get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert status == 304


def test_the_round_pairings_page_is_revalidated_with_one_cache_read_once_its_rounds_are_remembered(
    event, monkeypatch
):
    """Whether the round is held and the versions of its page are read together (the most asked of
    the public answers: every revalidation costs a Redis round trip less)."""
    from django.core.cache import cache

    url = reverse("public-round-pairings", args=[event.tournament.slug, 1])
    _, first, _ = wsgi_get(url)
    reads, depth = [], [0]

    def counted(real):
        def read(*args, **kwargs):  # a backend's get_many made of its own gets is one read
            if not depth[0]:
                reads.append(args)
            depth[0] += 1
            try:
                return real(*args, **kwargs)
            finally:
                depth[0] -= 1

        return read

    for method in ("get", "get_many"):
        monkeypatch.setattr(cache, method, counted(getattr(cache, method)))
    status, _, _ = wsgi_get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert status == 304 and len(reads) == 1


def test_a_round_added_to_the_tournament_is_held_at_once_and_a_deleted_one_no_longer(event):
    from public_http import versions
    from tournaments.models import Round

    slug = event.tournament.slug
    last = event.tournament.rounds.order_by("-number").first().number
    assert versions.round_is_held(slug, 1) and not versions.round_is_held(slug, last + 1)
    added = Round.objects.create(tournament=event.tournament, number=last + 1)
    assert versions.round_is_held(slug, last + 1)
    assert versions.round_and_results_current(slug, last + 1) is not None
    added.delete()
    assert not versions.round_is_held(slug, last + 1)
    assert versions.round_and_results_current(slug, last + 1) is None
    assert versions.round_and_results_current(slug, versions.ROUNDS_READ_AT_ONCE + 1) is None


def test_a_slug_that_names_no_tournament_leaves_nothing_in_the_cache(db):
    from django.core.cache import cache

    from public_http import versions

    assert not versions.round_is_held("no-such-event", 1)
    assert cache.get(versions.held_key("no-such-event")) is None
