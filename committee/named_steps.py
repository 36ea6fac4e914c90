"""The engine's explanation steps, checker reports and departures in the reader's words (issue 18
item 6, issue 20 item 3): teams by TPN and name, and the messages the engine kept as data
(``engine.messages``) rendered in the reader's language; what the engine still writes in English is
marked so (``translated``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, ngettext, pgettext_lazy
from django.utils.translation import gettext as _

from engine.messages import fully_translated, language_of, render, teams_named
from tournaments.engine_texts import team_label, teams_in, translated, with_team_names

__all__ = ["TOPIC_LABELS", "named_report", "named_step", "options_in_words", "topic_label"]

# The label of each step's topic, as the committee's page shows it. The topic is the engine's identifier
# (``Step.topic``: it also names the step's CSS class and is never translated); its label is the site's,
# in the reader's language (in English the identifier itself).
TOPIC_LABELS = {
    "absent": pgettext_lazy("explanation step topic", "absent"),
    "aro": pgettext_lazy("explanation step topic", "aro"),
    "boards": pgettext_lazy("explanation step topic", "boards"),
    "bracket": pgettext_lazy("explanation step topic", "bracket"),
    "bye": pgettext_lazy("explanation step topic", "bye"),
    "colour": pgettext_lazy("explanation step topic", "colour"),
    "colour-subgroups": pgettext_lazy("explanation step topic", "colour-subgroups"),
    "combination": pgettext_lazy("explanation step topic", "combination"),
    "criteria": pgettext_lazy("explanation step topic", "criteria"),
    "floater": pgettext_lazy("explanation step topic", "floater"),
    "floaters": pgettext_lazy("explanation step topic", "floaters"),
    "group": pgettext_lazy("explanation step topic", "group"),
    "groups": pgettext_lazy("explanation step topic", "groups"),
    "leftover": pgettext_lazy("explanation step topic", "leftover"),
    "limits": pgettext_lazy("explanation step topic", "limits"),
    "median": pgettext_lazy("explanation step topic", "median"),
    "merge": pgettext_lazy("explanation step topic", "merge"),
    "options": pgettext_lazy("explanation step topic", "options"),
    "pairing": pgettext_lazy("explanation step topic", "pairing"),
    "relaxation": pgettext_lazy("explanation step topic", "relaxation"),
    "round": pgettext_lazy("explanation step topic", "round"),
    "rows": pgettext_lazy("explanation step topic", "rows"),
    "scoregroup": pgettext_lazy("explanation step topic", "scoregroup"),
    "scores": pgettext_lazy("explanation step topic", "scores"),
    "section": pgettext_lazy("explanation step topic", "section"),
    "transfer": pgettext_lazy("explanation step topic", "transfer"),
    "upfloaters": pgettext_lazy("explanation step topic", "upfloaters"),
    "why": pgettext_lazy("explanation step topic", "why"),
}


def topic_label(topic: str) -> str | None:
    """The label of an explanation step's topic in the reader's language; None for a topic the site
    does not know (the page then shows the engine's identifier)."""
    label = TOPIC_LABELS.get(topic)
    return None if label is None else str(label)


def named_report(report: dict[str, Any], names: dict) -> dict[str, Any]:
    """A checker's report (``CheckReport.to_dict``) with the teams its messages name by TPN named by
    name too: its violations, its differences and each departure with its reasons."""
    return {
        **report,
        "violations": [named_step(v, names) for v in report.get("violations", [])],
        **_differences_in_words(report, names),
        "departures": [
            {
                **d,
                **_differences_in_words(d, names),
                "reasons": [named_step(v, names) for v in d.get("reasons", [])],
            }
            for d in report.get("departures", [])
        ],
    }


def _differences_in_words(item: dict[str, Any], names: dict) -> dict[str, Any]:
    """A report's (or a departure's) ``differences``, in the reader's language where the engine kept
    them as messages (``differences_data``), else in English with the teams named."""
    data = item.get("differences_data")
    language = language_of(get_language())
    if data and language != "en" and len(data) == len(item.get("differences", [])):
        return {"differences": [render(d, language, names) for d in data], "differences_translated": True}
    return {"differences": [with_team_names(x, names)[0] for x in item.get("differences", [])]}


def named_step(step: dict[str, Any], names: dict, *, round_number: int | None = None) -> dict[str, Any]:
    """An explanation step (or a violation) for a person: teams by TPN and name (issue 18 item 6).

    The message names its teams where the engine's words are unambiguous
    (``with_team_names``); ``teams`` lists the other teams its data names
    ("11 Moldova"). The round step, whose "not paired: 11" reads as a count, is
    said again from its data.
    """
    data = step.get("data") or {}
    if "tpns" in step and "data" not in step:  # a violation: its teams are in "tpns"
        data = {"tpns": step["tpns"]}
    if step.get("topic") == "round" and round_number is not None and "teams" in data:
        message = ngettext(
            "Round %(round)s: %(count)s team to be paired",
            "Round %(round)s: %(count)s teams to be paired",
            len(data["teams"]),
        ) % {"round": round_number, "count": len(data["teams"])}
        if data.get("absent"):
            message += "; " + _("not paired (absent or withdrawn): %(teams)s") % {
                "teams": ", ".join(team_label(names, t) for t in data["absent"])
            }
        return {**step, "message": message, "teams": [], "translated": True}  # in the reader's language
    said = step.get("message_data")  # a checker's message the engine kept as data (engine.messages)
    language = language_of(get_language())
    if said is not None and language != "en":
        translated = fully_translated(said)  # a cause the engine keeps as English prose reads in English
        return {**step, "message": render(said, language, names), "teams": [], "translated": translated}
    said = data.get("message_data")  # a rule-by-rule step the engine kept as data (Step.message)
    if said is not None and language != "en":
        return {
            **step,
            "message": render(said, language, names),
            "teams": teams_in(data, names, besides=teams_named(said)),
            "translated": fully_translated(said),
        }
    message, named = with_team_names(step.get("message", ""), names)
    return {**step, "message": message, "teams": teams_in(data, names, besides=named)}


def options_in_words(step: dict[str, Any]) -> dict[str, Any]:
    """The engine's "options in force" step with each option's label and meaning translated."""
    data = step.get("data") or {}
    if not data.get("options"):
        return step
    options = [
        {**o, **{k: translated(o[k]) for k in ("label", "meaning") if isinstance(o.get(k), str)}}
        for o in data["options"]
    ]
    return {**step, "data": {**data, "options": options}}
