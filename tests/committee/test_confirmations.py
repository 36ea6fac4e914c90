"""Acts that cannot be taken back ask once, saying what follows (issue 18, item 6).

Publish, publish a correction, complete a round, close the lineups and reopen a round: a POST
without ``confirm=1`` does nothing and answers with the confirmation page (what becomes public,
who is e-mailed); the same POST with ``confirm=1`` acts.
"""

from __future__ import annotations

import pytest

from committee import services
from committee.models import Publication
from tests.committee.conftest import compute_round, play_round, publish_round, put_in_play
from tournaments.models import RoundState

pytestmark = pytest.mark.django_db


def _approved(ev, number=1):
    rnd = ev.round(number)
    compute_round(rnd, ev.member)
    version = services.current_version(rnd)
    services.approve(version=version, user=ev.member)
    return rnd, version


def test_an_unconfirmed_publish_does_nothing_and_says_what_becomes_public_and_who_is_emailed(
    committee_event, client
):
    ev = committee_event
    ev.captain.email = "captain@example.org"
    ev.captain.save()
    rnd, version = _approved(ev)
    client.force_login(ev.member)
    url = f"/committee/{ev.tournament.slug}/round/1/publish/"
    response = client.post(url, {"version": version.pk})
    page = response.content.decode()
    assert response.status_code == 200 and 'id="confirmation"' in page
    assert "becomes public at once" in page
    assert "E-mailed: 1 team captain" in page
    assert "lineup window opens at once" in page
    assert f'name="version" value="{version.pk}"' in page and 'name="confirm" value="1"' in page
    rnd.refresh_from_db()
    assert rnd.state == RoundState.APPROVED and not Publication.objects.filter(round=rnd).exists()
    assert client.post(url, {"version": version.pk, "confirm": "1"}).status_code == 302
    rnd.refresh_from_db()
    assert rnd.state == RoundState.PUBLISHED and Publication.objects.filter(round=rnd).count() == 1


def test_the_confirmation_of_a_correction_says_it_replaces_the_publication_and_tells_what_changed(
    committee_event, client
):
    ev = committee_event
    rnd, version = _approved(ev)
    services.publish(version=version, user=ev.member)
    services.start_correction(round=rnd, user=ev.member, reason="Checking the bye")
    services.approve(version=version, user=ev.member)
    client.force_login(ev.member)
    url = f"/committee/{ev.tournament.slug}/round/1/publish/"
    page = client.post(url, {"version": version.pk, "reason": "Bye confirmed"}).content.decode()
    assert "Publish the correction of round 1?" in page
    assert "It replaces publication #1" in page and "with what changed and why" in page
    assert 'name="reason" value="Bye confirmed"' in page
    assert Publication.objects.filter(round=rnd).count() == 1
    client.post(url, {"version": version.pk, "reason": "Bye confirmed", "confirm": "1"})
    assert Publication.objects.filter(round=rnd).count() == 2


def test_an_unconfirmed_close_of_the_lineups_does_nothing_and_names_the_teams_without_one(
    committee_event, client
):
    ev = committee_event
    rnd = ev.round(1)
    publish_round(rnd, ev.member)
    client.force_login(ev.arbiter)
    url = f"/ops/t/{ev.tournament.slug}/r/1/lineups/close/"
    page = client.post(url).content.decode()
    assert "Close the lineups of round 1?" in page
    assert "have no lineup in and get the default one" in page and "Team 1" in page
    assert "Nobody is e-mailed" in page
    rnd.refresh_from_db()
    assert rnd.state == RoundState.PUBLISHED
    client.post(url, {"confirm": "1"})
    rnd.refresh_from_db()
    assert rnd.state == RoundState.LINEUPS_CLOSED


def test_an_unconfirmed_completion_does_nothing_and_a_confirmed_one_completes(committee_event, client):
    ev = committee_event
    rnd = ev.round(1)
    publish_round(rnd, ev.member)
    play_round(rnd, unfinished=True)
    match = rnd.matches.get(table=1)
    match.boards.filter(board=1).update(result="1-0")
    client.force_login(ev.arbiter)
    url = f"/ops/t/{ev.tournament.slug}/r/1/results/complete/"
    page = client.post(url).content.decode()
    assert "Complete round 1?" in page and "count as final in the public standings" in page
    assert "The committee can pair round 2 from them." in page and "Nobody is e-mailed." in page
    rnd.refresh_from_db()
    assert rnd.state == RoundState.IN_PLAY
    client.post(url, {"confirm": "1"})
    rnd.refresh_from_db()
    assert rnd.state == RoundState.COMPLETE


def test_reopening_a_round_warns_which_later_pairing_rests_on_its_results(committee_event, client):
    ev = committee_event
    publish_round(ev.round(1), ev.member)
    play_round(ev.round(1))
    publish_round(ev.round(2), ev.member)
    client.force_login(ev.arbiter)
    url = f"/ops/t/{ev.tournament.slug}/r/1/results/reopen/"
    page = client.post(url).content.decode()
    assert "A later pairing rests on its results" in page
    assert "The pairing of round 2 (pairing published) was computed from these results" in page
    assert ev.round(1).state == RoundState.COMPLETE
    client.post(url, {"confirm": "1"})
    assert ev.round(1).state == RoundState.IN_PLAY


def test_reopening_with_no_later_pairing_asks_plainly(committee_event, client):
    ev = committee_event
    publish_round(ev.round(1), ev.member)
    play_round(ev.round(1))
    client.force_login(ev.arbiter)
    page = client.post(f"/ops/t/{ev.tournament.slug}/r/1/results/reopen/").content.decode()
    assert "Reopen round 1?" in page and "later pairing" not in page


def test_who_may_not_act_gets_no_confirmation_either(committee_event, client):
    ev = committee_event
    rnd = ev.round(1)
    publish_round(rnd, ev.member)
    put_in_play(rnd)
    slug = ev.tournament.slug
    for user in (ev.captain, ev.outsider):
        client.force_login(user)
        assert client.post(f"/ops/t/{slug}/r/1/lineups/close/").status_code == 403
        assert client.post(f"/ops/t/{slug}/r/1/results/complete/").status_code == 403
    client.force_login(ev.member)  # the committee closes lineups, but only an arbiter completes a round
    assert client.post(f"/ops/t/{slug}/r/1/results/complete/").status_code == 403


def test_the_confirmation_is_in_the_readers_language(committee_event, client):
    ev = committee_event
    publish_round(ev.round(1), ev.member)
    play_round(ev.round(1))
    publish_round(ev.round(2), ev.member)
    client.force_login(ev.arbiter)
    client.cookies["django_language"] = "fr"
    page = client.post(f"/ops/t/{ev.tournament.slug}/r/1/results/reopen/").content.decode()
    assert "Rouvrir la ronde 1 ? Un appariement ultérieur repose sur ses résultats." in page
    assert "Veuillez confirmer" in page and "Annuler" in page
