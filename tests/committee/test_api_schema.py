"""The API schema (drf-spectacular) and a schemathesis run of it with each role's token.

No operation answers 500, and a role without the right never gets a 2xx
from the committee's endpoints (no draft leaks). Kept small: a few examples
per operation, path parameters pointed at a real tournament, round and run.
"""

import pytest
import schemathesis
from django.core.management import call_command
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token

from committee import services

COMMITTEE_PATHS = r"^/api/(runs/|tournaments/\{slug\}/(rounds|teams)/)"
VIEW_ONLY = {"arbiter", "chief"}
WRITE = {"member", "chair"}


def test_the_schema_generates_and_validates_without_warnings(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--file", str(out), "--validate", "--fail-on-warn")
    text = out.read_text()
    for path in (
        "/api/tournaments/{slug}/rounds/{number}/pairings/",
        "/api/tournaments/{slug}/rounds/{number}/draft/",
        "/api/tournaments/{slug}/rounds/{number}/publications/",
        "/api/runs/{id}/",
    ):
        assert path in text


def _schema():
    from pairing_site.wsgi import application

    loaded = schemathesis.openapi.from_wsgi("/api/schema/", application).include(path_regex=COMMITTEE_PATHS)
    # Keep it small: generated examples only (no coverage phase over every method and boundary).
    loaded.config.phases.coverage.enabled = False
    return loaded


schema = _schema()


def _may(role: str, method: str, path: str) -> bool:
    public = path.endswith(("/pairings/", "/teams/")) or path == "/api/tournaments/{slug}/rounds/"
    if public and method == "GET":
        return True
    if path.endswith("/overrides/"):
        return role == "chief"  # the Chief Arbiter's alone (C.04.6 3.3.3)
    if method == "GET":
        return role in VIEW_ONLY | WRITE
    return role in WRITE


ROLES = ["public", "captain", "arbiter", "chief", "member"]


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """The WSGI app closes the database connection after each request; not inside a test's transaction.

    (Django's test client does the same; schemathesis calls the WSGI app directly.)
    """
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.slow
@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_operation_answers_each_role_without_errors_or_leaks(case, committee_event, compute):
    rnd = committee_event.round(1)
    run = compute(rnd, committee_event.member) if not rnd.pairing_runs.exists() else rnd.pairing_runs.first()
    version = services.current_version(rnd)
    if "slug" in case.path_parameters:
        case.path_parameters["slug"] = committee_event.tournament.slug
    if "number" in case.path_parameters:
        case.path_parameters["number"] = 1
    if "id" in case.path_parameters:
        case.path_parameters["id"] = run.pk
    if isinstance(case.body, dict) and "version" in case.body:
        case.body["version"] = version.pk
    generated = dict(case.headers or {})
    generated.pop("Authorization", None)
    for role in ROLES:
        case.headers = dict(generated)  # a call leaves its headers on the case
        headers = {}
        if role != "public":
            token, _ = Token.objects.get_or_create(user=committee_event.users[role])
            headers["Authorization"] = f"Token {token.key}"
        response = case.call(headers=headers)
        assert response.status_code < 500, (role, response.text)
        method = case.method.upper()
        if not _may(role, method, case.path):
            assert "Team 4" not in response.text, (role, method, case.path)
            if method != "OPTIONS":  # OPTIONS answers the endpoint's metadata only
                assert response.status_code in (400, 401, 403, 404, 405), (
                    role,
                    method,
                    case.path,
                    response.status_code,
                )
