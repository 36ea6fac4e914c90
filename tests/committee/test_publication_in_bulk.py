"""A publication writes its round's matches in bulk, with their history, and the public sees them at once."""

from __future__ import annotations

import pytest

from committee import services
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def test_a_publication_through_the_api_writes_each_match_with_its_history_signed_by_the_publisher(
    client, committee_event, compute
):
    rnd = committee_event.round(1)
    compute(rnd, committee_event.chair)
    version = services.current_version(rnd)
    services.approve(version=version, user=committee_event.chair)
    client.force_login(committee_event.chair)
    response = client.post(
        f"/api/tournaments/{committee_event.tournament.slug}/rounds/1/publications/",
        {"version": version.pk},
        content_type="application/json",
    )
    assert response.status_code == 201
    matches = list(rnd.matches.order_by("table"))
    assert [m.table for m in matches] == [1, 2, 3, 4] and matches[-1].is_bye
    created = Match.history.filter(round=rnd, history_type="+")
    assert sorted(h.id for h in created) == [m.pk for m in matches]
    assert {h.history_user for h in created} == {committee_event.chair}


def test_the_public_round_page_and_api_show_the_matches_as_soon_as_they_are_published(
    client, committee_event, compute, django_capture_on_commit_callbacks
):
    slug = committee_event.tournament.slug
    assert client.get(f"/api/tournaments/{slug}/rounds/1/pairings/").json()["latest"] is None
    rnd = committee_event.round(1)
    compute(rnd, committee_event.chair)
    version = services.current_version(rnd)
    services.approve(version=version, user=committee_event.chair)
    with django_capture_on_commit_callbacks(execute=True):
        services.publish(version=version, user=committee_event.chair)
    latest = client.get(f"/api/tournaments/{slug}/rounds/1/pairings/").json()["latest"]
    assert latest is not None and latest["number"] == 1
    page = client.get(f"/t/{slug}/round/1/pairings/").content.decode()
    assert "Team 7" in page and "Team 4" in page
