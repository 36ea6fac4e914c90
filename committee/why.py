"""The public "why" of a published pairing: per team, why this opponent, why this colour.

Read from the explanation of the pairing run the publication came from: the
engine writes one step with the topic ``"why"`` per participant
(``engine.result.RoundPairing.explain_why``), each reason citing its article.
Where the committee amended the engine's pairing (rule 58; C.04.6 3.3.3) the
engine's reasons no longer hold for the teams it moved: their line says the
pairing (or only the colours) was set by a committee decision and cites it —
the decision note about that pairing where there is one, else the amendment
that made it. A tournament may hide the lines (``Tournament.show_pairing_reasons``).
A team the engine's reason names by TPN is named by name too, as the publication
names it ("Moldova (TPN 7) floats up ...", issue 18 item 6).

The engine keeps its reasons as data too (``opponent_message``, ``colour_message``,
``engine.messages``): they are written in the reader's language. A run stored
before the engine did so has only the English, which is shown as it is and
marked ``lang="en"`` (issue 20 item 3).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from committee.models import Decision, DraftVersion, Publication
from engine.messages import fully_translated, language_of, render
from engine.result import WHY_TOPIC
from tournaments.engine_texts import with_team_names


@dataclass(frozen=True)
class WhyLine:
    """One team's line; ``by_committee`` when the committee, not the rules, set what it says."""

    tpn: int
    opponent_reason: str
    opponent_article: str
    colour_reason: str = ""
    colour_article: str = ""
    by_committee: bool = False
    decision: str = ""  # the committee's decision cited ("decision no. 12 of 2026-11-02")
    opponent_lang: str = ""  # "en" when the reason is shown in English on a page in another language
    colour_lang: str = ""

    @property
    def text(self) -> str:
        out = _sentence(self.opponent_reason, self.opponent_article)
        if self.colour_reason:
            out += " " + _sentence(self.colour_reason, self.colour_article)
        return out

    def to_dict(self) -> dict[str, Any]:
        out = {**asdict(self), "text": self.text}
        del out["opponent_lang"], out["colour_lang"]
        return out


def why_step_text(data: dict[str, Any], names: dict) -> str | None:
    """A "why" step's line in the reader's language, each reason then its [article]; None when the
    reader reads English or the step has only the English (a run stored before reasons were messages)."""
    language = language_of(get_language())
    if language == "en" or "opponent_message" not in data:
        return None
    out = _sentence(render(data["opponent_message"], language, names), data.get("opponent_article", ""))
    colour = data.get("colour_message") or data.get("colour_reason")
    if colour:
        out += " " + _sentence(render(colour, language, names), data.get("colour_article", ""))
    return out


def _sentence(reason: str, article: str) -> str:
    reason = reason.strip()
    return f"{reason} [{article}]" if article else reason


def _engine_sides(output: dict[str, Any]) -> dict[int, tuple[int | None, str | None]]:
    """``{tpn: (opponent, colour)}`` of the engine's pairing (None, None for the bye)."""
    sides: dict[int, tuple[int | None, str | None]] = {}
    for p in output.get("pairs", []):
        sides[p["white"]] = (p["black"], "w")
        sides[p["black"]] = (p["white"], "b")
    if output.get("bye") is not None:
        sides[output["bye"]] = (None, None)
    return sides


def _published_sides(pairing: dict[str, Any]) -> dict[int, tuple[int | None, str | None]]:
    return _engine_sides(pairing)


class _Citations:
    """The committee's decision behind a pairing it set, found once per publication."""

    def __init__(self, publication: Publication):
        rnd = publication.round
        self.notes: list[tuple[frozenset[int], Decision]] = []
        decisions = Decision.objects.filter(round=rnd).prefetch_related(
            "subjects", "matches__white_team", "matches__black_team"
        )
        for d in decisions:
            for s in d.subjects.all():
                self.notes.append((s.tpns, d))
            for m in d.matches.all():
                self.notes.append((frozenset(t.tpn for t in m.teams()), d))
        self.amendments = list(
            DraftVersion.objects.filter(
                run_id=publication.version.run_id, number__gt=0, number__lte=publication.version.number
            ).order_by("-number")
        )
        self.publication = publication

    def cite(self, tpns: frozenset[int]) -> str:
        for subject, d in reversed(self.notes):
            if subject == tpns:
                return _("decision no. %(number)s of %(date)s") % {
                    "number": d.pk,
                    "date": f"{d.created_at:%Y-%m-%d}",
                }
        for v in self.amendments:
            if {v.team_a, v.team_b} & tpns:
                return _("amendment of draft version %(number)s, %(date)s") % {
                    "number": v.number,
                    "date": f"{v.created_at:%Y-%m-%d}",
                }
        p = self.publication
        return _("publication no. %(number)s of round %(round)s") % {
            "number": p.number,
            "round": p.round.number,
        }


def why_lines(publication: Publication) -> dict[int, WhyLine]:
    """Each team's line for ``publication``, by TPN (empty when the run gave none or the tournament hides them)."""
    if publication.version_id is None:
        return {}
    tournament = publication.round.tournament
    if not tournament.show_pairing_reasons:
        return {}
    run = publication.version.run
    names = publication.teams or {}

    language = language_of(get_language())

    def named(data: dict[str, Any]) -> dict[str, Any]:
        out = dict(data)
        for kind in ("opponent", "colour"):
            reason, message = data.get(f"{kind}_reason"), data.get(f"{kind}_message")
            out[f"{kind}_lang"] = ""
            if message is not None and language != "en":
                out[f"{kind}_reason"] = render(message, language, names)  # its teams named by the message
                out[f"{kind}_lang"] = "" if fully_translated(message) else "en"
            elif reason:
                out[f"{kind}_reason"] = with_team_names(reason, names)[0]
                out[f"{kind}_lang"] = "" if language == "en" else "en"
        return out

    steps = {
        s["data"]["tpn"]: named(s["data"])
        for s in (run.explanation or [])
        if s.get("topic") == WHY_TOPIC and "tpn" in (s.get("data") or {})
    }
    engine = _engine_sides(run.output or {})
    published = _published_sides(publication.pairing)
    citations: _Citations | None = None
    lines: dict[int, WhyLine] = {}
    for tpn, (opponent, colour) in published.items():
        step = steps.get(tpn)
        engine_side = engine.get(tpn)
        same_opponent = engine_side is not None and engine_side[0] == opponent
        if step is not None and step.get("opponent") != opponent:
            same_opponent = False
        if same_opponent and step is None:
            continue  # the engine's pairing, but the engine gave no reason
        if same_opponent and engine_side[1] == colour:
            lines[tpn] = WhyLine(
                tpn=tpn,
                opponent_reason=step.get("opponent_reason", ""),
                opponent_article=step.get("opponent_article", ""),
                colour_reason=step.get("colour_reason", ""),
                colour_article=step.get("colour_article", ""),
                opponent_lang=step.get("opponent_lang", ""),
                colour_lang=step.get("colour_lang", ""),
            )
            continue
        citations = citations or _Citations(publication)
        pair = frozenset(t for t in (tpn, opponent) if t is not None)
        decision = citations.cite(pair)
        if same_opponent:  # only the colours were changed by the committee
            lines[tpn] = WhyLine(
                tpn=tpn,
                opponent_reason=step.get("opponent_reason", ""),
                opponent_article=step.get("opponent_article", ""),
                colour_reason=_(
                    "The colours were set by a decision of the pairing committee, not by the colour rules."
                ),
                colour_article=decision,
                by_committee=True,
                decision=decision,
                opponent_lang=step.get("opponent_lang", ""),
            )
            continue
        lines[tpn] = WhyLine(
            tpn=tpn,
            opponent_reason=_(
                "The pairing-allocated bye was set by a decision of the pairing committee, which departed "
                "from the pairing the rules give."
            )
            if opponent is None
            else _(
                "This pairing was set by a decision of the pairing committee, which departed from the "
                "pairing the rules give."
            ),
            opponent_article=decision,
            by_committee=True,
            decision=decision,
        )
    return lines
