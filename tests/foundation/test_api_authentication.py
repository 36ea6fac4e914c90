"""The API tells a program without credentials to authenticate: 401 with ``WWW-Authenticate: Token``
where a token would help; a logged-in user whose role does not allow the call gets 403.

Every protected endpoint family: the committee's round cycle, the tournament's pairing options,
lineups and results, the PGN import, the notice preferences and the API tokens; and a sweep of
every API route called anonymously finds no 403 (a token would help there, or nothing would).
"""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from tests.committee.conftest import committee_event, publish_round  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db

# family, method, path ({slug}, {run}), and what a logged-in user without a role gets
ROLE_REFUSED = 403
PROTECTED = [
    ("committee", "get", "/api/tournaments/{slug}/rounds/2/draft/", ROLE_REFUSED),
    ("committee", "get", "/api/tournaments/{slug}/rounds/2/runs/", ROLE_REFUSED),
    ("committee", "post", "/api/tournaments/{slug}/rounds/2/runs/", ROLE_REFUSED),
    ("committee", "get", "/api/runs/{run}/", ROLE_REFUSED),
    ("committee", "get", "/api/tournaments/{slug}/rounds/2/amendments/", ROLE_REFUSED),
    ("committee", "post", "/api/tournaments/{slug}/rounds/2/amendments/", ROLE_REFUSED),
    ("committee", "get", "/api/tournaments/{slug}/rounds/2/notes/", ROLE_REFUSED),
    ("committee", "post", "/api/tournaments/{slug}/rounds/2/notes/", ROLE_REFUSED),
    ("committee", "post", "/api/tournaments/{slug}/rounds/2/approvals/", ROLE_REFUSED),
    ("committee", "post", "/api/tournaments/{slug}/rounds/2/overrides/", ROLE_REFUSED),
    ("committee", "post", "/api/tournaments/{slug}/rounds/2/publications/", ROLE_REFUSED),
    ("committee", "post", "/api/tournaments/{slug}/rounds/1/corrections/", ROLE_REFUSED),
    ("options", "get", "/api/tournaments/{slug}/options/", ROLE_REFUSED),
    ("options", "put", "/api/tournaments/{slug}/options/", ROLE_REFUSED),
    ("options", "post", "/api/tournaments/{slug}/options/decisions/", ROLE_REFUSED),
    ("options", "put", "/api/tournaments/{slug}/public-reasons/", ROLE_REFUSED),
    ("operations", "get", "/api/ops/t/{slug}/rounds/1/lineups/", 200),  # a user sees his own teams' only
    ("operations", "post", "/api/ops/t/{slug}/rounds/1/lineups/", ROLE_REFUSED),
    ("operations", "post", "/api/ops/t/{slug}/rounds/1/matches/1/results/", ROLE_REFUSED),
    ("pgn", "post", "/api/ops/t/{slug}/rounds/1/pgn/preview/", ROLE_REFUSED),
    ("pgn", "post", "/api/ops/t/{slug}/rounds/1/pgn/import/", ROLE_REFUSED),
    ("notices", "get", "/api/notifications/preferences/", 200),  # one's own preferences
    ("tokens", "get", "/api/tokens/", 200),  # one's own tokens
]

BODIES = {
    "runs/": {},
    "amendments/": {"version": 1, "operation": "swap_colours", "team_a": 1},
    "notes/": {"text": "note"},
    "approvals/": {"version": 1},
    "overrides/": {"version": 1, "reason": "r"},
    "publications/": {"version": 1},
    "corrections/": {"reason": "r"},
    "options/": {"options": {}},
    "decisions/": {"options": {}, "reason": "r"},
    "public-reasons/": {"show": False},
    "lineups/": {"team": 1, "players": [None, None, None, None]},
    "results/": {"results": {"1": "1-0"}, "expected": {"1": ""}},
    "preview/": {"pgn": '[Event "x"]\n\n1. e4 *\n'},
    "import/": {"token": "0" * 32},
}


@pytest.fixture
def event(committee_event):  # noqa: F811  (the fixture imported above)
    """Round 1 computed (a run) and published (so it has matches)."""
    publish_round(committee_event.round(1), committee_event.member)
    return committee_event, committee_event.round(1).pairing_runs.get()


def _call(client, method: str, path: str, fields: dict):
    url = path.format(**fields)
    body = next((b for tail, b in BODIES.items() if url.endswith(tail)), {})
    return getattr(client, method)(url, body if method != "get" else None, format="json")


def _fields(event) -> dict:
    ev, run = event
    return {"slug": ev.tournament.slug, "run": run.pk}


@pytest.mark.parametrize(
    ("family", "method", "path", "_"), PROTECTED, ids=[f"{f} {m} {p}" for f, m, p, _ in PROTECTED]
)
def test_an_anonymous_call_to_a_protected_endpoint_gets_401_asking_for_a_token(
    event, family, method, path, _
):
    response = _call(APIClient(), method, path, _fields(event))
    assert response.status_code == 401, (family, response.status_code, response.content)
    assert response["WWW-Authenticate"] == "Token"
    assert "credentials were not provided" in response.json()["detail"]


@pytest.mark.parametrize(
    ("family", "method", "path", "logged_in"), PROTECTED, ids=[f"{f} {m} {p}" for f, m, p, _ in PROTECTED]
)
def test_a_logged_in_user_without_the_role_gets_403_not_401(event, family, method, path, logged_in):
    ev, _ = event
    client = APIClient()
    client.force_authenticate(ev.outsider)
    response = _call(client, method, path, _fields(event))
    assert response.status_code == logged_in, (family, response.status_code, response.content)
    assert "WWW-Authenticate" not in response


def test_a_program_with_its_token_but_without_the_role_gets_403(event):
    from rest_framework.authtoken.models import Token

    ev, _ = event
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=ev.outsider).key}")
    response = client.get(f"/api/tournaments/{ev.tournament.slug}/rounds/2/draft/")
    assert response.status_code == 403
    response = client.get(f"/api/tournaments/{ev.tournament.slug}/rounds/1/pairings/")
    assert response.status_code == 200


def test_a_wrong_token_gets_401_even_where_the_data_is_public(event):
    ev, _ = event
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = client.get(f"/api/tournaments/{ev.tournament.slug}/rounds/1/pairings/")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"


def _api_routes(patterns=None, prefix: str = ""):
    for p in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(p, URLResolver):
            yield from _api_routes(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern) and (prefix + str(p.pattern)).startswith("api/"):
            yield prefix + str(p.pattern)


def test_no_api_route_answers_an_anonymous_call_with_403(event):
    import re

    ev, run = event
    values = {"slug": ev.tournament.slug, "number": "1", "pk": str(run.pk), "table": "1"}
    client = APIClient()
    seen = 0
    for route in _api_routes():
        url = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values.get(m.group(1), "x"), route)
        for method in ("get", "post", "put", "patch", "delete"):
            response = getattr(client, method)(url, {}, format="json")
            assert response.status_code != 403, (method, url, response.content)
            if response.status_code == 401:
                assert response["WWW-Authenticate"] == "Token", (method, url)
                seen += 1
    assert seen >= len(PROTECTED)
