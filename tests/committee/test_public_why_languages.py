"""The public "why" lines in the reader's language (issue 20 item 3).

The pairing is the real engine's (the committee's own C.04.6 run of round 1 of
a 7-team event); the engine keeps its reasons as messages and the site writes
them in the reader's language on the public pairings page and in the API
(``Accept-Language``). A run stored before the engine did so (English strings
only) still shows its reasons, in English, marked ``lang="en"``.
"""

from __future__ import annotations

import html

import pytest
from django.conf import settings
from django.core.cache import cache
from rest_framework.test import APIClient

from committee import services
from committee.models import PairingRun
from engine.messages import render
from engine.result import WHY_TOPIC

pytestmark = pytest.mark.django_db

# The words that open the round-1 reasons of C.04.6 (3.6: paired within the scoregroup; 3.4: the bye).
WITHIN = {
    "fr": "Les deux équipes ont 0 point de match",
    "es": "Ambos equipos tienen 0 puntos de match",
    "ru": "У обеих команд 0 командных очков",
}
BYE = {
    "fr": "Exempt attribué par l'appariement",
    "es": "Descanso asignado por el emparejamiento",
    "ru": "Свободный тур по жеребьёвке",
}


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()
    yield
    cache.clear()


def _published(event, compute):
    run = compute(event.round(1), event.member)
    version = services.current_version(event.round(1))
    services.approve(version=version, user=event.member)
    publication = services.publish(version=version, user=event.member)
    steps = {s["data"]["tpn"]: s["data"] for s in run.explanation if s.get("topic") == WHY_TOPIC}
    assert steps and all("opponent_message" in d for d in steps.values())
    return run, publication, steps


def _page(client, event, language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return html.unescape(client.get(f"/t/{event.tournament.slug}/round/1/pairings/").content.decode())


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
def test_a_reader_sees_every_why_line_of_the_public_pairings_page_in_his_language(
    client, committee_event, compute, language
):
    run, publication, steps = _published(committee_event, compute)
    body = _page(client, committee_event, language)
    names = publication.teams or {}
    for data in steps.values():
        assert data["opponent_reason"] not in body  # the English is gone
        assert render(data["opponent_message"], language, names) in body
        if data.get("colour_message"):
            assert render(data["colour_message"], language, names) in body
    assert body.count(WITHIN[language]) >= 2 and BYE[language] in body
    assert 'class="why-line"><span lang="en">' not in body


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
def test_the_public_api_gives_the_why_lines_in_the_accept_language(committee_event, compute, language):
    run, publication, steps = _published(committee_event, compute)
    url = f"/api/tournaments/{committee_event.tournament.slug}/rounds/1/pairings/"
    data = APIClient().get(url, HTTP_ACCEPT_LANGUAGE=language).json()
    sides = [r[s] for r in data["latest"]["pairings"] for s in ("white", "black")] + [
        data["latest"]["bye"]["team"]
    ]
    for side in sides:
        step = steps[side["tpn"]]
        assert side["why"]["opponent_reason"] == render(
            step["opponent_message"], language, publication.teams or {}
        )
        assert side["why"]["opponent_reason"] != step["opponent_reason"]
    assert BYE[language] in data["latest"]["bye"]["team"]["why"]["opponent_reason"]
    english = APIClient().get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    assert english["latest"]["bye"]["team"]["why"]["opponent_reason"].startswith("Pairing-allocated bye")


def test_a_run_stored_before_the_reasons_were_messages_still_shows_them_in_english(
    client, committee_event, compute
):
    run, publication, steps = _published(committee_event, compute)
    old = [
        {**s, "data": {k: v for k, v in s["data"].items() if not k.endswith("_message")}}
        if s.get("topic") == WHY_TOPIC
        else s
        for s in run.explanation
    ]
    PairingRun.objects.filter(pk=run.pk).update(explanation=old)
    cache.clear()
    body = _page(client, committee_event, "fr")
    assert BYE["fr"] not in body
    assert '<span lang="en">Pairing-allocated bye' in body


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_the_committees_explanation_gives_each_teams_why_step_in_the_readers_language(
    client, committee_event, compute, language
):
    run = compute(committee_event.round(1), committee_event.member)
    steps = [s["data"] for s in run.explanation if s.get("topic") == WHY_TOPIC]
    client.force_login(committee_event.member)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    body = html.unescape(
        client.get(f"/committee/{committee_event.tournament.slug}/round/1/").content.decode()
    )
    section = body.split('id="why-steps"', 1)[1].split("</details>", 1)[0]
    assert steps
    for data in steps:
        assert data["opponent_reason"] not in section
        assert f"[{data['opponent_article']}]" in section
    assert BYE[language] in section and WITHIN[language] in section
    assert 'lang="en"' not in section


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
def test_the_checkers_colour_message_on_an_amended_draft_is_in_the_readers_language(
    client, committee_event, compute, language
):
    rnd = committee_event.round(1)
    compute(rnd, committee_event.member)
    version = services.current_version(rnd)
    first = version.pairing["pairs"][0]
    services.amend_draft(
        version=version,
        operation="swap_colours",
        team_a=first["white"],
        team_b=first["black"],
        user=committee_event.member,
    )
    report = services.current_version(rnd).check_report
    colour = next(v for v in report["violations"] if "gives White to" in v["message"])
    assert "message_data" in colour
    client.force_login(committee_event.member)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    body = html.unescape(
        client.get(f"/committee/{committee_event.tournament.slug}/round/1/").content.decode()
    )
    checker = body.split('class="violations"', 1)[1].split("</ul>", 1)[0]
    assert colour["message"] not in checker
    assert {"fr": "donne les Blancs à", "es": "da las Blancas a", "ru": "даёт белые команде"}[
        language
    ] in checker
    assert f"Team {first['white']} (TPN {first['white']})" in checker  # the team named, as in English
