"""The results a round's pairing rests on, and whether they changed since (issue 18, item 6).

A pairing is computed from a frozen snapshot of the results (``PairingRun.input_snapshot``,
rule 56). When an earlier round is reopened and a result corrected, a drafted, approved or
published pairing of a later round rests on results that are no longer true. Nothing is
flagged: the fingerprint of the results the pairing was computed from (the teams' round
records in the run's snapshot) is compared with the fingerprint of the results as they
stand now, every time a page asks. The committee keeps the pairing (a decision that records
the fingerprint it was kept on, ``Decision.kept_results``) or corrects it; a later change of
the results shows it again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from committee.models import Decision, DraftVersion, PairingRun, Publication
from committee.pairing_codec import pairing_from_dict, state_from_dict, state_to_dict, stored_report
from engine import api
from tournaments.models import Round, RoundState
from tournaments.selectors import engine_state
from tournaments.signals import pairing_basis
from tournaments.states import RESTING_STATES

S = RoundState
PUBLISHED_STATES = (S.PUBLISHED, S.LINEUPS_OPEN, S.LINEUPS_CLOSED, S.BOARD_PAIRINGS_POSTED)
RECHECK_SECONDS = 24 * 3600


def _histories(snapshot: dict[str, Any]) -> dict[int, list[dict]]:
    return {p["tpn"]: list(p.get("history", [])) for p in snapshot.get("participants", [])}


def fingerprint(snapshot: dict[str, Any]) -> str:
    """SHA-256 of the teams' round records in an engine snapshot: the results a pairing rests on."""
    text = json.dumps(sorted(_histories(snapshot).items()), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _scores(snapshot: dict[str, Any]) -> dict[int, tuple[float, float]]:
    return {
        tpn: (sum(r.get("match_points") or 0 for r in h), sum(r.get("game_points") or 0 for r in h))
        for tpn, h in _histories(snapshot).items()
    }


@dataclass
class ScoreChange:
    tpn: int
    name: str
    mp_then: float
    mp_now: float
    gp_then: float
    gp_now: float

    def __str__(self) -> str:
        def n(x: float) -> str:
            return format(x, "g")

        if self.mp_then != self.mp_now:
            return _("%(team)s: %(then)s → %(now)s MP") % {
                "team": self.name,
                "then": n(self.mp_then),
                "now": n(self.mp_now),
            }
        return _("%(team)s: %(then)s → %(now)s GP") % {
            "team": self.name,
            "then": n(self.gp_then),
            "now": n(self.gp_now),
        }


@dataclass
class Basis:
    """What a round's pairing was computed from, against the results as they stand now."""

    round: Round
    run: PairingRun
    pairing: dict[str, Any]
    published: bool
    then: str
    now: str = ""
    unreadable: str = ""  # the results cannot be read now (a board without a result)
    changes: list[ScoreChange] = field(default_factory=list)
    kept: Decision | None = None
    snapshot_now: dict[str, Any] | None = None

    @property
    def changed(self) -> bool:
        return bool(self.unreadable) or self.now != self.then

    @property
    def stale(self) -> bool:
        """The results changed since the pairing was computed and the committee has not kept it on them."""
        return self.changed and self.kept is None

    @property
    def changes_text(self) -> str:
        return "; ".join(str(c) for c in self.changes) or self.unreadable or _("round records changed")


def _run_and_pairing(round: Round) -> tuple[PairingRun, dict, bool] | None:
    """The run and pairing the round rests on: its latest publication's, else its current draft's."""
    if round.state in PUBLISHED_STATES:
        publication = (
            Publication.objects.filter(round=round).select_related("version__run").order_by("-number").first()
        )
        if publication is not None:
            return publication.version.run, publication.pairing, True
    version = DraftVersion.objects.filter(round=round).select_related("run").order_by("-pk").first()
    if version is None:
        return None
    return version.run, version.pairing, False


def basis_of(round: Round) -> Basis | None:
    """The round's pairing against the results now; None when it has no computed pairing to compare."""
    if round.state not in RESTING_STATES:
        return None
    found = _run_and_pairing(round)
    if found is None:
        return None
    run, pairing, published = found
    then_snapshot = run.input_snapshot or {}
    basis = Basis(round=round, run=run, pairing=pairing, published=published, then=fingerprint(then_snapshot))
    try:
        now_snapshot = state_to_dict(engine_state(round))
    except ValidationError as exc:
        basis.unreadable = " ".join(exc.messages)
        return basis
    basis.snapshot_now = now_snapshot
    basis.now = fingerprint(now_snapshot)
    if basis.now == basis.then:
        return basis
    names = {p["tpn"]: p.get("name") or f"TPN {p['tpn']}" for p in now_snapshot.get("participants", [])}
    before, after = _scores(then_snapshot), _scores(now_snapshot)
    for tpn in sorted(set(before) | set(after)):
        mp0, gp0 = before.get(tpn, (0.0, 0.0))
        mp1, gp1 = after.get(tpn, (0.0, 0.0))
        if (mp0, gp0) != (mp1, gp1):
            basis.changes.append(ScoreChange(tpn, names.get(tpn, f"TPN {tpn}"), mp0, mp1, gp0, gp1))
    basis.kept = (
        Decision.objects.filter(round=round, kept_results=basis.now)
        .select_related("author")
        .order_by("-created_at", "-pk")
        .first()
    )
    return basis


def changed_bases(rounds) -> dict[int, Basis]:
    """{round id: basis} of the rounds among ``rounds`` whose pairing rests on changed results."""
    out = {}
    for rnd in rounds:
        basis = basis_of(rnd)  # None for a round that rests on nothing
        if basis is not None and basis.changed:
            out[rnd.pk] = basis
    return out


def recheck(basis: Basis) -> dict[str, Any] | None:
    """The checker's report of the pairing on the results as they stand now (the engine pairs them again).

    Kept in the cache under the pairing and the results' fingerprint: computed once per change.
    """
    if basis.snapshot_now is None or not basis.changed:
        return None
    digest = hashlib.sha256(json.dumps(basis.pairing, sort_keys=True).encode()).hexdigest()[:16]
    key = f"committee:recheck:{basis.round.pk}:{digest}:{basis.now}"
    report = cache.get(key)
    if report is None:
        checked = api.check(state_from_dict(basis.snapshot_now), pairing_from_dict(basis.pairing))
        report = stored_report(checked)
        cache.set(key, report, RECHECK_SECONDS)
    return report


def _answer(sender, round, **kwargs) -> Basis | None:
    return basis_of(round)


pairing_basis.connect(_answer, sender=Round, dispatch_uid="committee-pairing-basis")
