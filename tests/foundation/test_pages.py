"""The home page, a tournament's page, login, the API schema and its docs."""

import pytest

from tournaments.models import RoundState


@pytest.fixture
def league(make_tournament, make_team):
    t = make_tournament(name="Spring League", slug="spring-league", rounds_total=3)
    for i, name in enumerate(["Rooks", "Knights", "Bishops"], start=1):
        make_team(t, name, tpn=i)
    t.rounds.filter(number=1).update(state=RoundState.PUBLISHED)
    return t


def test_the_home_page_lists_tournaments_with_their_current_round(client, league):
    page = client.get("/").content.decode()
    assert "Spring League" in page
    assert "Round 1 of 3: Pairing published" in page
    assert 'src="/static/vendor/htmx.min.js"' in page


def test_the_home_page_says_how_to_get_a_demo_when_empty(client, db):
    assert "seed_demo" in client.get("/").content.decode()


def test_a_tournament_page_shows_rounds_teams_and_links_to_the_other_pages(client, league):
    page = client.get("/t/spring-league/").content.decode()
    assert "Rooks" in page and "Knights" in page
    assert "/t/spring-league/round/1/pairings/" in page  # round 1 is paired: link to it
    assert "/ops/t/spring-league/standings/" in page


def test_an_unknown_tournament_is_not_found(client, db):
    assert client.get("/t/nope/").status_code == 404


def test_a_demo_user_logs_in_with_the_login_page(client, make_user):
    make_user("chair")
    response = client.post("/accounts/login/", {"username": "chair", "password": "demo"})
    assert response.status_code == 302
    assert "chair" in client.get("/").content.decode()


def test_the_api_publishes_an_openapi_schema_and_swagger_ui(client, db):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"openapi" in schema.content
    assert client.get("/api/docs/").status_code == 200


def test_the_health_check_answers_ok_with_the_database_up(client, db):
    response = client.get("/healthz/")
    assert response.status_code == 200
    assert response.json()["database"]["ok"] is True


def test_the_tournament_api_lists_tournaments_for_anyone(client, league):
    data = client.get("/api/tournaments/").json()
    assert data["results"][0]["slug"] == "spring-league"


def test_swagger_ui_is_served_from_the_sites_own_static_files(client, db):
    page = client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page
    assert "cdn.jsdelivr" not in page


def test_a_logged_in_member_sees_their_roles_with_a_link_to_their_pages(client, league, make_user):
    make_user("chair", role="committee_chair", tournament=league)
    client.login(username="chair", password="demo")
    page = client.get("/").content.decode()
    assert "Pairing committee chair" in page
    assert "/committee/spring-league/" in page
