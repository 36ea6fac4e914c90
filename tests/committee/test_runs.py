"""Pairing runs: requested once per input, computed once, failures say why (rules 11, 56)."""

import pytest
from django.core.exceptions import ValidationError

from committee import services
from committee.models import DraftVersion, PairingRun
from committee.services import runs
from tournaments.models import RoundState

pytestmark = pytest.mark.django_db


def test_requesting_a_pairing_queues_one_run_and_marks_the_round(committee_event):
    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    rnd.refresh_from_db()
    assert run.status == PairingRun.Status.QUEUED
    assert rnd.state == RoundState.PAIRING_REQUESTED
    assert run.input_snapshot["participants"][0]["tpn"] == 1


def test_a_second_request_while_a_run_is_queued_joins_it(committee_event):
    rnd = committee_event.round(1)
    first = services.request_pairing(round=rnd, user=committee_event.member)
    second = services.request_pairing(round=rnd, user=committee_event.chair)
    assert first.pk == second.pk
    assert PairingRun.objects.filter(round=rnd).count() == 1


def test_a_computed_run_gives_draft_version_zero_with_the_checker_report(committee_event, compute):
    rnd = committee_event.round(1)
    run = compute(rnd, committee_event.member)
    rnd.refresh_from_db()
    assert run.status == PairingRun.Status.SUCCEEDED
    assert rnd.state == RoundState.DRAFT_COMPUTED
    version = services.current_version(rnd)
    assert version.number == 0 and version.operation == ""
    assert version.pairing["bye"] == 7  # C.04.6 3.4: lowest score, largest TPN
    assert version.check_report["violations"] == [] and version.check_report["matches_engine"]
    assert run.explanation and run.attempts == 1


def test_a_run_delivered_twice_is_computed_once(committee_event):
    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    assert services.execute_run(run.pk, "worker-a") is not None
    assert services.execute_run(run.pk, "worker-b") is None
    assert DraftVersion.objects.filter(run=run).count() == 1
    run.refresh_from_db()
    assert run.attempts == 1 and run.claimed_by == "worker-a"


def test_a_request_after_success_returns_the_same_run_without_computing_again(committee_event, compute):
    rnd = committee_event.round(1)
    run = compute(rnd, committee_event.member)
    again = services.request_pairing(round=rnd, user=committee_event.member2)
    assert again.pk == run.pk and again.status == PairingRun.Status.SUCCEEDED
    assert DraftVersion.objects.filter(round=rnd).count() == 1


def test_a_restarted_worker_requeues_the_run_it_held_and_it_completes_once(committee_event):
    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    assert runs.claim_run(run.pk, "celery@node1")  # the worker then dies mid-run
    assert services.execute_run(run.pk, "celery@node2") is None  # its lease still holds
    assert services.recover_orphaned_runs("celery@node1") == [run.pk]
    assert services.execute_run(run.pk, "celery@node1").status == PairingRun.Status.SUCCEEDED
    assert services.execute_run(run.pk, "celery@node1") is None
    run.refresh_from_db()
    assert run.attempts == 2
    assert DraftVersion.objects.filter(run=run).count() == 1


def test_a_run_whose_lease_expired_may_be_claimed_by_another_worker(committee_event):
    from django.utils import timezone

    rnd = committee_event.round(1)
    run = services.request_pairing(round=rnd, user=committee_event.member)
    first = runs.claim_run(run.pk, "celery@gone")
    PairingRun.objects.filter(pk=run.pk).update(lease_until=timezone.now())
    second = runs.claim_run(run.pk, "celery@other")
    assert second and second != first
    # the first worker cannot record its result any more
    assert runs._succeed(run, first, {}, {}) is None


def test_a_failed_run_keeps_the_round_as_it_was_and_says_why(
    make_tournament, make_team, make_user, publish, play
):
    from tournaments.models.membership import Role

    t = make_tournament(initial_colour="w", rounds_total=3)
    for i in (1, 2):
        make_team(t, f"Duo {i}", tpn=i)
    member = make_user("duo-member", Role.COMMITTEE_MEMBER, t)
    play(publish(t.rounds.get(number=1), member).round)
    rnd = t.rounds.get(number=2)
    run = services.request_pairing(round=rnd, user=member)
    services.execute_run(run.pk, "w")
    run.refresh_from_db()
    rnd.refresh_from_db()
    assert run.status == PairingRun.Status.FAILED
    assert "No pairing complies with the absolute criteria" in run.error and "3.3.3" in run.error
    assert rnd.state == RoundState.AWAITING_RESULTS
    assert not rnd.draft_versions.exists()
    again = services.request_pairing(round=rnd, user=member)
    assert again.pk == run.pk and again.status == PairingRun.Status.QUEUED


def test_a_round_is_not_paired_before_the_previous_round_is_complete(committee_event, publish, play):
    play(publish(committee_event.round(1), committee_event.member).round, unfinished=True)
    with pytest.raises(ValidationError, match="Round 1 is not complete"):
        services.request_pairing(round=committee_event.round(2), user=committee_event.member)


def test_rule_11_the_committee_may_go_ahead_with_unfinished_games_as_draws(
    committee_event, publish, play, compute
):
    play(publish(committee_event.round(1), committee_event.member).round, unfinished=True)
    rnd = committee_event.round(2)
    run = services.request_pairing(round=rnd, user=committee_event.member, unfinished_as_draws=True)
    rnd.refresh_from_db()
    assert rnd.state == RoundState.PAIRING_REQUESTED
    # the step goes through the round cycle's service, so it is in the history with its author
    assert rnd.history.latest().history_user == committee_event.member
    services.execute_run(run.pk, "w")
    run.refresh_from_db()
    assert run.status == PairingRun.Status.SUCCEEDED, run.error
    rnd.refresh_from_db()
    assert rnd.state == RoundState.DRAFT_COMPUTED
    table_one = committee_event.round(1).matches.get(table=1)
    white = next(p for p in run.input_snapshot["participants"] if p["tpn"] == table_one.white_team.tpn)
    # board 1 unfinished counts as a draw: ½ + ½ + ½ + ½ (a win there would give 2.5)
    assert white["history"][0]["game_points"] == 2.0


def test_rule_11_the_committee_may_pair_again_while_the_previous_round_is_still_in_play(
    committee_event, publish, play
):
    from tournaments.services import mark_absent

    play(publish(committee_event.round(1), committee_event.member).round, unfinished=True)
    rnd = committee_event.round(2)
    first = services.request_pairing(round=rnd, user=committee_event.member, unfinished_as_draws=True)
    services.execute_run(first.pk, "w")
    mark_absent(committee_event.tournament.teams.get(tpn=7), round_number=2)
    second = services.request_pairing(round=rnd, user=committee_event.member, unfinished_as_draws=True)
    services.execute_run(second.pk, "w")
    second.refresh_from_db()
    rnd.refresh_from_db()
    assert second.pk != first.pk and second.status == PairingRun.Status.SUCCEEDED, second.error
    assert services.current_version(rnd).run_id == second.pk
    assert rnd.state == RoundState.DRAFT_COMPUTED
    assert committee_event.round(1).state == RoundState.IN_PLAY


def test_new_results_give_a_new_run_and_a_new_draft(committee_event, compute):
    from tournaments.services import mark_absent

    rnd = committee_event.round(1)
    first = compute(rnd, committee_event.member)
    mark_absent(committee_event.tournament.teams.get(tpn=7), round_number=1)
    second = compute(rnd, committee_event.member)
    rnd.refresh_from_db()
    assert second.pk != first.pk and second.input_hash != first.input_hash
    assert services.current_version(rnd).run_id == second.pk
    assert services.current_version(rnd).pairing["bye"] is None
    assert rnd.state == RoundState.DRAFT_COMPUTED


def test_only_the_committee_may_request_a_pairing(committee_event):
    from django.core.exceptions import PermissionDenied

    for name in ("arbiter", "chief", "captain", "outsider"):
        with pytest.raises(PermissionDenied):
            services.request_pairing(round=committee_event.round(1), user=committee_event.users[name])
