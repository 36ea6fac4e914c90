"""Hand amendments of the draft, checked at once against the system's criteria.

Rule 58 (1998): the committee's pairing need not agree with the computer's.
Each amendment makes the next :class:`DraftVersion` of the current run; it is
refused when made over a version that is no longer the current one, so two
members never overwrite each other's work unknowingly. An amendment is undone by
returning to an earlier version (:func:`revert_draft`, issue 18 item 6): a new
version equal to it, recorded like an amendment.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from committee import amendments, permissions
from committee.errors import StaleDraft
from committee.models import DraftVersion
from committee.pairing_codec import pairing_from_dict, pairing_to_dict, state_from_dict, stored_report
from committee.selectors import current_version
from engine import api
from tournaments.models import Round, RoundState
from tournaments.time_zones import format_at_venue

S = RoundState


def lock_current(round: Round, version: DraftVersion) -> tuple[Round, DraftVersion]:
    """Lock the round and make sure ``version`` is still its current draft."""
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    current = current_version(rnd)
    if current is None:
        raise ValidationError(
            _("Round %(rnd_number)s has no draft pairing yet.") % {"rnd_number": rnd.number}
        )
    if current.pk != version.pk:
        who = current.author.get_username() if current.author else "the engine"
        raise StaleDraft(
            _(
                "Draft version %(version_number)s is no longer current: %(who)s saved version %(current_number)s at %(created_at)s. Reload the page and amend the newer version."
            )
            % {
                "version_number": version.number,
                "who": who,
                "current_number": current.number,
                "created_at": format_at_venue(current.created_at, rnd.tournament, "H:i:s"),
            },
            code="stale",
        )
    return rnd, current


# Round states in which a draft is reviewed: amended, approved.
REVIEWABLE = (S.DRAFT_COMPUTED, S.UNDER_REVIEW, S.APPROVED)


def lock_for_review(
    round: Round, version: DraftVersion, *, refusal: str, waiting_for: str
) -> tuple[Round, DraftVersion]:
    """Lock the round for acting on ``version``: current, in review, no new pairing being computed.

    ``refusal`` ends the message when the round is not in review;
    ``waiting_for`` names the act that must wait for a computation.
    """
    rnd, current = lock_current(round, version)
    if rnd.state not in REVIEWABLE:
        raise ValidationError(
            _("Round %(rnd_number)s is %(state_display)s: %(refusal)s")
            % {"rnd_number": rnd.number, "state_display": rnd.get_state_display().lower(), "refusal": refusal}
        )
    if rnd.pairing_runs.filter(status__in=["queued", "running"]).exists():
        raise ValidationError(
            _("A new pairing is being computed for this round; wait for it before %(waiting_for)s.")
            % {"waiting_for": waiting_for}
        )
    return rnd, current


def amend_draft(
    *, version: DraftVersion, operation: str, team_a: int, team_b: int | None = None, user
) -> DraftVersion:
    """Apply one amendment to ``version`` (the one the member saw) and check the result."""
    permissions.require(user, "committee.amend_draft", version.round)
    with transaction.atomic():
        rnd, current = lock_for_review(
            version.round, version, refusal=_("its draft cannot be amended now."), waiting_for=_("amending")
        )
        try:
            proposed = amendments.apply(pairing_from_dict(current.pairing), operation, team_a, team_b)
        except amendments.AmendmentError as exc:
            raise ValidationError(_(exc.template) % exc.params, code="amendment") from None
        run = current.run
        engine = pairing_from_dict(run.output)
        proposed = amendments.restore_engine_articles(proposed, engine)
        report = api.check(state_from_dict(run.input_snapshot), proposed, engine_pairing=engine)
        new = DraftVersion.objects.create(
            run=run,
            round=rnd,
            number=current.number + 1,
            operation=operation,
            team_a=team_a,
            team_b=team_b,
            pairing=pairing_to_dict(proposed),
            check_report=stored_report(report),
            author=user,
        )
        _to_review(rnd, user)
    return new


def revert_draft(*, version: DraftVersion, to: DraftVersion, user) -> DraftVersion:
    """Return the draft to ``to``, an earlier version of the same run: a new version equal to it.

    ``version`` is the current version the member saw (refused when it is no longer current).
    The new version has the earlier one's pairing and checker report (same run, same
    results), no approval and no override: like an amendment, it needs approving again.
    """
    permissions.require(user, "committee.amend_draft", version.round)
    with transaction.atomic():
        rnd, current = lock_for_review(
            version.round,
            version,
            refusal=_("its draft cannot be amended now."),
            waiting_for=_("returning to an earlier version"),
        )
        if to.round_id != rnd.pk or to.run_id != current.run_id:
            raise ValidationError(
                _(
                    "Version %(number)s belongs to an earlier pairing run; only versions of the current run can be returned to."
                )
                % {"number": to.number},
                code="other_run",
            )
        if to.pk == current.pk or to.pairing == current.pairing:
            raise ValidationError(
                _("The current draft (version %(current)s) is already the same as version %(number)s.")
                % {"current": current.number, "number": to.number},
                code="same",
            )
        new = DraftVersion.objects.create(
            run=current.run,
            round=rnd,
            number=current.number + 1,
            operation=amendments.REVERT,
            reverts_to=to.number,
            pairing=to.pairing,
            check_report=to.check_report,
            author=user,
        )
        _to_review(rnd, user)
    return new


def _to_review(rnd: Round, user) -> None:
    """A new version is under review: an approval covers one version only."""
    if rnd.state in (S.APPROVED, S.DRAFT_COMPUTED):
        _to(rnd, S.UNDER_REVIEW, user)


def _to(rnd: Round, target: str, user) -> None:
    from tournaments.services import transition_round

    transition_round(rnd, target, by=user)
    rnd.refresh_from_db(fields=["state", "state_changed_at", "published_at"])
