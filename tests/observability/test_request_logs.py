"""One JSON log line per request, with the tournament and round of the page."""

from __future__ import annotations

from django.test import Client

from observability import context


def _requests(json_log) -> list[dict]:
    return [line for line in json_log.lines() if line.get("event") == "request"]


def test_a_page_request_logs_one_json_line_with_its_tournament_round_status_and_time(
    client, committee_event, json_log
):
    slug = committee_event.tournament.slug
    response = client.get(f"/ops/t/{slug}/r/1/boards/")
    lines = _requests(json_log)
    assert len(lines) == 1
    line = lines[0]
    assert line["logger"] == "pairing_site.request" and line["level"] == "INFO"
    assert line["method"] == "GET" and line["path"] == f"/ops/t/{slug}/r/1/boards/"
    assert line["status"] == response.status_code
    assert line["tournament"] == slug and line["round"] == 1
    assert isinstance(line["duration_ms"], float) and "time" in line
    assert line["request_id"] == response["X-Request-ID"]


def test_a_tournament_page_without_a_round_logs_the_tournament_only(client, committee_event, json_log):
    client.get(f"/t/{committee_event.tournament.slug}/")
    (line,) = _requests(json_log)
    assert line["tournament"] == committee_event.tournament.slug and "round" not in line


def test_the_line_names_the_logged_in_user_by_id_and_the_client_address(committee_event, json_log):
    client = Client()
    client.force_login(committee_event.chair)
    client.get("/", REMOTE_ADDR="198.51.100.4")
    (line,) = _requests(json_log)
    assert line["user_id"] == committee_event.chair.pk and line["client"] == "198.51.100.4"


def test_a_lineup_link_token_is_masked_in_the_log(client, committee_event, json_log):
    client.get("/ops/lineup/a-secret-link-token/")
    (line,) = _requests(json_log)
    assert "a-secret-link-token" not in str(json_log.lines())
    assert line["path"] == "/ops/lineup/***/" and line["status"] == 404


def test_a_request_id_given_by_the_proxy_is_kept(client, db, json_log):
    response = client.get("/", HTTP_X_REQUEST_ID="edge-1234")
    assert response["X-Request-ID"] == "edge-1234"
    assert _requests(json_log)[0]["request_id"] == "edge-1234"


def test_health_checks_are_logged_at_debug_only(client, db, json_log):
    client.get("/healthz/")
    (line,) = _requests(json_log)
    assert line["level"] == "DEBUG"


def test_lines_logged_while_handling_carry_the_bound_tournament_and_round(json_log):
    import logging

    token = context.bind(tournament="spring-league", round=4)
    try:
        logging.getLogger("committee.services.runs").info("something happened")
    finally:
        context.reset(token)
    logging.getLogger("committee.services.runs").info("afterwards")
    during, after = json_log.lines()
    assert (during["tournament"], during["round"]) == ("spring-league", 4)
    assert "tournament" not in after


def test_a_page_served_from_the_shared_cache_still_logs_its_tournament(client, committee_event, json_log):
    slug = committee_event.tournament.slug
    first = client.get(f"/t/{slug}/")
    client.get(f"/t/{slug}/")  # the shared anonymous copy, served before the view runs
    client.get(f"/t/{slug}/", HTTP_IF_NONE_MATCH=first["ETag"])
    lines = _requests(json_log)
    assert [line["status"] for line in lines] == [200, 200, 304]
    assert all(line["tournament"] == slug for line in lines)
