"""A committee note concerns at most the pairings a round has (issue 18, item 1: 200,000 were saved)."""

from __future__ import annotations

import time

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from committee import services
from committee.models import Decision, DecisionSubject

pytestmark = pytest.mark.django_db


def test_the_service_refuses_more_pairings_than_a_round_has_and_saves_nothing(committee_event):
    rnd = committee_event.round(1)  # 7 teams: at most 4 pairings (3 matches and the bye)
    with pytest.raises(ValidationError, match="at most 4 pairings"):
        services.add_note(round=rnd, user=committee_event.member, text="Too many", pairings=[(1, 2)] * 5)
    assert not Decision.objects.exists()
    note = services.add_note(
        round=rnd,
        user=committee_event.member,
        text="Same pairing twice",
        pairings=[(1, 2), (1, 2), (3, None)],
    )
    assert DecisionSubject.objects.filter(decision=note).count() == 2  # one subject per pairing


def test_the_api_refuses_a_huge_list_of_pairings_quickly_with_the_reason(committee_event):
    api = APIClient()
    api.force_authenticate(committee_event.member)
    url = f"/api/tournaments/{committee_event.tournament.slug}/rounds/1/notes/"
    assert api.get(url).status_code == 200  # (the first request of the process imports what it needs)
    started = time.perf_counter()
    huge = api.post(url, {"text": "Spam", "pairings": [[1, 2]] * 50_000}, format="json")
    assert time.perf_counter() - started < 1.0
    assert huge.status_code == 400 and "no more than 1000" in str(huge.json())
    over = api.post(url, {"text": "Five", "pairings": [[1, 2]] * 5}, format="json")
    assert over.status_code == 400 and "at most 4 pairings" in over.json()["detail"]
    assert not Decision.objects.exists()


def test_the_note_form_refuses_more_pairings_than_it_offers(committee_event, compute, client):
    compute(committee_event.round(1), committee_event.member)
    client.force_login(committee_event.member)
    url = f"/committee/{committee_event.tournament.slug}/round/1/notes/"
    started = time.perf_counter()
    response = client.post(url, {"text": "Spam", "pairings": ["1-2"] * 900})
    assert time.perf_counter() - started < 2.0  # the page itself is rendered again with the errors
    assert response.status_code == 400
    assert "At most 4 pairings can be chosen" in response.content.decode()
    assert not Decision.objects.exists()


@pytest.mark.parametrize("huge", [10**7, 10**30, -1])
def test_the_committee_api_refuses_a_huge_version_or_tpn_without_a_server_error(
    committee_event, compute, huge
):
    compute(committee_event.round(1), committee_event.member)
    api = APIClient()
    api.force_authenticate(committee_event.chair)
    base = f"/api/tournaments/{committee_event.tournament.slug}/rounds/1/"
    bodies = {
        "amendments/": {"version": huge, "operation": "swap_colours", "team_a": huge},
        "approvals/": {"version": huge},
        "overrides/": {"version": huge, "reason": "x"},
        "publications/": {"version": huge},
    }
    for path, body in bodies.items():
        response = api.post(base + path, body, format="json")
        assert 400 <= response.status_code < 500, (path, huge, response.status_code, response.content)
