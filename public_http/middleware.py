"""ETag, Cache-Control and a shared copy for the public pages and their API.

For an anonymous GET or HEAD of a view listed in ``PUBLIC_VIEWS``:

- the ETag is a weak validator made of the version of the view's tournament
  (or of the site, for the lists) and of what the answer depends on (path
  and the query parameters the view reads, ``QUERY_PARAMETERS``, language,
  ``Accept``, htmx); ``If-None-Match`` with it answers
  ``304`` before the view runs;
- a ``200`` answer gets ``Cache-Control: public, max-age=PUBLIC_HTTP_MAX_AGE,
  s-maxage=PUBLIC_HTTP_SHARED_MAX_AGE`` (a browser reuses it for ten seconds, a proxy or CDN for
  one, then revalidates with the ETag: a publication is on the proxy's pages within that second)
  and ``Vary: Cookie`` and is kept in the cache under its ETag, so the next
  anonymous visitor is served from one cache read until the version changes;
  while one request renders a new version, the others get the previous copy
  (stale-while-revalidate, for the time of one render).

An answer that sets a cookie or needs a CSRF token is neither shared nor
marked public. Every answer to a logged-in user (session or API token) that
says nothing of caching is marked ``Cache-Control: private, no-cache``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponseNotModified, QueryDict
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags

from public_http import readers, versions

# url name -> what its answer shows: "site" (the lists), "teams" (a tournament's teams),
# "tournament" (a tournament named by its slug and where its rounds stand, without results),
# "round" (the round its URL names, without results), "round-and-results" (the round its URL names
# and the tournament's results: the round pairings page with ranks and scores), "results" (a tournament with its results),
# "results-and-rounds" (its results and every published round) or "round-results" (the round its
# URL names with its results); public_http.versions names the versions each depends on.
PUBLIC_VIEWS: dict[str, str] = {
    "home": "site",
    "api-tournament-list": "site",
    "tournament-detail": "tournament",
    "public-tournament-pairings": "tournament",
    "public-round-pairings": "round-and-results",
    "api-round-list": "tournament",
    "api-team-list": "teams",
    "api-round-pairings": "round",
    "ops-board-pairings": "round-results",
    "ops-board-pairings-print": "round-results",
    "ops-pairing-cards": "round-results",
    "ops-pairings-csv": "round-results",
    "ops-standings": "results",
    "ops-standings-csv": "results",
    "ops-crosstable": "results",
    "ops-tiebreaks": "results",
    "ops-trf": "results-and-rounds",
    "api-ops-standings": "results",
    "api-ops-boards": "round-results",
    "team-page": "results-and-rounds",
    "player-page": "results-and-rounds",
    "board-prizes": "results-and-rounds",
    "api-team-page": "results-and-rounds",
    "api-player-page": "results-and-rounds",
    "api-board-prizes": "results-and-rounds",
}


def _number(value: str) -> str:
    """A number as the view reads it ("01" and "1" are one page); anything else as sent (refused, never stored)."""
    return str(int(value)) if value.isascii() and value.isdigit() and len(value) <= 6 else value


def _match_or_boards(value: str) -> str | None:
    return "match" if value == "match" else None  # any other value: the board list, as without it


# The query parameters each public view reads, each with what makes two values one answer (issue 18,
# item 1): an answer is shared under its path and these alone, so ``?junk=1``, ``?junk=2``, ... are
# one page and one cache entry, not one each. The API's views read DRF's ``format`` (and the lists
# their ``page``). A value the view refuses is answered 400/404, which is never stored.
_API = {"format": str}
_API_LIST = {"format": str, "page": _number}
QUERY_PARAMETERS: dict[str, dict[str, Callable[[str], str | None]]] = {
    "api-tournament-list": _API_LIST,
    "api-round-list": _API_LIST,
    "api-team-list": _API_LIST,
    "api-round-pairings": _API,
    "api-ops-boards": _API,
    "api-team-page": _API,
    "api-player-page": _API,
    "api-board-prizes": _API,
    "api-ops-standings": {**_API, "round": _number},
    "ops-standings": {"round": _number},
    "ops-pairings-csv": {"by": _match_or_boards},
}
STORED_PREFIX = f"{versions.PREFIX}:response"
RENDER_LOCK_SECONDS = 30  # a render that takes longer lets the next request render too


def max_age() -> int:
    return int(getattr(settings, "PUBLIC_HTTP_MAX_AGE", 10))


def shared_max_age() -> int:
    """Seconds a shared cache (proxy, CDN) may reuse an answer before it revalidates (``s-maxage``)."""
    return int(getattr(settings, "PUBLIC_HTTP_SHARED_MAX_AGE", 1))


def store_seconds() -> int:
    return int(getattr(settings, "PUBLIC_HTTP_STORE_SECONDS", 300))


def _is_public_request(request) -> bool:
    if request.method not in ("GET", "HEAD"):
        return False
    if "HTTP_AUTHORIZATION" in request.META:  # an API token: the answer may depend on its user
        return False
    if request.COOKIES.get("messages"):
        return False  # a message waiting for this visitor only (django.contrib.messages)
    return not request.user.is_authenticated


def _query(request) -> str:
    """The query parameters the view reads (``QUERY_PARAMETERS``), normalised; the others are left out."""
    match = request.resolver_match
    read = QUERY_PARAMETERS.get(match.url_name, {}) if match is not None else {}
    values = ((name, normal(request.GET[name])) for name, normal in read.items() if name in request.GET)
    return urlencode(sorted((name, value) for name, value in values if value is not None))


def identity_of(request) -> str:
    """What the answer depends on besides the version: the path, the parameters the view reads,
    and how it was asked for."""
    parts = (
        f"{request.path}?{_query(request)}",
        translation.get_language() or "",
        request.META.get("HTTP_ACCEPT", ""),
        request.META.get("HTTP_HX_REQUEST", ""),
    )
    return hashlib.blake2b("\n".join(parts).encode(), digest_size=12).hexdigest()


def _etag(identity: str, version: str) -> str:
    digest = hashlib.blake2b(f"{version}\n{identity}".encode(), digest_size=12).hexdigest()
    return f'W/"{digest}"'


def current_etag(
    scope: str, view_kwargs: dict, identity: str, also: list[str] = ()
) -> tuple[str, dict] | None:
    """The ETag of the answer ``identity`` of a view of ``scope`` at its current versions, and the
    cache keys ``also``, in one cache read; None when the view answers itself (a URL naming no
    tournament or round it depends on). ``public_http.revalidation`` answers the proxy's 304s with it."""
    if scope == "round-and-results":
        # Its names grow with the round's number: a round the tournament does not hold is the view's 404.
        slug, number = view_kwargs.get("slug"), view_kwargs.get("number")
        found = (
            versions.round_and_results_current(slug, number, also) if slug and number is not None else None
        )
    else:
        names = names_of(scope, view_kwargs)
        found = versions.current_and(names, also) if names is not None else None
    if found is None:
        return None
    version, values = found
    return _etag(identity, version), values


def etag_matches(if_none_match: str, etag: str) -> bool:
    """If-None-Match compares weakly (RFC 9110 13.1.2)."""
    tags = parse_etags(if_none_match) if if_none_match else []
    return "*" in tags or any(tag.removeprefix("W/") == etag.removeprefix("W/") for tag in tags)


def _public_headers(response, etag: str) -> None:
    response["ETag"] = etag
    response["Cache-Control"] = cache_control()  # a public answer sets none itself (_shareable)
    patch_vary_headers(response, ("Cookie",))


def cache_control() -> str:
    """The ``Cache-Control`` of a public answer (``_public_headers``)."""
    return f"public, max-age={max_age()}, s-maxage={shared_max_age()}"


def _shareable(request, response) -> bool:
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and "Cache-Control" not in response
    )


def names_of(scope: str, view_kwargs: dict) -> list[str] | None:
    """The versions an answer of ``scope`` depends on, for the tournament (and round) its URL names.
    Not ``round-and-results``: its names grow with the round's number, so ``current_etag`` reads them
    with the check that the round is held (``versions.round_and_results_current``)."""
    if scope == "site":
        return [versions.SITE_KEY]
    slug, number = view_kwargs.get("slug"), view_kwargs.get("number")
    if not slug:
        return None
    if scope == "teams":
        return versions.teams_names(slug)
    if scope == "tournament":
        return versions.tournament_names(slug)
    if scope == "results":
        return versions.results_names(slug)
    if scope == "results-and-rounds":
        return versions.results_and_rounds_names(slug)
    if number is None:
        return None
    if scope == "round":
        return versions.round_names(slug, number)
    if scope == "round-results":
        return versions.round_results_names(slug, number)
    return None


class PublicHttpCacheMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        scope = PUBLIC_VIEWS.get(match.url_name) if match is not None else None
        if scope is None or not _is_public_request(request):
            return None
        # The view (and its page's links, the language switcher's "next") sees only the parameters
        # it reads, as the key has them: the copy kept is exactly the answer to that key.
        query = _query(request)
        request.META["QUERY_STRING"] = query
        request.GET = QueryDict(query)
        identity = identity_of(request)
        conditional = request.META.get("HTTP_IF_NONE_MATCH", "")
        # One cache read for the version and, but for a conditional request, the latest copy of
        # this answer: a crowd asking the same page is served by it until the version changes.
        latest_key = f"{STORED_PREFIX}:latest:{identity}"
        answer = current_etag(scope, view_kwargs, identity, [] if conditional else [latest_key])
        if answer is None:
            return None
        etag, found = answer
        request.public_http_etag = etag
        if etag_matches(conditional, etag):
            not_modified = HttpResponseNotModified()
            _public_headers(not_modified, etag)
            return not_modified
        stored = found.get(latest_key)
        if stored is None or stored.get("ETag") != etag:
            stored = cache.get(f"{STORED_PREFIX}:{etag}")
        if stored is None and request.method == "GET":
            # One request renders the new version; meanwhile the others get the previous one
            # (with its own ETag), as a CDN's stale-while-revalidate would: a crowd arriving
            # just after a result costs one render, not one each.
            lock = f"{STORED_PREFIX}:rendering:{identity}"
            if cache.add(lock, etag, timeout=RENDER_LOCK_SECONDS):
                request.public_http_lock = lock
                request.public_http_latest = latest_key
            else:
                stored = found.get(latest_key) if not conditional else cache.get(latest_key)
        if stored is not None:
            request.public_http_stored = True
            return stored
        return None

    def __call__(self, request):
        try:
            response = self.get_response(request)
        except BaseException:
            if getattr(request, "public_http_lock", None):
                cache.delete(request.public_http_lock)
            raise
        lock = getattr(request, "public_http_lock", None)
        etag = getattr(request, "public_http_etag", None)
        if etag is not None:
            if getattr(request, "public_http_stored", False) or response.status_code == 304:
                return response
            shared = _shareable(request, response)
            if shared:
                _public_headers(response, etag)
            if lock is not None:
                if shared:
                    cache.set_many(
                        {f"{STORED_PREFIX}:{etag}": response, request.public_http_latest: response},
                        store_seconds(),
                    )
                    slug = request.resolver_match.kwargs.get("slug")
                    if slug:  # a page of the event rendered for a reader: read in this language
                        readers.note_read_in(slug, translation.get_language())
                cache.delete(lock)
            return response
        if "Cache-Control" not in response and _logged_in(request):
            patch_cache_control(response, private=True, no_cache=True)
            patch_vary_headers(response, ("Cookie",))
        return response


def _logged_in(request) -> bool:
    if "HTTP_AUTHORIZATION" in request.META:
        return True
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated)
