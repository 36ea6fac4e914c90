"""The public "why" of each published pairing, team by team, and the committee's explanation view.

The pairing is the real engine's (the committee's own run of round 1 of a
7-team C.04.6 event); its "why" steps are the engine's where it writes
them, else built with ``RoundPairing.explain_why`` from that real pairing
(tests/committee/options_helpers.py).
"""

import html

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from committee import services
from committee.services.options import set_public_reasons

from .options_helpers import with_why_steps

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()
    yield
    cache.clear()


def _computed(event, compute):
    run = compute(event.round(1), event.member)
    steps = with_why_steps(run)
    assert steps, "the run has a why step per team"
    return run, {s["data"]["tpn"]: s["data"] for s in steps}


def _publish_current(event):
    version = services.current_version(event.round(1))
    services.approve(version=version, user=event.member)
    return services.publish(version=version, user=event.member)


def _line(data) -> str:
    out = f"{data['opponent_reason']} <cite>[{data['opponent_article']}]</cite>"
    if data.get("colour_reason"):
        out += f" {data['colour_reason']}"
    return out


def _page(client, event) -> str:
    return client.get(f"/t/{event.tournament.slug}/round/1/pairings/").content.decode()


def _row_why(body: str, table) -> str:
    marker = f'id="why-{table}"'
    return body.split(marker, 1)[1].split("</tr>", 1)[0] if marker in body else ""


def test_each_team_of_the_published_pairing_has_its_why_line_citing_the_article(
    client, committee_event, compute
):
    run, why = _computed(committee_event, compute)
    publication = _publish_current(committee_event)
    body = _page(client, committee_event)
    for table, pair in enumerate(publication.pairing["pairs"], start=1):
        row = _row_why(body, table)
        for tpn in (pair["white"], pair["black"]):
            assert why[tpn]["opponent_reason"] in html.unescape(row)
            assert f"[{why[tpn]['opponent_article']}]" in html.unescape(row)
            if why[tpn].get("colour_reason"):
                assert why[tpn]["colour_reason"] in html.unescape(row)
                assert f"[{why[tpn]['colour_article']}]" in html.unescape(row)
    bye = publication.pairing["bye"]
    assert bye is not None
    assert why[bye]["opponent_reason"] in html.unescape(_row_why(body, "bye"))


def test_the_public_api_gives_each_side_its_why_line(committee_event, compute):
    run, why = _computed(committee_event, compute)
    _publish_current(committee_event)
    data = APIClient().get(f"/api/tournaments/{committee_event.tournament.slug}/rounds/1/pairings/").json()
    sides = [r[s] for r in data["latest"]["pairings"] for s in ("white", "black")]
    sides.append(data["latest"]["bye"]["team"])
    for side in sides:
        line = side["why"]
        assert line["by_committee"] is False
        assert line["opponent_reason"] == why[side["tpn"]]["opponent_reason"]
        assert line["opponent_article"] == why[side["tpn"]]["opponent_article"]
        assert f"[{line['opponent_article']}]" in line["text"]


def test_the_committee_can_hide_the_why_lines_and_the_cached_public_page_follows(
    client, committee_event, compute, django_capture_on_commit_callbacks
):
    _computed(committee_event, compute)
    _publish_current(committee_event)
    assert "why-cell" in _page(client, committee_event)  # cached now for the anonymous public
    api = f"/api/tournaments/{committee_event.tournament.slug}/rounds/1/pairings/"
    assert APIClient().get(api).json()["latest"]["pairings"][0]["white"]["why"] is not None
    with django_capture_on_commit_callbacks(execute=True):
        set_public_reasons(tournament=committee_event.tournament, user=committee_event.member, show=False)
    body = _page(client, committee_event)
    assert "why-cell" not in body and "why-line" not in body
    assert APIClient().get(api).json()["latest"]["pairings"][0]["white"]["why"] is None
    with django_capture_on_commit_callbacks(execute=True):
        set_public_reasons(tournament=committee_event.tournament, user=committee_event.member, show=True)
    assert "why-cell" in _page(client, committee_event)


def test_the_dashboard_switch_hides_the_reasons(client, committee_event):
    client.force_login(committee_event.member)
    slug = committee_event.tournament.slug
    assert "Hide the reasons" in client.get(f"/committee/{slug}/").content.decode()
    client.post(f"/committee/{slug}/public-reasons/", {})
    committee_event.tournament.refresh_from_db()
    assert committee_event.tournament.show_pairing_reasons is False
    client.post(f"/committee/{slug}/public-reasons/", {"show": "on"})
    committee_event.tournament.refresh_from_db()
    assert committee_event.tournament.show_pairing_reasons is True


def test_amended_pairs_say_the_committee_set_them_and_cite_its_decision_not_the_engines_reasons(
    client, committee_event, compute
):
    run, why = _computed(committee_event, compute)
    pairs = run.output["pairs"]
    a, b = pairs[0]["white"], pairs[1]["white"]  # a and b swap places: two pairs change
    version = services.current_version(committee_event.round(1))
    amended = services.amend_draft(
        version=version, operation="swap_opponents", team_a=a, team_b=b, user=committee_event.member
    )
    new_pairs = {frozenset((p["white"], p["black"])) for p in amended.pairing["pairs"]}
    pair_of_a = next(p for p in new_pairs if a in p)
    note = services.add_note(
        round=committee_event.round(1),
        user=committee_event.member,
        text="Team a meets its new opponent: agreed by the committee.",
        pairings=[tuple(sorted(pair_of_a))],
    )
    services.approve(version=amended, user=committee_event.member)
    publication = services.publish(version=amended, user=committee_event.member)
    body = html.unescape(_page(client, committee_event))
    for table, pair in enumerate(publication.pairing["pairs"], start=1):
        row = _row_why(body, table)
        teams = {pair["white"], pair["black"]}
        if teams == set(pair_of_a):
            assert f"decision no. {note.pk}" in row
        if teams & {a, b}:
            assert "set by a decision of the pairing committee" in row
            for tpn in teams:
                assert why[tpn]["opponent_reason"] not in row
        else:
            for tpn in teams:
                assert why[tpn]["opponent_reason"] in row and "pairing committee" not in row
    # The other amended pair has no note of its own: the amendment is cited.
    other = next(
        p for p in publication.pairing["pairs"] if {p["white"], p["black"]} & {a, b} - set(pair_of_a)
    )
    row = _row_why(body, publication.pairing["pairs"].index(other) + 1)
    assert f"amendment of draft version {amended.number}" in row


def test_swapped_colours_keep_the_engines_opponent_reason_and_cite_the_committee_for_colours(
    committee_event, compute
):
    run, why = _computed(committee_event, compute)
    first = run.output["pairs"][0]
    version = services.current_version(committee_event.round(1))
    amended = services.amend_draft(
        version=version, operation="swap_colours", team_a=first["white"], user=committee_event.member
    )
    services.approve(version=amended, user=committee_event.member)
    services.publish(version=amended, user=committee_event.member)
    data = APIClient().get(f"/api/tournaments/{committee_event.tournament.slug}/rounds/1/pairings/").json()
    row = data["latest"]["pairings"][0]
    for side in (row["white"], row["black"]):
        line = side["why"]
        assert line["by_committee"] is True
        assert line["opponent_reason"] == why[side["tpn"]]["opponent_reason"]
        assert "colours were set by a decision of the pairing committee" in line["colour_reason"]
        assert line["colour_article"] == f"amendment of draft version {amended.number}, " + (
            amended.created_at.strftime("%Y-%m-%d")
        )


def test_the_explanation_view_puts_the_options_first_and_the_why_lines_in_their_own_section(
    client, committee_event, compute
):
    from committee.models import PairingRun

    run, why = _computed(committee_event, compute)
    steps = list(run.explanation)
    if not any(s["topic"] == "options" for s in steps):  # the engine's step, once it writes one
        steps.insert(
            0, {"article": "C.04.6", "topic": "options", "message": "Options in force: …", "data": {}}
        )
        PairingRun.objects.filter(pk=run.pk).update(explanation=steps)
    client.force_login(committee_event.member)
    body = client.get(f"/committee/{committee_event.tournament.slug}/round/1/").content.decode()
    explanation = body.split('id="explanation"', 1)[1]
    assert explanation.index('id="options-in-force-steps"') < explanation.index('id="rule-steps"')
    rules = explanation.split('id="rule-steps"', 1)[1].split("</ol>", 1)[0]
    assert "step-why" not in rules and "step-options" not in rules
    section = explanation.split('id="why-steps"', 1)[1].split("</details>", 1)[0]
    for data in why.values():
        assert html.escape(data["opponent_reason"], quote=True) in section
