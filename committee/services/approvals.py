"""Approval and publication of a round's pairing.

An approval covers one draft version. The tournament's policy says how many
are needed: any committee member, the chair, or two members. A version that
breaks an absolute criterion (a rematch, a second bye) cannot be approved
unless the Chief Arbiter overrides it with a reason (C.04.6 3.3.3).

Publication (rule 60) freezes the approved version as an immutable
:class:`Publication` and creates the round's matches. A corrected pairing (``committee.services.corrections``,
rule 57) is published as the next publication, which lists what changed and why. The round row is locked
(SELECT ... FOR UPDATE) for each step, so two members acting at the same
moment cannot publish twice or publish a stale draft.
"""

from __future__ import annotations

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from committee import permissions
from committee.errors import ApprovalBlocked
from committee.models import Approval, ArbiterOverride, DraftVersion, Publication
from committee.pairing_codec import pairing_from_dict
from committee.public_cache import public_cache_keys
from committee.selectors import approvals_needed, team_names
from committee.services.drafts import _to, lock_current, lock_for_review
from engine import api
from engine.options import in_force
from tournaments.engine_texts import translated, with_team_names
from tournaments.models import Round, RoundState
from tournaments.pairing_options import site_specs
from tournaments.services import save_pairing
from tournaments.services.options import pin_engine_options
from tournaments.snapshot import engine_options

S = RoundState


def _require_no_blocking_violation(version: DraftVersion) -> None:
    if version.has_absolute_violation and not ArbiterOverride.objects.filter(version=version).exists():
        names = team_names(version.round)  # the teams by TPN and name (issue 18 item 6)
        broken = "; ".join(
            f"{v['criterion']}: {with_team_names(v['message'], names)[0]}"
            for v in version.check_report["violations"]
            if v["absolute"]
        )
        raise ApprovalBlocked(
            _(
                "Draft version %(version_number)s breaks an absolute criterion (%(broken)s). It cannot be approved unless the Chief Arbiter overrides it with a reason (C.04.6 3.3.3)."
            )
            % {"version_number": version.number, "broken": broken},
            code="absolute",
        )


def override_absolute(*, version: DraftVersion, user, reason: str) -> ArbiterOverride:
    """The Chief Arbiter lets ``version`` be approved despite its absolute violations."""
    permissions.require(user, "committee.override", version.round)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("An override needs a reason (C.04.6 3.3.3: the Chief Arbiter decides)."))
    with transaction.atomic():
        lock_current(version.round, version)
        if not version.has_absolute_violation:
            raise ValidationError(
                _("Draft version %(version_number)s breaks no absolute criterion: nothing to override.")
                % {"version_number": version.number}
            )
        if ArbiterOverride.objects.filter(version=version).exists():
            raise ValidationError(
                _("Draft version %(version_number)s is already overridden.")
                % {"version_number": version.number}
            )
        return ArbiterOverride.objects.create(version=version, author=user, reason=reason)


def approve(*, version: DraftVersion, user) -> Approval:
    """Record ``user``'s approval of ``version``; the round is approved when the policy is met."""
    permissions.require(user, "committee.approve", version.round)
    with transaction.atomic():
        rnd, current = lock_for_review(
            version.round, version, refusal=_("there is no draft to approve."), waiting_for=_("approving")
        )
        _require_no_blocking_violation(current)
        _require_options_in_force(current, rnd)
        approval = current.approvals.filter(user=user).first()
        if approval is not None and (rnd.state != S.UNDER_REVIEW or approvals_needed(current) is not None):
            raise ValidationError(
                _("You have already approved draft version %(current_number)s.")
                % {"current_number": current.number}
            )
        # (An approval given before a correction reopened the round counts again: it covers this version.)
        if approval is None:  # the round row is locked: one approval per member and version
            approval = Approval.objects.create(
                version=current, user=user, as_chair=permissions.is_committee_chair(user, rnd)
            )
        if rnd.state == S.DRAFT_COMPUTED:
            _to(rnd, S.UNDER_REVIEW, user)
        if rnd.state == S.UNDER_REVIEW and approvals_needed(current) is None:
            _to(rnd, S.APPROVED, user)
    return approval


def publish(*, version: DraftVersion, user, reason: str = "") -> Publication:
    """Publish the approved ``version`` (rule 60) and create the round's matches."""
    permissions.require(user, "committee.publish", version.round)
    reason = (reason or "").strip()
    with transaction.atomic():
        rnd, current = lock_current(version.round, version)
        if rnd.state == S.PUBLISHED:
            raise ValidationError(
                _("Round %(rnd_number)s's pairing is already published.") % {"rnd_number": rnd.number},
                code="published",
            )
        if rnd.state != S.APPROVED:
            raise ValidationError(
                _("Round %(rnd_number)s is %(state_display)s: only an approved pairing is published.")
                % {"rnd_number": rnd.number, "state_display": rnd.get_state_display().lower()}
            )
        still = approvals_needed(current)
        if still:
            raise ValidationError(
                _("Draft version %(current_number)s still needs %(still)s.")
                % {"current_number": current.number, "still": still}
            )
        _require_no_blocking_violation(current)
        _require_options_in_force(current, rnd)
        previous = rnd.publications.order_by("-number").first()
        pairing = pairing_from_dict(current.pairing)
        changes: list[str] = []
        if previous is not None:
            changes = api.describe_differences(pairing_from_dict(previous.pairing), pairing)
            if not reason:
                raise ValidationError(_("A correction of a published pairing needs a reason (rule 57)."))
        teams = {str(tpn): info for tpn, info in team_names(rnd).items()}
        publication = Publication.objects.create(
            round=rnd,
            number=(previous.number + 1) if previous else 1,
            version=current,
            pairing=current.pairing,
            teams=teams,
            reason=reason,
            changes=changes,
            published_by=user,
        )
        if rnd.number == 1 and previous is None:
            pin_engine_options(rnd.tournament)  # frozen from now on, explicitly (defaults included)
        matches = save_pairing(rnd, pairing, replace=previous is not None)
        _link_decisions(rnd, matches)
        _to(rnd, S.PUBLISHED, user)
        if not rnd.tournament.is_team_event:  # no lineups: the pairing is the board pairing
            from tournaments.services.individual import post_individual_boards

            post_individual_boards(rnd, by=user)
        keys = list(public_cache_keys(rnd.tournament.slug, rnd.number).values())
        transaction.on_commit(lambda: cache.delete_many(keys))
    return publication


def _require_options_in_force(version: DraftVersion, rnd: Round) -> None:
    """The draft was computed with the pairing options now in force (they may have changed since)."""
    snapshot = (version.run.input_snapshot or {}).get("options") or {}
    system = rnd.tournament.pairing_system
    try:
        used = in_force(system, snapshot)
        now = in_force(system, engine_options(rnd.tournament))
    except ValueError as exc:
        raise ValidationError(_("The pairing options are not valid: %(error)s.") % {"error": exc}) from None
    changed = [translated(s.label) for s in site_specs(system) if used[s.key] != now[s.key]]
    if changed:
        raise ValidationError(
            _(
                "The pairing options changed after this draft was computed (%(changed)s): compute the pairing again."
            )
            % {"changed": ", ".join(changed)},
            code="options",
        )


def _link_decisions(rnd: Round, matches) -> None:
    """Attach the notes written about draft pairings to the published matches."""
    by_teams = {frozenset(t.tpn for t in m.teams()): m for m in matches}
    for subject in rnd.decision_subjects.select_related("decision"):
        match = by_teams.get(subject.tpns)
        if match is not None:
            subject.decision.matches.add(match)
