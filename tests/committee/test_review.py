"""Reviewing a draft: amendments checked at once, versions, overrides, approval policies (rule 58; C.04.6 3.3.3)."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from committee import services
from committee.errors import ApprovalBlocked, StaleDraft
from tournaments.models import RoundState
from tournaments.models.tournament import ApprovalPolicy

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_two(committee_event, publish, play, compute):
    """Round 1 (1-4, 5-2, 3-6, bye 7) played; round 2 computed: 5-1, 7-3, 2-4, bye 6."""
    play(publish(committee_event.round(1), committee_event.member).round)
    rnd = committee_event.round(2)
    compute(rnd, committee_event.member)
    draft = services.current_version(rnd).pairing
    assert [(p["white"], p["black"]) for p in draft["pairs"]] == [(5, 1), (7, 3), (2, 4)]
    assert draft["bye"] == 6
    return rnd


def test_an_amendment_makes_the_next_version_and_says_where_it_departs_from_the_engine(
    committee_event, round_two
):
    v0 = services.current_version(round_two)
    v1 = services.amend_draft(
        version=v0, operation="swap_opponents", team_a=1, team_b=3, user=committee_event.member
    )
    assert v1.number == 1 and v1.author == committee_event.member
    assert [(p["white"], p["black"]) for p in v1.pairing["pairs"]] == [(5, 3), (7, 1), (2, 4)]
    assert "5-3 is not in the engine's pairing" in v1.check_report["differences"]
    assert "the engine pairs 5-1" in v1.check_report["differences"]
    round_two.refresh_from_db()
    assert round_two.state == RoundState.UNDER_REVIEW


def test_a_rematch_is_an_absolute_violation_that_blocks_approval(committee_event, round_two):
    v0 = services.current_version(round_two)
    v1 = services.amend_draft(
        version=v0, operation="swap_opponents", team_a=5, team_b=4, user=committee_event.member
    )
    assert v1.has_absolute_violation
    assert {v["criterion"] for v in v1.check_report["violations"] if v["absolute"]} >= {"C1"}
    with pytest.raises(ApprovalBlocked, match="Chief Arbiter overrides"):
        services.approve(version=v1, user=committee_event.member)


def test_a_second_bye_is_an_absolute_violation(committee_event, round_two):
    v0 = services.current_version(round_two)
    v1 = services.amend_draft(version=v0, operation="move_bye", team_a=7, user=committee_event.member)
    assert v1.pairing["bye"] == 7
    assert any(v["criterion"] == "C2" and v["absolute"] for v in v1.check_report["violations"])


def test_the_chief_arbiter_may_override_an_absolute_violation_with_a_reason(committee_event, round_two):
    v1 = services.amend_draft(
        version=services.current_version(round_two),
        operation="swap_opponents",
        team_a=5,
        team_b=4,
        user=committee_event.member,
    )
    with pytest.raises(ValidationError, match="needs a reason"):
        services.override_absolute(version=v1, user=committee_event.chief, reason="  ")
    with pytest.raises(PermissionDenied):
        services.override_absolute(version=v1, user=committee_event.chair, reason="members cannot")
    with pytest.raises(PermissionDenied):
        services.override_absolute(version=v1, user=committee_event.arbiter, reason="only the Chief Arbiter")
    services.override_absolute(
        version=v1, user=committee_event.chief, reason="Teams agreed, no other pairing"
    )
    services.approve(version=v1, user=committee_event.member)
    round_two.refresh_from_db()
    assert round_two.state == RoundState.APPROVED


def test_an_amendment_saved_over_a_newer_one_is_refused_with_a_clear_message(committee_event, round_two):
    v0 = services.current_version(round_two)
    services.amend_draft(version=v0, operation="swap_colours", team_a=5, user=committee_event.member)
    with pytest.raises(StaleDraft, match=r"Draft version 0 is no longer current: member-\d+ saved version 1"):
        services.amend_draft(version=v0, operation="swap_colours", team_a=2, user=committee_event.member2)


def test_an_impossible_amendment_saves_nothing(committee_event, round_two):
    v0 = services.current_version(round_two)
    with pytest.raises(ValidationError, match="already play each other"):
        services.amend_draft(
            version=v0, operation="swap_opponents", team_a=5, team_b=1, user=committee_event.member
        )
    assert services.current_version(round_two) == v0


def test_any_member_policy_one_approval_approves(committee_event, round_two):
    services.approve(version=services.current_version(round_two), user=committee_event.member)
    round_two.refresh_from_db()
    assert round_two.state == RoundState.APPROVED


def test_chairman_policy_a_member_s_approval_is_not_enough(committee_event, round_two):
    committee_event.tournament.approval_policy = ApprovalPolicy.CHAIRMAN
    committee_event.tournament.save()
    round_two.refresh_from_db()
    version = services.current_version(round_two)
    services.approve(version=version, user=committee_event.member)
    round_two.refresh_from_db()
    assert round_two.state == RoundState.UNDER_REVIEW
    assert services.approvals_needed(version) == "the committee chair's approval"
    services.approve(version=version, user=committee_event.chair)
    round_two.refresh_from_db()
    assert round_two.state == RoundState.APPROVED


def test_two_members_policy_needs_two_different_members(committee_event, round_two):
    committee_event.tournament.approval_policy = ApprovalPolicy.TWO_MEMBERS
    committee_event.tournament.save()
    round_two.refresh_from_db()
    version = services.current_version(round_two)
    services.approve(version=version, user=committee_event.member)
    with pytest.raises(ValidationError, match="already approved"):
        services.approve(version=version, user=committee_event.member)
    round_two.refresh_from_db()
    assert round_two.state == RoundState.UNDER_REVIEW
    services.approve(version=version, user=committee_event.member2)
    round_two.refresh_from_db()
    assert round_two.state == RoundState.APPROVED


def test_amending_an_approved_draft_needs_a_new_approval(committee_event, round_two):
    v0 = services.current_version(round_two)
    services.approve(version=v0, user=committee_event.member)
    v1 = services.amend_draft(version=v0, operation="swap_colours", team_a=2, user=committee_event.member2)
    round_two.refresh_from_db()
    assert round_two.state == RoundState.UNDER_REVIEW
    with pytest.raises(StaleDraft):
        services.publish(version=v0, user=committee_event.member)
    assert services.approvals_needed(v1) == "a committee member's approval"


def test_arbiters_captains_and_outsiders_cannot_amend_or_approve(committee_event, round_two):
    v0 = services.current_version(round_two)
    for name in ("arbiter", "chief", "captain", "outsider"):
        user = committee_event.users[name]
        with pytest.raises(PermissionDenied):
            services.amend_draft(version=v0, operation="swap_colours", team_a=5, user=user)
        with pytest.raises(PermissionDenied):
            services.approve(version=v0, user=user)
