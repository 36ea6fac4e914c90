"""Publication (rule 60): immutable, creates the matches; corrections are new publications; notes (rule 57)."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from committee import selectors, services
from committee.models import Decision, Publication
from committee.models.decision import AppendOnlyError
from committee.writeup import writeup_draft
from tournaments.models import RoundState

pytestmark = pytest.mark.django_db


@pytest.fixture
def approved_round_one(committee_event, compute):
    rnd = committee_event.round(1)
    compute(rnd, committee_event.member)
    services.approve(version=services.current_version(rnd), user=committee_event.member)
    rnd.refresh_from_db()
    return rnd


def test_publication_creates_the_matches_with_board_one_colours_and_the_bye(
    committee_event, approved_round_one
):
    version = services.current_version(approved_round_one)
    publication = services.publish(version=version, user=committee_event.member2)
    approved_round_one.refresh_from_db()
    assert approved_round_one.state == RoundState.PUBLISHED
    assert publication.number == 1 and publication.changes == []
    matches = [
        (m.table, m.white_team.tpn, m.black_team.tpn if m.black_team else None, m.is_bye)
        for m in approved_round_one.matches.order_by("table")
    ]
    assert matches == [(1, 1, 4, False), (2, 5, 2, False), (3, 3, 6, False), (4, 7, None, True)]
    assert publication.teams["1"]["name"] == "Team 1"


def test_only_an_approved_pairing_is_published(committee_event, compute):
    rnd = committee_event.round(1)
    compute(rnd, committee_event.member)
    with pytest.raises(ValidationError, match="only an approved pairing is published"):
        services.publish(version=services.current_version(rnd), user=committee_event.member)


def test_a_pairing_is_not_published_twice(committee_event, approved_round_one):
    version = services.current_version(approved_round_one)
    services.publish(version=version, user=committee_event.member)
    with pytest.raises(ValidationError, match="already published"):
        services.publish(version=version, user=committee_event.member2)
    assert Publication.objects.filter(round=approved_round_one).count() == 1


def test_a_publication_cannot_be_changed(committee_event, approved_round_one):
    publication = services.publish(
        version=services.current_version(approved_round_one), user=committee_event.member
    )
    publication.reason = "rewritten"
    with pytest.raises(ValueError, match="immutable"):
        publication.save()


def test_a_correction_is_a_new_publication_that_says_what_changed_and_why(
    committee_event, approved_round_one
):
    member = committee_event.member
    services.publish(version=services.current_version(approved_round_one), user=member)
    with pytest.raises(ValidationError, match="Say why"):
        services.start_correction(round=approved_round_one, user=member, reason="")
    decision = services.start_correction(round=approved_round_one, user=member, reason="Team 5 arrived late")
    assert "Team 5 arrived late" in decision.text
    approved_round_one.refresh_from_db()
    assert approved_round_one.state == RoundState.UNDER_REVIEW
    v1 = services.amend_draft(
        version=services.current_version(approved_round_one), operation="swap_colours", team_a=5, user=member
    )
    services.approve(version=v1, user=committee_event.member2)
    with pytest.raises(ValidationError, match="needs a reason"):
        services.publish(version=v1, user=member)
    second = services.publish(version=v1, user=member, reason="Colours of table 2 corrected")
    assert second.number == 2
    assert second.changes == ["2-5: the engine gives White to 5"]
    assert approved_round_one.matches.get(table=2).white_team.tpn == 2
    history = list(selectors.publications_of(approved_round_one))
    assert [p.number for p in history] == [2, 1]
    assert history[1].pairing["pairs"][1] == {"white": 5, "black": 2, "colour_article": "C.04.6 4.3.1"}


def test_the_public_never_sees_a_draft(committee_event, compute, client):
    rnd = committee_event.round(1)
    compute(rnd, committee_event.member)
    page = client.get(f"/t/{committee_event.tournament.slug}/round/1/pairings/")
    assert page.status_code == 200
    assert b"has not been published yet" in page.content
    assert b"Team 4" not in page.content


def test_notes_are_signed_append_only_and_follow_their_pairings_to_the_matches(
    committee_event, approved_round_one
):
    note = services.add_note(
        round=approved_round_one,
        user=committee_event.member,
        text="Table 2 colours by 4.3.1",
        pairings=[(5, 2)],
    )
    assert note.author == committee_event.member and note.created_at is not None
    note.text = "changed"
    with pytest.raises(AppendOnlyError):
        note.save()
    with pytest.raises(AppendOnlyError):
        Decision.objects.filter(pk=note.pk).delete()
    services.publish(version=services.current_version(approved_round_one), user=committee_event.member)
    assert [m.table for m in note.matches.all()] == [2]


def test_a_note_needs_text_and_known_teams(committee_event, approved_round_one):
    with pytest.raises(ValidationError, match="needs some text"):
        services.add_note(round=approved_round_one, user=committee_event.member, text="  ")
    with pytest.raises(ValidationError, match="No team has TPN 99"):
        services.add_note(
            round=approved_round_one, user=committee_event.member, text="x", pairings=[(99, None)]
        )
    with pytest.raises(PermissionDenied):
        services.add_note(
            round=approved_round_one, user=committee_event.arbiter, text="arbiters do not write notes"
        )


def test_the_write_up_is_drafted_from_the_explanation_and_the_amendments(committee_event, approved_round_one):
    v0 = services.current_version(approved_round_one)
    services.amend_draft(version=v0, operation="swap_colours", team_a=3, user=committee_event.member)
    text = writeup_draft(approved_round_one)
    assert "Pairing of round 1" in text
    assert "[C.04.6 3.4] Team 7 (TPN 7) receives the pairing-allocated bye" in text
    assert "Colours decided by: C.04.6 4.3.1 (2 pairings); committee amendment (1 pairing)" in text
    assert "swapped the colours of Team 3 (3)'s pairing" in text


def test_the_public_page_and_api_show_a_correction_as_soon_as_it_is_published(
    committee_event, approved_round_one, client, django_capture_on_commit_callbacks
):
    member = committee_event.member
    services.publish(version=services.current_version(approved_round_one), user=member)
    slug = committee_event.tournament.slug
    page, api = f"/t/{slug}/round/1/pairings/", f"/api/tournaments/{slug}/rounds/1/pairings/"
    assert b"Team 5</a></td>" in client.get(page).content
    assert client.get(api).json()["latest"]["pairings"][1]["white"]["tpn"] == 5
    services.start_correction(round=approved_round_one, user=member, reason="Wrong colours on table 2")
    v1 = services.amend_draft(
        version=services.current_version(approved_round_one), operation="swap_colours", team_a=5, user=member
    )
    services.approve(version=v1, user=committee_event.member2)
    with django_capture_on_commit_callbacks(execute=True):  # the cached answers are dropped on commit
        services.publish(version=v1, user=member, reason="Colours of table 2 corrected")
    body = client.get(page).content.decode()
    assert "correction #2" in body and "Colours of table 2 corrected" in body
    assert "2 Team 2 – 5 Team 5: the engine gives White to 5 Team 5" in body  # teams named (issue 18)
    answer = client.get(api).json()
    assert answer["latest"]["number"] == 2 and answer["latest"]["pairings"][1]["white"]["tpn"] == 2
    assert [h["number"] for h in answer["history"]] == [2, 1]


def test_a_correction_reopened_without_amendment_can_be_approved_again_and_republished(
    committee_event, approved_round_one
):
    member = committee_event.member
    version = services.current_version(approved_round_one)
    services.publish(version=version, user=member)
    services.start_correction(round=approved_round_one, user=member, reason="Checking the bye once more")
    services.approve(version=version, user=member)
    again = services.publish(version=version, user=member, reason="Bye confirmed, pairing unchanged")
    assert again.number == 2 and again.changes == []


def test_a_round_paired_outside_the_committee_shows_its_matches_once_public(committee_event, client):
    """An imported or seeded round has matches but no publication: the public sees its matches."""
    from engine.result import Pair, RoundPairing
    from tournaments.services import save_pairing, transition_round

    rnd = committee_event.round(1)
    save_pairing(rnd, RoundPairing(round=1, pairs=[Pair(2, 1), Pair(3, 4), Pair(5, 6)], bye=7))
    page = f"/t/{committee_event.tournament.slug}/round/1/pairings/"
    assert b"has not been published yet" in client.get(page).content
    for target in ("pairing_requested", "draft_computed", "under_review", "approved", "published"):
        rnd = transition_round(rnd, target)
    body = client.get(page).content.decode()
    assert "Team 2</a></td>" in body and "<em>bye</em>" in body
    api = client.get(f"/api/tournaments/{committee_event.tournament.slug}/rounds/1/pairings/").json()
    assert api["latest"]["pairings"][0]["white"]["tpn"] == 2 and api["latest"]["bye"]["team"]["tpn"] == 7
