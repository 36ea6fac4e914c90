"""Each role can do exactly what it may, on every page and API endpoint (server-side checks).

Roles: the public (anonymous), a logged-in user without a role, a team
captain, an arbiter, the Chief Arbiter, a committee member and the committee
chair. Drafts, runs, amendments and notes are the committee's and the
arbiters' (Chief Arbiter included) to see; writing is the committee's; the
override of an absolute criterion is the Chief Arbiter's alone (C.04.6
3.3.3); published pairings are everyone's.
"""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from committee import services

from .conftest import build_event, compute_round, delete_event

pytestmark = pytest.mark.django_db

ROLES = ["public", "outsider", "captain", "arbiter", "chief", "member", "chair"]
EVERYONE = set(ROLES)
VIEWERS = {"arbiter", "chief", "member", "chair"}
COMMITTEE = {"member", "chair"}
CHIEF_ARBITER = {"chief"}

API = [
    ("get", "rounds/", EVERYONE),
    ("get", "teams/", EVERYONE),
    ("get", "rounds/1/pairings/", EVERYONE),
    ("get", "rounds/1/draft/", VIEWERS),
    ("get", "rounds/1/runs/", VIEWERS),
    ("post", "rounds/1/runs/", COMMITTEE),
    ("get", "/api/runs/{run}/", VIEWERS),
    ("get", "rounds/1/amendments/", VIEWERS),
    ("post", "rounds/1/amendments/", COMMITTEE),
    ("post", "rounds/1/reverts/", COMMITTEE),
    ("get", "rounds/1/notes/", VIEWERS),
    ("post", "rounds/1/notes/", COMMITTEE),
    ("post", "rounds/1/approvals/", COMMITTEE),
    ("post", "rounds/1/overrides/", CHIEF_ARBITER),
    ("post", "rounds/1/publications/", COMMITTEE),
    ("post", "rounds/1/corrections/", COMMITTEE),
]

PAGES = [
    ("get", "/committee/{slug}/", VIEWERS),
    ("get", "/committee/{slug}/round/1/", VIEWERS),
    ("get", "/committee/{slug}/round/1/run-status/", VIEWERS),
    ("post", "/committee/{slug}/round/1/request/", COMMITTEE),
    ("post", "/committee/{slug}/round/1/amend/", COMMITTEE),
    ("post", "/committee/{slug}/round/1/revert/", COMMITTEE),
    ("get", "/committee/{slug}/round/1/draft/", VIEWERS),
    ("post", "/committee/{slug}/round/1/override/", CHIEF_ARBITER),
    ("post", "/committee/{slug}/round/1/approve/", COMMITTEE),
    ("post", "/committee/{slug}/round/1/publish/", COMMITTEE),
    ("post", "/committee/{slug}/round/1/correct/", COMMITTEE),
    ("post", "/committee/{slug}/round/1/notes/", COMMITTEE),
    ("post", "/committee/{slug}/round/1/keep/", COMMITTEE),
    ("get", "/committee/{slug}/round/1/writeup/", COMMITTEE),
    ("get", "/t/{slug}/pairings/", EVERYONE),
    ("get", "/t/{slug}/round/1/pairings/", EVERYONE),
]


@pytest.fixture(scope="module")
def computed(django_db_setup, django_db_blocker):
    """One event for the whole matrix; each test's writes are rolled back with its transaction."""
    with django_db_blocker.unblock():
        event = build_event("permission-matrix")
        run = compute_round(event.round(1), event.member)
        version = services.current_version(event.round(1))
        yield event, run, version
        delete_event(event)


def _body(version) -> dict:
    return {
        "version": version.pk,
        "to": version.pk,
        "operation": "swap_colours",
        "team_a": 1,
        "reason": "matrix",
        "text": "note",
    }


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("method", "path", "allowed"), API, ids=[f"{m} {p}" for m, p, _ in API])
def test_api_endpoint_answers_each_role_as_it_may(computed, role, method, path, allowed):
    event, run, version = computed
    client = APIClient()
    if role != "public":
        token, _ = Token.objects.get_or_create(user=event.users[role])
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    url = (
        path.format(run=run.pk)
        if path.startswith("/")
        else f"/api/tournaments/{event.tournament.slug}/{path}"
    )
    response = getattr(client, method)(url, _body(version) if method == "post" else None, format="json")
    if role in allowed:
        assert response.status_code not in (401, 403, 404, 500), response.content
    else:
        assert response.status_code in ((401, 403) if role == "public" else (403,)), response.content
        assert b"Team 4" not in response.content


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("method", "path", "allowed"), PAGES, ids=[f"{m} {p}" for m, p, _ in PAGES])
def test_page_answers_each_role_as_it_may(computed, client, role, method, path, allowed):
    event, run, version = computed
    if role != "public":
        client.force_login(event.users[role])
    url = path.format(slug=event.tournament.slug)
    response = getattr(client, method)(url, _body(version) if method == "post" else None)
    if role in allowed:
        assert response.status_code in (200, 302), response.status_code
        assert "/accounts/login/" not in response.get("Location", "")
    elif role == "public":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    else:
        assert response.status_code == 403
