"""Pairing runs: ask for a round's pairing, compute it in a worker, record the draft.

The engine pairs a frozen snapshot of the tournament (``engine_state``), made
when the pairing is requested from the results as they stand (rule 56; an
unfinished game counts as a draw, rule 11). A round has one run per snapshot
(``input_hash``): a second request while a run is queued or running joins it,
a request after it succeeded returns it, one after it failed runs it again.

A worker claims a run with a conditional UPDATE (queued -> running), so a
message delivered twice computes once. The claim is a lease the worker renews
while it computes (``run_lease``); when its process dies the lease expires and
the run is taken up again (issue 18 item 2), by whichever comes first: the
message redelivered to a worker (it waits for the lease and claims the run),
the beat task ``committee.take_up_expired_runs``, a new request for the same
pairing, or the worker node restarting. Each claim counts an attempt; after
``PAIRING_RUN_MAX_ATTEMPTS`` the run fails with a plain message. A run that
fails leaves the round as it was and says why.
"""

from __future__ import annotations

import logging
import time
import uuid
from datetime import timedelta

from celery import current_app
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from committee import permissions
from committee.models import DraftVersion, PairingRun
from committee.models.pairing_run import NO_PAIRING
from committee.pairing_codec import input_hash, pairing_to_dict, state_from_dict, state_to_dict, stored_report
from committee.services import run_lease
from committee.signals import pairing_run_failed, pairing_run_finished
from engine import api
from engine.result import PairingImpossible
from tournaments.models import Round, RoundState
from tournaments.selectors import engine_state
from tournaments.services import transition_round

log = logging.getLogger(__name__)

S = RoundState
Status = PairingRun.Status
COMPUTE_TASK = "committee.compute_pairing"  # registered by committee.tasks

# States in which the committee may ask for (another) computed draft.
REQUESTABLE = (S.AWAITING_RESULTS, S.PAIRING_REQUESTED, S.DRAFT_COMPUTED, S.UNDER_REVIEW)


def _enqueue(run_id: int) -> None:
    """Queue the run once the transaction commits, by the task's registered name.

    The task module (``committee.tasks``) calls this one; naming its task here
    instead of importing it keeps the dependency one way. Celery's registry
    gives the task object, so eager mode (no Redis) still runs it in-process.
    """
    task = current_app.tasks[COMPUTE_TASK]
    transaction.on_commit(lambda: task.delay(run_id))


def _check_previous_round(rnd: Round, unfinished_as_draws: bool) -> bool:
    """Refuse to pair before the previous round is complete; True when going ahead under rule 11."""
    previous = rnd.tournament.rounds.filter(number=rnd.number - 1).first()
    if previous is None or previous.state == S.COMPLETE:
        return False
    if unfinished_as_draws and previous.state == S.IN_PLAY:
        return True
    if previous.state == S.IN_PLAY:
        message = _(
            "Round %(previous_number)s is not complete (%(state_display)s). "
            "Tick 'count unfinished games as draws' (rule 11) to go ahead now."
        )
    else:
        message = _(
            "Round %(previous_number)s is not complete (%(state_display)s). "
            "The committee may go ahead with unfinished games counted as draws (rule 11) once it is in play."
        )
    raise ValidationError(
        message % {"previous_number": previous.number, "state_display": previous.get_state_display().lower()}
    )


def request_pairing(*, round: Round, user, unfinished_as_draws: bool = False) -> PairingRun:
    """Ask the engine for the pairing of ``round``; returns the (possibly joined) run."""
    permissions.require(user, "committee.request_pairing", round)
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
        if rnd.state not in REQUESTABLE:
            raise ValidationError(
                _(
                    "Round %(rnd_number)s is %(state_display)s: a new pairing can only be computed before approval (start a correction first)."
                )
                % {"rnd_number": rnd.number, "state_display": rnd.get_state_display().lower()}
            )
        rule_11 = _check_previous_round(rnd, unfinished_as_draws)
        snapshot = state_to_dict(engine_state(rnd))
        digest = input_hash(snapshot)
        run, created = PairingRun.objects.get_or_create(
            round=rnd,
            input_hash=digest,
            defaults={
                "tournament": rnd.tournament,
                "input_snapshot": snapshot,
                "requested_by": user,
                "status": Status.QUEUED,
            },
        )
        if not created and run.lease_expired:
            # its worker died: queue it again (or fail it plainly) instead of returning it stuck
            created = take_up_expired_run(run.pk) == Status.QUEUED
            run.refresh_from_db()
            rnd.refresh_from_db(fields=["state", "state_changed_at", "published_at"])
        if not created and run.status == Status.FAILED:
            PairingRun.objects.filter(pk=run.pk).update(
                status=Status.QUEUED, error="", requested_by=user, finished_at=None, attempts=0
            )
            run.refresh_from_db()
            created = True
        if rnd.state == S.AWAITING_RESULTS and run.status != Status.SUCCEEDED:
            _transition(rnd, S.PAIRING_REQUESTED, user, unfinished_as_draws=rule_11)
        if created:
            _enqueue(run.pk)
    return run


def _transition(rnd: Round, target: str, user=None, *, unfinished_as_draws: bool = False) -> None:
    """Move the round through the cycle (``unfinished_as_draws``: rule 11, see transition_round)."""
    if rnd.state == target:
        return
    transition_round(rnd, target, by=user, unfinished_as_draws=unfinished_as_draws)
    rnd.refresh_from_db(fields=["state", "state_changed_at", "published_at"])


def _takeable(now) -> Q:
    """Runs no live worker holds: queued, or running with an expired lease (its worker died)."""
    return Q(status=Status.QUEUED) | Q(status=Status.RUNNING, lease_until__lt=now)


def max_attempts() -> int:
    return PairingRun.attempts_allowed()


def claim_run(run_id: int, worker: str) -> str | None:
    """Claim a queued (or abandoned) run for ``worker``; the claim token, or None.

    One conditional UPDATE: of two workers claiming at once, one gets the run.
    A run that used up its attempts is not claimed (``give_up_run`` fails it).
    """
    now = timezone.now()
    token = uuid.uuid4().hex
    claimed = PairingRun.objects.filter(_takeable(now), pk=run_id, attempts__lt=max_attempts()).update(
        status=Status.RUNNING,
        started_at=now,
        claimed_by=worker,
        claim_token=token,
        attempts=F("attempts") + 1,
        lease_until=run_lease.lease_end(now),
    )
    return token if claimed else None


def lease_left(run_id: int) -> float | None:
    """Seconds until the lease of a running run expires (0 when it has); None when it is not running."""
    lease = (
        PairingRun.objects.filter(pk=run_id, status=Status.RUNNING)
        .values_list("lease_until", flat=True)
        .first()
    )
    if lease is None:
        return None
    return max(0.0, (lease - timezone.now()).total_seconds())


def give_up_message(attempts: int) -> str:
    return ngettext(
        "The worker computing this pairing stopped before finishing (%(count)s attempt; for example it "
        "ran out of memory or time). Nothing was changed: ask for the pairing again, and tell the site's "
        "administrator if it happens again.",
        "The worker computing this pairing stopped before finishing, %(count)s times (for example it "
        "ran out of memory or time). Nothing was changed: ask for the pairing again, and tell the site's "
        "administrator if it happens again.",
        attempts,
    ) % {"count": attempts}


def give_up_run(run_id: int) -> PairingRun | None:
    """Fail plainly a run no worker holds that used up its attempts; the run, or None if it is not one."""
    used_up = PairingRun.objects.filter(_takeable(timezone.now()), pk=run_id, attempts__gte=max_attempts())
    if not used_up.exists():  # the common case (done, or held): no lock taken
        return None
    with transaction.atomic():
        round_id = PairingRun.objects.filter(pk=run_id).values_list("round_id", flat=True).first()
        if round_id is None:
            return None
        rnd = Round.objects.select_for_update().get(pk=round_id)  # the order _succeed and _fail lock in
        now = timezone.now()
        attempts = PairingRun.objects.filter(pk=run_id).values_list("attempts", flat=True).get()
        failed = PairingRun.objects.filter(_takeable(now), pk=run_id, attempts__gte=max_attempts()).update(
            status=Status.FAILED, error=give_up_message(attempts), finished_at=now, lease_until=None
        )
        if not failed:
            return None
        if rnd.state == S.PAIRING_REQUESTED and not rnd.draft_versions.exists():
            _transition(rnd, S.AWAITING_RESULTS)
        run = PairingRun.objects.get(pk=run_id)
        log.warning("pairing run %s failed after %s attempts", run_id, attempts)
        pairing_run_failed.send(sender=PairingRun, run=run)
    return run


def take_up_expired_run(run_id: int) -> str | None:
    """A run whose worker died (lease expired): queued again, or failed after the last attempt.

    The new status (``queued`` or ``failed``), or None when the run is not one
    (its lease is live, or it is done). Conditional, so of two callers one acts.
    The caller enqueues a run it queued again.
    """
    now = timezone.now()
    requeued = PairingRun.objects.filter(
        pk=run_id, status=Status.RUNNING, lease_until__lt=now, attempts__lt=max_attempts()
    ).update(status=Status.QUEUED, lease_until=None, claim_token="")
    if requeued:
        log.warning("pairing run %s: its worker stopped; queued again", run_id)
        return Status.QUEUED
    return Status.FAILED if give_up_run(run_id) is not None else None


def take_up_expired_runs() -> list[int]:
    """Queue again (or fail plainly) every run whose lease expired; the runs queued again (beat task)."""
    expired = PairingRun.objects.filter(status=Status.RUNNING, lease_until__lt=timezone.now())
    requeued = []
    for pk in expired.values_list("pk", flat=True):
        with transaction.atomic():
            if take_up_expired_run(pk) == Status.QUEUED:
                _enqueue(pk)
                requeued.append(pk)
    return requeued


def execute_run(run_id: int, worker: str = "", *, pause_on_first_attempt: float = 0.0) -> PairingRun | None:
    """Compute a run if this worker can claim it (the body of the Celery task).

    None when the run is not this worker's: done, held by a live worker, or
    failed here because it used up its attempts.
    """
    token = claim_run(run_id, worker)
    if token is None:
        if give_up_run(run_id) is None:
            log.info("run %s is not queued (done, or claimed by another worker): skipped", run_id)
        pairing_run_finished.send(sender=PairingRun, run_id=run_id, outcome="skipped", seconds=None)
        return None
    started = time.monotonic()
    with run_lease.kept(run_id, token):
        return _compute(run_id, token, started, pause_on_first_attempt)


def _compute(run_id: int, token: str, started: float, pause_on_first_attempt: float) -> PairingRun | None:
    run = PairingRun.objects.get(pk=run_id)
    if pause_on_first_attempt and run.attempts == 1:
        time.sleep(pause_on_first_attempt)  # tests only: a window to kill the worker mid-run
    try:
        state = state_from_dict(run.input_snapshot)
        pairing = api.pair(state)
        report = api.check(state, pairing, engine_pairing=pairing)
    except PairingImpossible as exc:
        recorded = _fail(run, token, str(NO_PAIRING) % {"error": exc}, no_pairing_reason=exc.said.to_dict())
        return _finished(run_id, recorded, "no_pairing", started)
    except Exception as exc:  # the page must say why; the round stays as it was
        log.exception("pairing run %s failed", run_id)
        recorded = _fail(
            run,
            token,
            _("The engine stopped with an error: %(name)s: %(error)s")
            % {"name": type(exc).__name__, "error": exc},
        )
        return _finished(run_id, recorded, "error", started)
    recorded = _succeed(run, token, pairing_to_dict(pairing), stored_report(report))
    return _finished(run_id, recorded, "succeeded", started)


def _finished(run_id: int, run: PairingRun | None, outcome: str, started: float) -> PairingRun | None:
    """Tell the receivers (metrics) how a claimed run ended; ``None``: another worker recorded it."""
    pairing_run_finished.send(
        sender=PairingRun,
        run_id=run_id,
        outcome=outcome if run is not None else "superseded",
        seconds=time.monotonic() - started,
    )
    return run


def _still_ours(run_id: int, token: str) -> bool:
    return PairingRun.objects.filter(pk=run_id, status=Status.RUNNING, claim_token=token).exists()


@transaction.atomic
def _succeed(run: PairingRun, token: str, output: dict, report: dict) -> PairingRun | None:
    rnd = Round.objects.select_for_update().get(pk=run.round_id)
    if not _still_ours(run.pk, token):
        return None  # another worker took the run over and finished it
    now = timezone.now()
    PairingRun.objects.filter(pk=run.pk).update(
        status=Status.SUCCEEDED,
        output=output,
        explanation=output.get("explanation", []),
        checker_report=report,
        engine_version=output.get("system", ""),
        finished_at=now,
        error="",
    )
    DraftVersion.objects.create(run=run, round=rnd, number=0, pairing=output, check_report=report)
    if rnd.state in (S.AWAITING_RESULTS, S.DRAFT_COMPUTED, S.UNDER_REVIEW):
        # request_pairing checked the previous round when the run was asked for;
        # under rule 11 it may still be in play now.
        _transition(rnd, S.PAIRING_REQUESTED, unfinished_as_draws=True)
    if rnd.state == S.PAIRING_REQUESTED:
        _transition(rnd, S.DRAFT_COMPUTED)
    run.refresh_from_db()
    return run


@transaction.atomic
def _fail(
    run: PairingRun, token: str, message: str, no_pairing_reason: dict | None = None
) -> PairingRun | None:
    rnd = Round.objects.select_for_update().get(pk=run.round_id)
    if not _still_ours(run.pk, token):
        return None
    PairingRun.objects.filter(pk=run.pk).update(
        status=Status.FAILED, error=message, no_pairing_reason=no_pairing_reason, finished_at=timezone.now()
    )
    if rnd.state == S.PAIRING_REQUESTED and not rnd.draft_versions.exists():
        _transition(rnd, S.AWAITING_RESULTS)
    run.refresh_from_db()
    pairing_run_failed.send(sender=PairingRun, run=run)
    return run


def recover_orphaned_runs(worker: str) -> list[int]:
    """Re-queue the runs a restarted worker node was computing when it died.

    Called when worker ``worker`` starts: a run it still holds as running was
    interrupted. Queued runs older than a minute are enqueued again too (a
    message may have been lost); the claim makes a duplicate harmless, and a
    run that used up its attempts fails when its message comes.
    """
    with transaction.atomic():
        orphaned = list(
            PairingRun.objects.select_for_update()
            .filter(status=Status.RUNNING, claimed_by=worker)
            .values_list("pk", flat=True)
        )
        PairingRun.objects.filter(pk__in=orphaned).update(status=Status.QUEUED, lease_until=None)
        stale = list(
            PairingRun.objects.filter(
                status=Status.QUEUED, created_at__lt=timezone.now() - timedelta(minutes=1)
            ).values_list("pk", flat=True)
        )
        ids = sorted(set(orphaned) | set(stale))
        for pk in ids:
            _enqueue(pk)
    return ids
