"""Results changed under a drafted, approved or published pairing (issue 18, item 6).

Round 1 is played and complete, round 2 published; an arbiter reopens round 1 and corrects a
result. Every page then says that round 2's pairing rests on results that changed, derived
from the run's snapshot against the results now (never a flag), until the committee keeps the
pairing with a recorded decision or corrects it.
"""

from __future__ import annotations

import pytest

from committee import basis, services
from tests.committee.conftest import flip_table_one, play_round, publish_round
from tournaments.models import RoundState

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_two_published(committee_event):
    ev = committee_event
    publish_round(ev.round(1), ev.member)
    play_round(ev.round(1))
    publish_round(ev.round(2), ev.member)
    return ev


def test_a_published_pairing_rests_on_unchanged_results_until_a_result_is_corrected(round_two_published):
    ev = round_two_published
    assert not basis.basis_of(ev.round(2)).changed
    match = flip_table_one(ev)
    found = basis.basis_of(ev.round(2))
    assert found.changed and found.stale and found.published
    names = {c.name for c in found.changes}
    assert {match.white_team.name, match.black_team.name} <= names
    assert "→" in found.changes_text and "MP" in found.changes_text


def test_correcting_the_result_back_shows_the_pairing_on_its_results_again(round_two_published):
    from operations.services import results

    ev = round_two_published
    match = flip_table_one(ev)
    board = match.boards.get(board=1)
    back = "0-1" if board.result == "1-0" else "1-0"
    results.enter_results(match, {1: back}, by=ev.arbiter, expected={1: board.result})
    assert not basis.basis_of(ev.round(2)).changed


def test_keeping_the_pairing_records_a_decision_and_a_new_change_shows_it_again(round_two_published):
    from operations.services import results

    ev = round_two_published
    match = flip_table_one(ev)
    decision = services.keep_pairing(round=ev.round(2), user=ev.member, note="Swiss groups unchanged")
    assert decision.text.startswith("Pairing kept on the changed results (")
    assert decision.text.endswith("Swiss groups unchanged")
    found = basis.basis_of(ev.round(2))
    assert found.changed and not found.stale and found.kept == decision
    board2 = match.boards.get(board=2)
    results.enter_results(match, {2: "1-0"}, by=ev.arbiter, expected={2: board2.result})
    assert basis.basis_of(ev.round(2)).stale


def test_keeping_needs_a_reason_and_a_change(round_two_published):
    from django.core.exceptions import ValidationError

    ev = round_two_published
    with pytest.raises(ValidationError, match="have not changed"):
        services.keep_pairing(round=ev.round(2), user=ev.member, note="nothing")
    flip_table_one(ev)
    with pytest.raises(ValidationError, match="Say why"):
        services.keep_pairing(round=ev.round(2), user=ev.member, note="  ")


def test_only_the_committee_keeps_a_pairing(round_two_published):
    from django.core.exceptions import PermissionDenied

    ev = round_two_published
    flip_table_one(ev)
    for user in (ev.arbiter, ev.captain, ev.outsider):
        with pytest.raises(PermissionDenied):
            services.keep_pairing(round=ev.round(2), user=user, note="kept")


def test_the_checker_runs_again_on_the_new_scores(round_two_published):
    ev = round_two_published
    flip_table_one(ev)
    found = basis.basis_of(ev.round(2))
    report = basis.recheck(found)
    assert set(report) >= {"violations", "differences"}
    assert basis.recheck(found) == report  # kept for the same results


def test_a_drafted_pairing_is_compared_too(committee_event, compute):
    ev = committee_event
    publish_round(ev.round(1), ev.member)
    play_round(ev.round(1))
    compute(ev.round(2), ev.member)
    assert ev.round(2).state == RoundState.DRAFT_COMPUTED
    flip_table_one(ev)
    found = basis.basis_of(ev.round(2))
    assert found.stale and not found.published


def _page(client, user, url):
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_committee_round_page_says_the_results_changed_and_shows_the_checker_now(
    round_two_published, client
):
    ev = round_two_published
    slug = ev.tournament.slug
    before = _page(client, ev.member, f"/committee/{slug}/round/2/")
    assert 'id="results-changed"' not in before
    match = flip_table_one(ev)
    page = _page(client, ev.member, f"/committee/{slug}/round/2/")
    assert 'id="results-changed"' in page and 'id="results-changed-tag"' in page
    assert "The published pairing was computed from results that have changed since" in page
    assert match.white_team.name in page
    assert 'id="recheck"' in page and 'id="keep-form"' in page


def test_the_keep_form_records_the_decision_and_the_page_says_it_is_kept(round_two_published, client):
    ev = round_two_published
    slug = ev.tournament.slug
    flip_table_one(ev)
    client.force_login(ev.member)
    response = client.post(f"/committee/{slug}/round/2/keep/", {"note": "Score groups are the same"})
    assert response.status_code == 302
    page = _page(client, ev.member, f"/committee/{slug}/round/2/")
    assert 'id="kept"' in page and "Score groups are the same" in page
    assert 'id="keep-form"' not in page and 'id="results-changed-tag"' not in page


def test_the_dashboard_marks_the_round_whose_results_changed(round_two_published, client):
    ev = round_two_published
    slug = ev.tournament.slug
    assert "results-changed" not in _page(client, ev.member, f"/committee/{slug}/")
    flip_table_one(ev)
    page = _page(client, ev.member, f"/committee/{slug}/")
    assert "results changed since this pairing was computed:" in page


def test_the_public_round_page_says_so_plainly_and_is_not_served_stale(round_two_published, client):
    ev = round_two_published
    url = f"/t/{ev.tournament.slug}/round/2/pairings/"
    assert 'id="results-changed"' not in client.get(url).content.decode()  # now kept in the cache
    flip_table_one(ev)
    page = client.get(url).content.decode()
    assert 'id="results-changed"' in page
    assert "have changed since it was published" in page
    services.keep_pairing(round=ev.round(2), user=ev.member, note="Same score groups")
    page = client.get(url).content.decode()
    assert "The pairing committee kept the pairing" in page and "Same score groups" in page


def test_the_rule_56_summary_says_the_next_round_is_paired_already_and_on_what(round_two_published, client):
    ev = round_two_published
    url = f"/ops/t/{ev.tournament.slug}/r/1/summary/"
    page = _page(client, ev.arbiter, url)
    assert "the summary the committee pairs" not in page
    assert "Round 2 is paired already" in page and 'id="results-changed"' not in page
    flip_table_one(ev)
    page = _page(client, ev.arbiter, url)
    assert "its pairing rests on the old results until the committee keeps or corrects it" in page


def test_the_rule_56_summary_of_an_unpaired_next_round_says_it_is_paired_from_it(committee_event, client):
    ev = committee_event
    publish_round(ev.round(1), ev.member)
    play_round(ev.round(1))
    page = _page(client, ev.arbiter, f"/ops/t/{ev.tournament.slug}/r/1/summary/")
    assert "the summary the committee pairs round 2 from" in page


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
def test_every_string_of_the_new_pages_and_the_email_is_translated(round_two_published, client, language):
    """The committee's page, the public page, the summary, the confirmation and the e-mail (issue 18)."""
    from django.conf import settings
    from django.core import mail

    from languages.services import remember_language
    from notifications.services import events
    from tests.i18n.conftest import find, is_translated, recorded, show, site_catalogue

    ev = round_two_published
    ev.member.email = "member@example.org"
    ev.member.save()
    remember_language(ev.member, language)
    flip_table_one(ev)
    slug = ev.tournament.slug
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    with recorded() as seen:
        client.force_login(ev.member)
        client.get(f"/committee/{slug}/round/2/")
        client.get(f"/committee/{slug}/")
        client.logout()
        client.get(f"/t/{slug}/round/2/pairings/")
        client.force_login(ev.arbiter)
        client.get(f"/ops/t/{slug}/r/1/summary/")
        client.post(f"/ops/t/{slug}/r/1/results/complete/")
        mail.outbox = []
        events.results_changed(ev.round(1))
    assert mail.outbox
    catalogue = site_catalogue(language)
    untranslated = sorted(
        {
            show(key)
            for _lang, key in seen
            if (entry := find(catalogue, key)) is not None and not is_translated(entry)
        }
    )
    assert not untranslated, untranslated
