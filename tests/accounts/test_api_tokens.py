"""API tokens (DRF's token authentication): their owner lists, creates and revokes them, on a page and the API."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient


@pytest.fixture
def alice(make_user):
    return make_user("alice")


def api(token: str | None = None) -> APIClient:
    client = APIClient()
    if token:
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_the_api_uses_drf_token_authentication(settings):
    assert (
        "rest_framework.authentication.TokenAuthentication"
        in settings.REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"]
    )


def test_a_revoked_token_gets_401(alice):
    token = Token.objects.create(user=alice)
    assert api(token.key).get("/api/tokens/").status_code == 200
    response = api(token.key).delete(f"/api/tokens/{token.key[:8]}/")
    assert response.status_code == 204
    assert api(token.key).get("/api/tokens/").status_code == 401
    assert (
        api(token.key).get("/api/tournaments/").status_code == 401
    )  # even on public data: the token is invalid


def test_the_owner_lists_their_token_by_its_first_eight_characters_only(alice):
    token = Token.objects.create(user=alice)
    data = api(token.key).get("/api/tokens/").json()
    assert [t["prefix"] for t in data] == [token.key[:8]]
    assert "key" not in data[0]


def test_creating_a_token_through_the_api_shows_the_key_once_and_it_works(alice):
    client = APIClient()
    client.force_authenticate(alice)
    created = client.post("/api/tokens/")
    assert created.status_code == 201
    key = created.json()["key"]
    assert api(key).get("/api/tokens/").json()[0]["prefix"] == key[:8]
    assert "key" not in api(key).get("/api/tokens/").json()[0]


def test_a_second_token_is_refused_until_the_first_is_revoked(alice):
    token = Token.objects.create(user=alice)
    response = api(token.key).post("/api/tokens/")
    assert response.status_code == 409
    assert "revoke it first" in response.json()["detail"]


def test_nobody_revokes_another_users_token(alice, make_user):
    bob_token = Token.objects.create(user=make_user("bob"))
    alice_token = Token.objects.create(user=alice)
    assert api(alice_token.key).delete(f"/api/tokens/{bob_token.key[:8]}/").status_code == 404
    assert Token.objects.filter(pk=bob_token.pk).exists()
    assert api(bob_token.key).get("/api/tokens/").status_code == 200


def test_a_prefix_shorter_than_eight_characters_revokes_nothing(alice):
    token = Token.objects.create(user=alice)
    assert api(token.key).delete(f"/api/tokens/{token.key[:3]}/").status_code == 404
    assert Token.objects.filter(pk=token.pk).exists()


def test_an_anonymous_client_cannot_list_or_create_tokens(db):
    assert api().get("/api/tokens/").status_code in (401, 403)
    assert api().post("/api/tokens/").status_code in (401, 403)


def test_the_tokens_page_creates_shows_once_and_revokes(alice):
    client = Client()
    client.force_login(alice)
    assert "You have no API token" in client.get("/accounts/tokens/").content.decode()
    created = client.post("/accounts/tokens/", {"action": "create"})
    key = Token.objects.get(user=alice).key
    assert key in created.content.decode()
    listed = client.get("/accounts/tokens/").content.decode()
    assert key[:8] in listed and key not in listed
    assert api(key).get("/api/tokens/").status_code == 200
    client.post("/accounts/tokens/", {"action": "revoke", "prefix": key[:8]})
    assert not Token.objects.filter(user=alice).exists()
    assert api(key).get("/api/tokens/").status_code == 401


def test_the_tokens_page_asks_an_anonymous_visitor_to_log_in(client, db):
    response = client.get("/accounts/tokens/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_the_token_api_is_in_the_openapi_schema(client, db):
    schema = client.get("/api/schema/").content.decode()
    assert "/api/tokens/" in schema and "/api/tokens/{prefix}/" in schema
