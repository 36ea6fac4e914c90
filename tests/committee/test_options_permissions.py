"""Who may choose the pairing options and switch the public "why" lines, per role, pages and API.

The chair alone chooses the options (and records a decision changing them);
any committee member may hide or show the public reasons. Everyone else —
a member for the options, arbiters, the Chief Arbiter, captains, a logged-in
user without a role — gets 403; the anonymous public is sent to log in on a
page and gets 401/403 from the API.
"""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from engine.options import format_value
from tournaments.pairing_options import site_specs

from .conftest import build_event, delete_event

pytestmark = pytest.mark.django_db

ROLES = ["public", "outsider", "captain", "arbiter", "chief", "member", "chair"]
CHAIR = {"chair"}
COMMITTEE = {"member", "chair"}

PAGES = [
    ("get", "/committee/{slug}/options/", CHAIR),
    ("post", "/committee/{slug}/options/", CHAIR),
    ("post", "/committee/{slug}/options/decision/", CHAIR),
    ("post", "/committee/{slug}/public-reasons/", COMMITTEE),
]

API = [
    ("get", "options/", CHAIR),
    ("put", "options/", CHAIR),
    ("post", "options/decisions/", CHAIR),
    ("put", "public-reasons/", COMMITTEE),
]


@pytest.fixture(scope="module")
def event(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        event = build_event("options-permissions")
        yield event
        delete_event(event)


def _options(event) -> dict:
    return {s.key: format_value(s.default) for s in site_specs(event.tournament.pairing_system)}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("method", "path", "allowed"), PAGES, ids=[f"{m} {p}" for m, p, _ in PAGES])
def test_options_pages_answer_each_role_as_it_may(event, client, role, method, path, allowed):
    if role != "public":
        client.force_login(event.users[role])
    before = event.tournament.engine_options
    url = path.format(slug=event.tournament.slug)
    data = {**_options(event), "decision_reason": "matrix", "show": ""} if method == "post" else None
    response = getattr(client, method)(url, data)
    if role in allowed:
        assert response.status_code in (200, 302, 400), response.status_code
        assert "/accounts/login/" not in response.get("Location", "")
    elif role == "public":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    else:
        assert response.status_code == 403
    if role not in allowed:
        event.tournament.refresh_from_db()
        assert event.tournament.engine_options == before
        assert event.tournament.show_pairing_reasons


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("method", "path", "allowed"), API, ids=[f"{m} {p}" for m, p, _ in API])
def test_options_api_answers_each_role_as_it_may(event, role, method, path, allowed):
    client = APIClient()
    if role != "public":
        token, _ = Token.objects.get_or_create(user=event.users[role])
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    url = f"/api/tournaments/{event.tournament.slug}/{path}"
    body = {"options": _options(event), "reason": "matrix", "show": False}
    response = getattr(client, method)(url, body if method != "get" else None, format="json")
    if role in allowed:
        assert response.status_code not in (401, 403, 404, 500), response.content
    else:
        assert response.status_code in ((401, 403) if role == "public" else (403,)), response.content
        assert b"article" not in response.content
        event.tournament.refresh_from_db()
        assert event.tournament.show_pairing_reasons
