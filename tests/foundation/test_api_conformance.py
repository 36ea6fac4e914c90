"""Every API answer is one the schema documents (issue 18, item 4): schemathesis, every role.

Schemathesis reads the app's own schema (``/api/schema/``) and calls every operation through
the WSGI app, with generated valid and invalid requests, as each role: anonymous, a captain, an
arbiter, a committee member and the chair (each with his token). The path points at a small
seeded tournament (round 1 published and in play with its boards, round 2 not paired yet) so the
answers are real ones, not only 404s. Checks: no server error, every status code documented,
every body (errors included) and its content type as documented, every request the schema calls
invalid refused. Kept small (a few examples an
operation) so it runs in about a minute.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis import checks as st_checks
from schemathesis.core.parameters import ParameterLocation

from tests.committee.conftest import build_event, publish_round, put_in_play
from tests.conftest import built_once_per_module

ROLES = ("anonymous", "captain", "arbiter", "member", "chair")
CHECKS = [
    st_checks.not_a_server_error,
    st_checks.status_code_conformance,
    st_checks.response_schema_conformance,
    st_checks.content_type_conformance,
    st_checks.negative_data_rejection,  # a request the schema calls invalid is refused
]


def _schema():
    from pairing_site.wsgi import application

    loaded = schemathesis.openapi.from_wsgi("/api/schema/", application)
    # Generated examples, valid and invalid (no coverage phase over every boundary: minutes, not one).
    loaded.config.phases.coverage.enabled = False
    return loaded


schema = _schema()


def _build(slug: str):
    from tournaments.services import create_board_games

    event = build_event(slug)
    rnd = put_in_play(publish_round(event.round(1), event.member).round)
    boards = event.tournament.boards
    for match in rnd.matches.select_related("white_team", "black_team").filter(is_bye=False):
        create_board_games(
            match,
            list(match.white_team.players.all()[:boards]),
            list(match.black_team.players.all()[:boards]),
        )
    return event


@pytest.fixture(scope="module")
def event(request, django_db_setup, django_db_blocker):
    with built_once_per_module(request, django_db_blocker, "api-", _build) as built:
        yield built


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """The WSGI app closes the database connection after each request; not inside a test's transaction."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _aim_at_the_event(case, event) -> None:
    """Path parameters name the seeded tournament, round 1 or 2, a table and the run that exists."""
    from committee import selectors

    params = case.path_parameters or {}
    number = 1 + (params.get("number", 0) if isinstance(params.get("number"), int) else 0) % 2
    if "slug" in params:
        params["slug"] = event.tournament.slug
    if "number" in params:
        params["number"] = number
    if "table" in params:
        table = params["table"] if isinstance(params["table"], int) else 1
        params["table"] = 1 + table % 3
    if "id" in params:
        params["id"] = event.round(1).pairing_runs.first().pk
    if isinstance(case.body, dict) and "version" in case.body:
        version = selectors.current_version(event.round(number))
        case.body["version"] = version.pk if version else case.body["version"]


def _headers(event, role: str) -> dict[str, str]:
    if role == "anonymous":
        return {}
    token, _created = Token.objects.get_or_create(user=event.users[role])  # a DELETE may have revoked it
    return {"Authorization": f"Token {token.key}"}


@pytest.mark.slow
@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_answer_of_every_operation_is_documented_for_every_role(case, event):
    if case.meta is not None and case.meta.is_negative_at(ParameterLocation.PATH):
        return  # the path is aimed at the event below, which would make an invalid one valid
    _aim_at_the_event(case, event)
    generated = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
    for role in ROLES:
        case.headers = dict(generated)  # a call leaves its headers on the case
        case.call_and_validate(headers=_headers(event, role), checks=CHECKS)


# -- the findings, one by one --------------------------------------------------------------------


def _components() -> dict:
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


@pytest.mark.django_db
def test_the_engines_draft_has_no_author_and_the_schema_says_so(event, client):
    client.force_login(event.member)
    draft = client.get(f"/api/tournaments/{event.tournament.slug}/rounds/1/draft/").json()
    assert draft["author"] is None
    author = _components()["components"]["schemas"]["DraftVersion"]["properties"]["author"]
    assert author["nullable"] is True


def test_every_operation_documents_its_error_answers():
    paths = _components()["paths"]
    results = paths["/api/ops/t/{slug}/rounds/{number}/matches/{table}/results/"]["post"]["responses"]
    assert {"200", "400", "401", "403", "404", "409", "415"} <= set(results)
    public = paths["/api/tournaments/{slug}/rounds/{number}/pairings/"]["get"]["responses"]
    assert {"200", "401", "404"} <= set(public) and "403" not in public  # public: never refused by role
    draft = paths["/api/tournaments/{slug}/rounds/{number}/draft/"]["get"]["responses"]
    assert {"200", "401", "403", "404"} <= set(draft)
    assert "409" in paths["/api/tournaments/{slug}/rounds/{number}/approvals/"]["post"]["responses"]


@pytest.mark.django_db
def test_public_reasons_without_show_is_refused_naming_it_whatever_the_body_type(event):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(event.chair)
    url = f"/api/tournaments/{event.tournament.slug}/public-reasons/"
    missing = api.put(url, {}, format="json")
    assert missing.status_code == 400 and "show" in missing.json()
    form = api.put(url, {}, format="multipart")  # a form read a missing "show" as false: refused now
    assert form.status_code == 415


@pytest.mark.django_db
def test_a_form_patch_of_one_notice_switch_no_longer_turns_the_others_off(event):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(event.member)
    url = "/api/notifications/preferences/"
    assert api.patch(url, {"pairings": "false"}, format="multipart").status_code == 415
    after = api.get(url).json()
    assert after["lineup_window"] is True and after["run_failures"] is True
    changed = api.patch(url, {"pairings": False}, format="json")
    assert changed.status_code == 200 and changed.json()["run_failures"] is True


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("role", "method", "path", "body", "field"),
    [
        ("chair", "put", "/api/tournaments/{slug}/public-reasons/", {"show": 0}, "show"),
        ("member", "patch", "/api/notifications/preferences/", {"pairings": "no"}, "pairings"),
        ("chair", "post", "/api/tournaments/{slug}/rounds/1/notes/", {"text": 0}, "text"),
        (
            "arbiter",
            "post",
            "/api/ops/t/{slug}/rounds/1/matches/1/results/",
            {"results": {"1": 1}, "expected": {"1": ""}},
            "results",
        ),
    ],
)
def test_a_value_of_another_json_type_than_the_schema_says_is_refused_naming_the_field(
    event, role, method, path, body, field
):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(event.users[role])
    response = getattr(api, method)(path.format(slug=event.tournament.slug), body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json()


def test_an_api_path_that_names_nothing_answers_404_in_json_and_a_page_stays_html(client):
    api = client.get("/api/ops/t/no-such-event/rounds/abc/boards/")  # a round is a number: no route
    assert api.status_code == 404 and api["Content-Type"] == "application/json"
    assert api.json()["detail"]
    page = client.get("/ops/t/no-such-event/r/abc/boards/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
