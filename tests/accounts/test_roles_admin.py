"""An administrator sees who holds which role in which tournament (admin lists of memberships and users)."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.fixture
def admin_client_(make_user):
    admin = make_user("root")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    client = Client()
    client.force_login(admin)
    return client


def test_the_membership_list_filters_by_role_and_shows_user_and_tournament(admin_client_, committee_event):
    page = admin_client_.get(
        "/admin/tournaments/membership/", {"role__exact": "committee_chair"}
    ).content.decode()
    assert committee_event.chair.username in page
    assert committee_event.member.username not in page
    assert committee_event.tournament.name in page


def test_the_membership_list_filters_by_tournament(
    admin_client_, committee_event, make_tournament, make_user
):
    other = make_tournament(name="Other event")
    make_user("elsewhere", role="arbiter", tournament=other)
    page = admin_client_.get(
        "/admin/tournaments/membership/", {"tournament__id__exact": committee_event.tournament.pk}
    ).content.decode()
    assert committee_event.arbiter.username in page and "elsewhere" not in page


def test_the_membership_list_finds_a_user_by_name(admin_client_, committee_event):
    page = admin_client_.get(
        "/admin/tournaments/membership/", {"q": committee_event.captain.username}
    ).content.decode()
    assert "Team captain" in page and committee_event.chair.username not in page


def test_a_users_admin_page_lists_their_roles_in_tournaments(admin_client_, committee_event):
    page = admin_client_.get(f"/admin/auth/user/{committee_event.chair.pk}/change/").content.decode()
    assert "roles in tournaments" in page.lower()
    assert "committee_chair" in page
