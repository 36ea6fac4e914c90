"""Guessing captains' lineup links is throttled per address like logins (an unknown link is a failure)."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.test import Client

from operations.models import CaptainLink

ADDRESS = "198.51.100.23"


@pytest.fixture
def link(committee_event):
    rnd = committee_event.round(1)
    team = committee_event.tournament.teams.get(tpn=1)
    return CaptainLink.objects.create(team=team, round=rnd, created_by=committee_event.chair)


def visit(client: Client, token: str, address: str = ADDRESS):
    return client.get(f"/ops/lineup/{token}/", REMOTE_ADDR=address)


def test_a_valid_link_opens_and_an_unknown_one_is_not_found(client, link):
    assert visit(client, link.token).status_code != 404
    assert visit(client, "not-a-real-token").status_code == 404


def test_after_five_unknown_links_the_address_is_refused_even_a_valid_link(client, link):
    for i in range(4):
        assert visit(client, f"guess-{i}").status_code == 404
    assert visit(client, "guess-4").status_code == 429
    response = visit(client, link.token)
    assert response.status_code == 429
    assert "Too many failed attempts" in response.content.decode()
    # another address is not affected
    assert visit(Client(), link.token, "198.51.100.24").status_code != 429


def test_unknown_links_count_against_the_address_only_never_a_shared_account(client, link):
    for i in range(5):
        visit(Client(), f"guess-{i}", f"192.0.2.{i + 1}")  # five addresses, one guess each
    assert visit(client, link.token).status_code not in (404, 429)
    assert set(AccessAttempt.objects.values_list("username", flat=True)) == {None}


def test_link_guesses_and_password_guesses_share_the_address_budget(client, link, make_user):
    make_user("alice")
    for i in range(3):
        visit(client, f"guess-{i}")
    for _ in range(2):
        client.post("/accounts/login/", {"username": "alice", "password": "wrong"}, REMOTE_ADDR=ADDRESS)
    assert visit(client, link.token).status_code == 429


def test_the_chair_unlocks_an_address_locked_by_link_guesses(client, link, committee_event):
    for i in range(5):
        visit(client, f"guess-{i}")
    chair = Client()
    chair.force_login(committee_event.chair)
    chair.post("/accounts/lockouts/", {"kind": "address", "value": ADDRESS})
    assert visit(client, link.token).status_code not in (404, 429)
