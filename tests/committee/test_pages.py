"""The committee's pages: the run panel polled by htmx, failures shown plainly, the review page."""

import pytest

from committee import services

pytestmark = pytest.mark.django_db


def test_the_run_panel_polls_while_a_run_is_queued_and_refreshes_the_page_when_it_is_done(
    committee_event, client
):
    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    client.force_login(committee_event.member)
    url = f"/committee/{committee_event.tournament.slug}/round/1/run-status/?polling=1"
    waiting = client.get(url, HTTP_HX_REQUEST="true")
    assert b'hx-trigger="every 1s"' in waiting.content and b"queued" in waiting.content
    assert "HX-Refresh" not in waiting
    services.execute_run(run.pk, "w")
    done = client.get(url, HTTP_HX_REQUEST="true")
    assert done["HX-Refresh"] == "true"
    assert b"every 1s" not in done.content


def test_a_failed_run_is_shown_with_its_reason(make_tournament, make_team, make_user, publish, play, client):
    from tournaments.models.membership import Role

    t = make_tournament(initial_colour="w", rounds_total=3)
    for i in (1, 2):
        make_team(t, f"Duo {i}", tpn=i)
    member = make_user("duo-pages", Role.COMMITTEE_MEMBER, t)
    play(publish(t.rounds.get(number=1), member).round)
    run = services.request_pairing(round=t.rounds.get(number=2), user=member)
    services.execute_run(run.pk, "w")
    client.force_login(member)
    page = client.get(f"/committee/{t.slug}/round/2/").content.decode()
    assert f"Pairing run {run.pk} failed" in page
    assert "No pairing complies with the absolute criteria" in page
    assert "The round is as it was" in page


def test_a_failed_run_s_reason_is_in_the_reader_s_language(
    make_tournament, make_team, make_user, publish, play, client
):
    """The engine's reason (no pairing without a rematch, C.04.6 C1) is kept as a message: a French
    member reads it in French on the round's page and in the API, an English one as it was stored."""
    from tournaments.models.membership import Role

    t = make_tournament(initial_colour="w", rounds_total=3)
    for i in (1, 2):
        make_team(t, f"Duo {i}", tpn=i)
    member = make_user("duo-french", Role.COMMITTEE_MEMBER, t)
    play(publish(t.rounds.get(number=1), member).round)
    run = services.request_pairing(round=t.rounds.get(number=2), user=member)
    services.execute_run(run.pk, "w")
    client.force_login(member)
    english = client.get(f"/committee/{t.slug}/round/2/").content.decode()
    assert "no pairing of all the teams avoids a rematch (C.04.6 2.1.1 [C1], 3.3.3)" in english
    client.cookies["django_language"] = "fr"
    page = client.get(f"/committee/{t.slug}/round/2/").content.decode()
    assert "Aucun appariement ne respecte les critères absolus" in page
    assert "Aucun appariement de toutes les équipes n&#x27;évite une rencontre déjà jouée" in page
    assert "avoids a rematch" not in page
    answer = client.get(f"/api/runs/{run.pk}/")
    assert answer.status_code == 200 and "évite une rencontre déjà jouée" in answer.json()["error"]


def test_the_review_page_shows_the_draft_the_explanation_and_a_departure(committee_event, compute, client):
    rnd = committee_event.round(1)
    compute(rnd, committee_event.member)
    services.amend_draft(
        version=services.current_version(rnd), operation="swap_colours", team_a=1, user=committee_event.member
    )
    client.force_login(committee_event.arbiter)
    page = client.get(f"/committee/{committee_event.tournament.slug}/round/1/").content.decode()
    assert "Draft version 1" in page
    assert "4 Team 4 – 1 Team 1: the engine gives White to 1 Team 1" in page  # teams named (issue 18)
    assert "Team 7 (TPN 7) receives the pairing-allocated bye" in page  # the engine's explanation
    assert "pairing-allocated bye" in page and 'id="amend-form"' not in page  # arbiters do not amend


def test_an_amendment_through_htmx_returns_the_draft_panel_with_the_checker_s_message(
    committee_event, compute, client
):
    rnd = committee_event.round(1)
    compute(rnd, committee_event.member)
    v0 = services.current_version(rnd)
    client.force_login(committee_event.member)
    url = f"/committee/{committee_event.tournament.slug}/round/1/amend/"
    form = {"version": v0.pk, "operation": "swap_opponents", "team_a": 1, "team_b": 2}
    panel = client.post(url, form, HTTP_HX_REQUEST="true").content.decode()
    assert panel.startswith('<section id="draft"')
    assert "Version 1 saved" in panel
    stale = client.post(url, form, HTTP_HX_REQUEST="true").content.decode()
    assert "Draft version 0 is no longer current" in stale


def test_a_note_that_fails_validation_comes_back_in_the_form_with_its_text_and_errors(
    committee_event, compute, client
):
    from committee.models import Decision

    compute(committee_event.round(1), committee_event.member)
    client.force_login(committee_event.member)
    url = f"/committee/{committee_event.tournament.slug}/round/1/notes/"
    text = "Why Team 3 floated: " + "x" * 20000
    response = client.post(url, {"text": text, "pairings": ["9-bye"]})
    assert response.status_code == 400
    page = response.content.decode()
    form = page.split('id="note-form"', 1)[1].split("</form>", 1)[0]
    assert 'class="errorlist nonfield" role="alert"' in form
    assert "at most 20000 characters" in form and "9-bye is not one of the available choices" in form
    assert "Why Team 3 floated: xxx" in form  # the member's text is not lost
    assert not Decision.objects.filter(round=committee_event.round(1)).exists()


def test_a_valid_note_is_recorded_and_the_page_reloads_at_the_notes(committee_event, compute, client):
    from committee.models import Decision

    compute(committee_event.round(1), committee_event.member)
    client.force_login(committee_event.member)
    url = f"/committee/{committee_event.tournament.slug}/round/1/notes/"
    response = client.post(url, {"text": "Checked by hand."})
    assert response.status_code == 302 and response["Location"].endswith("#notes")
    assert Decision.objects.get(round=committee_event.round(1)).text == "Checked by hand."
