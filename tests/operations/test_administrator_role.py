"""A superuser is an administrator, not a tournament official: one rule on every page and API (issue 18 item 4).

In a tournament a superuser does what his memberships allow, like anyone: without a role he is
refused the committee's pages and the officials' operations pages and API alike; given a role
(in ``/admin/``) he has that role's powers. The administrator's own acts stay his: creating a
tournament from a TRF file, the lockouts page.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournaments.models import BoardGame, Membership
from tournaments.models.membership import Role


@pytest.fixture
def admin(db):
    return get_user_model().objects.create_superuser("root", "root@example.org", "demo")


def _round(e) -> str:
    return f"/ops/t/{e.tournament.slug}/r/{e.round.number}/"


def _committee(e) -> str:
    return f"/committee/{e.tournament.slug}/"


def _api(e) -> str:
    return f"/api/ops/t/{e.tournament.slug}/rounds/{e.round.number}/"


OFFICIAL_PAGES = ["results/", "lineups/", "summary/", "results/pgn/", "match/1/"]


@pytest.mark.parametrize("tail", OFFICIAL_PAGES)
def test_a_superuser_without_a_role_is_refused_the_officials_operations_pages(client, posted, admin, tail):
    client.force_login(admin)
    assert client.get(_round(posted) + tail).status_code == 403


def test_a_superuser_without_a_role_is_refused_the_committee_pages(client, posted, admin):
    client.force_login(admin)
    assert client.get(_committee(posted)).status_code == 403
    assert client.get(_committee(posted) + f"round/{posted.round.number}/").status_code == 403


def test_a_superuser_without_a_role_enters_no_result_on_the_page_or_the_api(client, posted, admin):
    client.force_login(admin)
    assert client.post(_round(posted) + "match/1/", {"board_1": "1-0"}).status_code == 403
    response = client.post(
        _api(posted) + "matches/1/results/", {"results": {"1": "1-0"}}, content_type="application/json"
    )
    assert response.status_code == 403
    assert not BoardGame.objects.exclude(result="").filter(match__round=posted.round).exists()


def test_a_superuser_without_a_role_imports_no_pgn_and_closes_no_lineups(client, event, admin):
    client.force_login(admin)
    assert client.post(_round(event) + "results/pgn/", {}).status_code == 403
    pgn = '[White "Alpha player 1"]\n[Black "Bravo player 1"]\n[Result "1-0"]\n\n1. e4 1-0\n'
    assert (
        client.post(_api(event) + "pgn/preview/", {"pgn": pgn}, content_type="application/json").status_code
        == 403
    )
    assert client.post(_round(event) + "lineups/close/").status_code == 403
    event.round.refresh_from_db()
    assert event.round.state == "published"


def test_a_superuser_without_a_role_sees_no_officials_links_in_the_navigation(client, posted, admin):
    client.force_login(admin)
    page = client.get(f"/ops/t/{posted.tournament.slug}/standings/").content.decode()
    assert _committee(posted) not in page
    assert _round(posted) + "results/" not in page


@pytest.mark.parametrize(
    ("role", "page", "status"),
    [
        (Role.ARBITER, "results", 200),
        (Role.ARBITER, "committee", 200),  # an arbiter sees the drafts
        (Role.COMMITTEE_MEMBER, "results", 200),
        (Role.COMMITTEE_MEMBER, "committee", 200),
        (Role.TEAM_CAPTAIN, "results", 403),
        (Role.TEAM_CAPTAIN, "committee", 403),
    ],
)
def test_a_superuser_given_a_role_has_that_roles_powers_only(client, posted, admin, role, page, status):
    Membership.objects.create(
        user=admin,
        tournament=posted.tournament,
        role=role,
        team=posted.teams[0] if role == "team_captain" else None,
    )
    client.force_login(admin)
    url = _round(posted) + "results/" if page == "results" else _committee(posted)
    assert client.get(url).status_code == status


def test_a_superuser_given_the_arbiter_role_enters_results(client, posted, admin):
    Membership.objects.create(user=admin, tournament=posted.tournament, role=Role.ARBITER)
    client.force_login(admin)
    assert client.post(_round(posted) + "match/1/", {"board_1": "1-0"}).status_code == 302
    assert BoardGame.objects.get(match=posted.matches[0], board=1).result == "1-0"


def test_the_administrators_own_acts_stay_his(client, posted, admin):
    client.force_login(admin)
    assert client.get("/ops/import/").status_code == 200
    assert client.get("/accounts/lockouts/").status_code == 200


def test_a_superuser_without_a_role_is_refused_the_committees_api(client, posted, admin):
    client.force_login(admin)
    base = f"/api/tournaments/{posted.tournament.slug}/rounds/{posted.round.number}/"
    assert client.get(base + "draft/").status_code == 403
    assert client.get(base + "runs/").status_code == 403
    assert client.post(base + "approvals/", {}, content_type="application/json").status_code == 403


def test_a_superuser_given_the_committee_role_reads_the_committees_api(client, posted, admin):
    Membership.objects.create(user=admin, tournament=posted.tournament, role=Role.COMMITTEE_MEMBER)
    client.force_login(admin)
    base = f"/api/tournaments/{posted.tournament.slug}/rounds/{posted.round.number}/"
    assert client.get(base + "runs/").status_code == 200
