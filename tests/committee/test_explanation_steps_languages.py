"""The committee's explanation: the rule-by-rule steps in the reader's language (issue 20 item 3).

The engine keeps each step as a message (``data["message_data"]``); the committee's round page
writes it in French, Spanish or Russian (teams named by the page's names), and marks
``lang="en"`` only a step that quotes a reason the engine still writes in English.
"""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache

import engine
from committee.models import PairingRun
from committee.named_steps import TOPIC_LABELS
from committee.selectors import team_names
from engine.messages import fully_translated, render

pytestmark = pytest.mark.django_db

RULE_TOPICS_SKIPPED = (
    "options",
    "why",
    "round",
)  # the options and the round's count are the site's own lines


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()
    yield
    cache.clear()


def _rule_steps(page: str) -> str:
    return page.split('id="rule-steps"', 1)[1].split("</ol>", 1)[0]


def _explanation_page(client, event, compute, language: str) -> tuple[PairingRun, str]:
    run = compute(event.round(1), event.member)
    assert run.status == "succeeded", run.error
    client.force_login(event.member)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(f"/committee/{event.tournament.slug}/round/1/").content.decode()
    return run, html.unescape(_rule_steps(page))


def _steps(run: PairingRun) -> list[dict]:
    return [s for s in run.explanation if s.get("topic") not in RULE_TOPICS_SKIPPED]


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
def test_a_reader_sees_every_c0406_explanation_step_of_the_committee_page_in_his_language(
    client, committee_event, compute, language
):
    run, steps_html = _explanation_page(client, committee_event, compute, language)
    steps = _steps(run)
    assert {"bye", "bracket", "pairing", "colour"} <= {s["topic"] for s in steps}
    names = team_names(committee_event.round(1))
    for s in steps:
        said = s["data"]["message_data"]
        assert fully_translated(said)
        assert s["message"] not in steps_html  # the English is gone
        assert render(said, language, names) in steps_html
    assert "is paired without upfloaters" not in steps_html and "colour preference" not in steps_html


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
def test_a_reader_sees_the_d02_explanation_steps_of_the_committee_page_in_his_language(
    client, d02_event, compute, language
):
    run, steps_html = _explanation_page(client, d02_event, compute, language)
    steps = _steps(run)
    assert {"scores", "groups", "bye", "boards", "colour"} <= {s["topic"] for s in steps}
    names = team_names(d02_event.round(1))
    for s in steps:
        said = s["data"].get("message_data")
        if said is None:  # a D.02 float reason, still the engine's English
            assert s["topic"] == "floaters"
            continue
        assert render(said, language, names) in steps_html
        if fully_translated(said):
            assert s["message"] not in steps_html
    for english in ("receives the bye", "boards are numbered", "the median team is", "has White on board 1"):
        assert english not in steps_html


def test_the_steps_topics_read_in_french_and_every_topic_the_engine_writes_has_a_label(
    client, committee_event, compute
):
    run, steps_html = _explanation_page(client, committee_event, compute, "fr")
    topics = re.findall(r'<span class="topic" lang="fr">([^<]+)</span>', steps_html)
    assert len(topics) == len(_steps(run)) + len([s for s in run.explanation if s.get("topic") == "round"])
    assert {"exempt", "groupe d'appariement", "appariement", "couleurs", "ronde"} <= set(topics)
    assert not {"bye", "bracket", "pairing", "colour", "round"} & set(topics)  # the engine's identifiers
    assert 'class="step step-pairing"' in steps_html  # the identifier stays the step's class

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    cache.clear()
    english = client.get(f"/committee/{committee_event.tournament.slug}/round/1/").content.decode()
    assert '<span class="topic" lang="en">pairing</span>' in english  # English: the identifier, as it was

    def topics_written(node) -> set[str]:
        """The topics the engine's source gives a Step (its second argument, or ``topic=``)."""
        found = set()
        for call in ast.walk(node):
            if not isinstance(call, ast.Call):
                continue
            name = getattr(call.func, "id", getattr(call.func, "attr", ""))
            args = call.args[1:2] if name in ("Step", "explain", "step") else []
            args += [k.value for k in call.keywords if k.arg == "topic"]
            found |= {a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
        return found

    written = set()
    for path in Path(engine.__file__).parent.rglob("*.py"):
        written |= topics_written(ast.parse(path.read_text()))
    assert {"aro", "rows", "transfer", "groups", "combination"} <= written
    assert written <= set(TOPIC_LABELS), sorted(written - set(TOPIC_LABELS))
