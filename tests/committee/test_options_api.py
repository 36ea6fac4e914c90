"""The pairing options through the API: the chair reads, chooses, and after round 1 records a decision."""

import pytest
from rest_framework.test import APIClient

from engine.options import UNSET, specs
from tournaments.pairing_options import site_specs, values_in_force

from .options_helpers import other_value

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(committee_event):
    client = APIClient()
    client.force_authenticate(committee_event.chair)
    return client, f"/api/tournaments/{committee_event.tournament.slug}/"


def test_the_api_lists_every_setting_with_its_article_value_default_and_fide_tools_reading(
    committee_event, api
):
    client, base = api
    body = client.get(base + "options/").json()
    assert body["system"] == "c0406" and body["frozen"] is False and body["decisions"] == []
    listed = {o["key"]: o for o in body["options"]}
    assert list(listed) == [s.key for s in specs("c0406") if s.site]
    for spec in site_specs("c0406"):
        o = listed[spec.key]
        assert (o["article"], o["label"], o["help"]) == (spec.article, spec.label, spec.help)
        assert o["value"] == spec.default and o["is_default"] is True
        assert o["has_fide_tool"] == (spec.fide_tool is not UNSET)
        if spec.choices:
            assert [c["value"] for c in o["choices"] if c["default"]] == [spec.default]


def test_the_chair_chooses_options_with_json_values_and_a_bad_one_is_named(committee_event, api):
    client, base = api
    spec = site_specs("c0406")[0]
    response = client.put(base + "options/", {"options": {spec.key: other_value(spec)}}, format="json")
    assert response.status_code == 200, response.content
    assert next(o for o in response.json()["options"] if o["key"] == spec.key)["value"] == other_value(spec)
    bad = client.put(base + "options/", {"options": {spec.key: 42, "no_such": 1}}, format="json")
    assert bad.status_code == 400
    errors = bad.json()["errors"]
    assert spec.article in errors[spec.key] and "no_such" in errors
    committee_event.tournament.refresh_from_db()
    assert values_in_force(committee_event.tournament)[spec.key] == other_value(spec)


def test_after_round_1_a_put_is_refused_and_a_decision_changes_the_options(committee_event, api, publish):
    client, base = api
    publish(committee_event.round(1), committee_event.member)
    spec = site_specs("c0406")[0]
    refused = client.put(base + "options/", {"options": {spec.key: other_value(spec)}}, format="json")
    assert refused.status_code == 409 and "frozen" in refused.json()["detail"]
    no_reason = client.post(
        base + "options/decisions/", {"options": {spec.key: other_value(spec)}, "reason": ""}, format="json"
    )
    assert no_reason.status_code == 400 and "reason" in no_reason.json()["detail"]
    created = client.post(
        base + "options/decisions/",
        {"options": {spec.key: other_value(spec)}, "reason": "Regulations, article 7."},
        format="json",
    )
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["round"] == 2 and body["frozen"] is True and len(body["changes"]) == 1
    [decision] = body["decisions"]
    assert (
        decision["author"] == committee_event.chair.username
        and decision["reason"] == "Regulations, article 7."
    )
    assert decision["before"][spec.key] == spec.default and decision["after"][spec.key] == other_value(spec)
