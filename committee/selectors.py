"""Reads for the committee's pages and API, and for the public pairings.

Drafts are shown to the committee and arbiters only; the public and the
captains see publications only (rule 60). Rows are plain dicts so templates
and serializers read the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from committee.amendments import AMENDED
from committee.models import (
    Approval,
    ArbiterOverride,
    Decision,
    DraftVersion,
    OptionsChange,
    PairingRun,
    Publication,
)
from committee.named_steps import named_report, named_step, options_in_words, topic_label
from committee.why import why_lines, why_step_text
from engine.result import WHY_TOPIC
from tournaments.engine_texts import team_label
from tournaments.models import Round, RoundState, Tournament
from tournaments.models.tournament import ApprovalPolicy
from tournaments.states import PAIRED_STATES


def tournament_by_slug(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def round_of(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("tournament"), tournament=tournament, number=number)


def current_version(round: Round) -> DraftVersion | None:
    return round.draft_versions.select_related("run", "author").order_by("-pk").first()


OPTIONS_TOPIC = "options"  # the engine's "options in force" step (issue 11)

HEAVY_RUN_FIELDS = ("input_snapshot", "output", "checker_report", "explanation")


def draft_stamp(round: Round) -> str:
    """What the review page's buttons depend on, in a few characters: it changes with any of them.

    The round's state, its current version, that version's approvals and override, and the
    publications; the page polls with it and is refreshed when it changes (issue 18 item 6).
    """
    state = Round.objects.filter(pk=round.pk).values_list("state", flat=True).first()
    version = round.draft_versions.order_by("-pk").values_list("pk", flat=True).first()
    approvals = list(Approval.objects.filter(version_id=version).order_by("pk").values_list("pk", flat=True))
    overridden = ArbiterOverride.objects.filter(version_id=version).exists()
    publications = round.publications.count()
    return f"{state}.{version}.{'-'.join(map(str, approvals))}.{int(overridden)}.{publications}"


def latest_run(round: Round) -> PairingRun | None:
    return round.pairing_runs.defer(*HEAVY_RUN_FIELDS).order_by("-created_at", "-pk").first()


def active_run(round: Round) -> PairingRun | None:
    return (
        round.pairing_runs.defer(*HEAVY_RUN_FIELDS)
        .filter(status__in=["queued", "running"])
        .order_by("-pk")
        .first()
    )


def approvals_needed(version: DraftVersion) -> str | None:
    """What the policy still needs before ``version`` is approved; None when it is."""
    policy = version.round.tournament.approval_policy
    approvals = list(version.approvals.all())
    if policy == ApprovalPolicy.CHAIRMAN:
        return None if any(a.as_chair for a in approvals) else _("the committee chair's approval")
    if policy == ApprovalPolicy.TWO_MEMBERS:
        missing = 2 - len({a.user_id for a in approvals})
        if missing <= 0:
            return None
        return ngettext(
            "%(count)s more committee member's approval",
            "%(count)s more committee members' approvals",
            missing,
        ) % {"count": missing}
    return None if approvals else _("a committee member's approval")


def runs_of(round: Round) -> QuerySet[PairingRun]:
    return round.pairing_runs.order_by("-created_at", "-pk").defer("input_snapshot")


def versions_of(round: Round) -> QuerySet[DraftVersion]:
    return round.draft_versions.select_related("author", "override").order_by("-pk")


def notes_of(round: Round) -> QuerySet[Decision]:
    return (
        Decision.objects.filter(round=round)
        .select_related("author")
        .prefetch_related("subjects", "matches")
        .order_by("created_at", "pk")
    )


def publications_of(round: Round) -> QuerySet[Publication]:
    return round.publications.select_related("published_by").order_by("-number")


# Round states in which a pairing is public (approved is not yet).
PUBLIC_STATES = frozenset(PAIRED_STATES) - {RoundState.APPROVED}


def public_publications(round: Round) -> list[Publication]:
    """The publications the public sees, newest first.

    A round paired outside the committee's cycle (imported from a TRF file,
    or the demo's seeded rounds) has matches but no publication: once it is
    in a public state its matches are shown as one unsaved publication.
    """
    publications = list(publications_of(round))
    if publications or round.state not in PUBLIC_STATES:
        return publications
    matches = list(round.matches.select_related("white_team", "black_team").order_by("table"))
    if not matches:
        return []
    teams = {str(tpn): info for tpn, info in team_names(round).items()}
    pairing = {
        "round": round.number,
        "pairs": [{"white": m.white_team.tpn, "black": m.black_team.tpn} for m in matches if not m.is_bye],
        "bye": next((m.white_team.tpn for m in matches if m.is_bye), None),
    }
    return [
        Publication(
            round=round,
            number=1,
            pairing=pairing,
            teams=teams,
            published_at=round.published_at or round.state_changed_at,
            reason="",
            changes=[],
        )
    ]


# -- rows ---------------------------------------------------------------------------


def _scores(snapshot: dict[str, Any] | None) -> dict[int, tuple[float, float]]:
    if not snapshot:
        return {}
    return {
        p["tpn"]: (
            sum(r.get("match_points", 0) for r in p.get("history", [])),
            sum(r.get("game_points", 0) for r in p.get("history", [])),
        )
        for p in snapshot.get("participants", [])
    }


def team_names(round: Round) -> dict[int, dict[str, str]]:
    """Name, short name and federation of the tournament's teams, by TPN (as a publication keeps them)."""
    return {
        t["tpn"]: {
            "name": t["name"],
            "short_name": t["short_name"] or t["name"],
            "federation": t["federation"],
        }
        for t in round.tournament.teams.filter(tpn__isnull=False).values(
            "tpn", "name", "short_name", "federation"
        )
    }


def _side(tpn: int, names: dict, scores: dict) -> dict[str, Any]:
    info = (
        names.get(tpn)
        or names.get(str(tpn))
        or {"name": f"TPN {tpn}", "short_name": str(tpn), "federation": ""}
    )
    mp, gp = scores.get(tpn, (None, None))
    return {"tpn": tpn, **info, "match_points": mp, "game_points": gp}


def pairing_rows(
    pairing: dict[str, Any], names: dict, scores: dict | None = None, engine: dict | None = None, report=None
) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Rows in board (table) order, and the bye row; marks departures from ``engine``."""
    scores = scores or {}
    pairing = with_engine_articles(pairing, engine)
    engine_pairs = {(p["white"], p["black"]) for p in (engine or {}).get("pairs", [])}
    violations = (report or {}).get("violations", [])
    rows = []
    for table, p in enumerate(pairing.get("pairs", []), start=1):
        tpns = {p["white"], p["black"]}
        rows.append(
            {
                "table": table,
                "white": _side(p["white"], names, scores),
                "black": _side(p["black"], names, scores),
                "colour_article": p.get("colour_article", ""),
                "changed": engine is not None and (p["white"], p["black"]) not in engine_pairs,
                "violations": [v for v in violations if tpns & set(v.get("tpns", []))],
            }
        )
    bye = None
    if pairing.get("bye") is not None:
        b = pairing["bye"]
        bye = {
            "team": _side(b, names, scores),
            "changed": engine is not None and engine.get("bye") != b,
            "violations": [v for v in violations if b in v.get("tpns", [])],
        }
    return rows, bye


@dataclass
class DraftView:
    """Everything the review page shows about the current draft of a round."""

    round: Round
    version: DraftVersion | None
    run: PairingRun | None
    active_run: PairingRun | None
    last_failed_run: PairingRun | None
    rows: list[dict[str, Any]] = field(default_factory=list)
    bye: dict[str, Any] | None = None
    explanation: list[dict[str, Any]] = field(default_factory=list)
    report: dict[str, Any] = field(default_factory=dict)
    approvals: list[Approval] = field(default_factory=list)
    still_needed: str | None = None
    system_label: str = ""
    names: dict[int, dict[str, str]] = field(default_factory=dict)  # the teams, by TPN

    @property
    def compute_seconds(self) -> float | None:
        """How long the worker took for the draft's run (claim to result)."""
        if self.run is None or self.run.started_at is None or self.run.finished_at is None:
            return None
        return (self.run.finished_at - self.run.started_at).total_seconds()

    @property
    def explanation_options(self) -> list[dict[str, Any]]:
        """The "options in force" step(s), shown first, the options' labels and values in the reader's language."""
        return [options_in_words(s) for s in self.explanation if s.get("topic") == OPTIONS_TOPIC]

    @property
    def explanation_why(self) -> list[dict[str, Any]]:
        """The per-team plain-language steps (``RoundPairing.explain_why``), shown on their own.

        Each step's ``team`` is "TPN name"; the teams its message names by TPN are named too.
        Written in the reader's language where the engine kept its reasons as messages
        (``translated``), else as the engine wrote it, in English.
        """
        out = []
        for s in self.explanation:
            if s.get("topic") != WHY_TOPIC:
                continue
            data = s.get("data") or {}
            step = {**named_step(s, self.names), "team": team_label(self.names, data.get("tpn"))}
            text = why_step_text(data, self.names)
            if text is not None:
                step.update(message=text, translated=True)
            out.append(step)
        return out

    @property
    def explanation_rules(self) -> list[dict[str, Any]]:
        """The rule-by-rule steps: everything but the options and the "why" lines, teams named (``named_step``),
        each with its topic's label in the reader's language (``topic_label``)."""
        return [
            {
                **named_step(s, self.names, round_number=self.round.number),
                "topic_label": topic_label(s.get("topic", "")),
            }
            for s in self.explanation
            if s.get("topic") not in (OPTIONS_TOPIC, WHY_TOPIC)
        ]

    @property
    def named_report(self) -> dict[str, Any]:
        """The checker's report with the teams its messages name by TPN named by name too."""
        if not self.report:
            return self.report
        return named_report(self.report, self.names)

    @property
    def blocked(self) -> bool:
        return bool(
            self.version and self.version.has_absolute_violation and not hasattr(self.version, "override")
        )


def draft_view(round: Round) -> DraftView:
    version = current_version(round)
    active = active_run(round)
    latest = latest_run(round)
    failed = latest if latest is not None and latest.status == PairingRun.Status.FAILED else None
    view = DraftView(
        round=round,
        version=version,
        run=version.run if version else None,
        active_run=active,
        last_failed_run=failed,
        system_label=round.tournament.system_label,
    )
    if version is None:
        return view
    run = version.run
    names = view.names = team_names(round)
    view.rows, view.bye = pairing_rows(
        version.pairing, names, _scores(run.input_snapshot), engine=run.output, report=version.check_report
    )
    view.explanation = list(run.explanation or [])
    view.report = version.check_report
    view.approvals = list(version.approvals.select_related("user"))
    view.still_needed = approvals_needed(version)
    return view


def publication_view(publication: Publication) -> dict[str, Any]:
    """The rows of a publication, named as they were published, each side with its "why" line.

    ``side["why"]`` is a :class:`committee.why.WhyLine` or None (hidden by the
    tournament, or no reason given by the engine).
    """
    names = {int(k): v for k, v in publication.teams.items()}
    rows, bye = pairing_rows(publication.pairing, names)
    why = why_lines(publication)
    for r in rows:
        r["white"]["why"] = why.get(r["white"]["tpn"])
        r["black"]["why"] = why.get(r["black"]["tpn"])
    if bye:
        bye["team"]["why"] = why.get(bye["team"]["tpn"])
    return {"publication": publication, "rows": rows, "bye": bye, "has_why": bool(why)}


def with_engine_articles(pairing: dict[str, Any], engine: dict[str, Any] | None) -> dict[str, Any]:
    """``pairing`` with each of the engine's own pairs (same teams, same colours) citing the engine's article.

    An amendment undone by another one leaves the engine's pair, and its colours
    are the rules', not the committee's (issue 18 item 6; versions saved before
    ``amendments.restore_engine_articles`` was applied on saving).
    """
    articles = {
        (p["white"], p["black"]): p.get("colour_article", "") for p in (engine or {}).get("pairs", [])
    }
    if not articles:
        return pairing
    pairs = [
        {**p, "colour_article": articles[(p["white"], p["black"])]}
        if p.get("colour_article") == AMENDED and (p["white"], p["black"]) in articles
        else p
        for p in pairing.get("pairs", [])
    ]
    return {**pairing, "pairs": pairs}


def rounds_for_dashboard(tournament: Tournament) -> QuerySet[Round]:
    return tournament.rounds.order_by("number").prefetch_related(
        Prefetch(
            "publications", queryset=Publication.objects.order_by("-number").only("id", "round_id", "number")
        ),
    )


def options_changes_of(tournament: Tournament) -> QuerySet[OptionsChange]:
    """The committee's decisions that changed the pairing options after round 1, oldest first."""
    return (
        OptionsChange.objects.filter(tournament=tournament)
        .select_related("decision__author", "decision__round")
        .order_by("decision__created_at", "pk")
    )
