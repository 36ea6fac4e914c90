"""The engine's names and labels, shown in the reader's language.

The engine is a library without Django and writes in English. The names and labels of it
that the site shows — the pairing systems' names (``engine.systems.LABELS``), every option's
label, help text and choice labels (``engine.options.all_specs()``) and the tie-breaks' names
(``engine.standings.registry``) — are listed for the catalogues in the generated module
``tournaments.option_messages`` (one ``gettext_noop`` each, so ``makemessages`` finds them;
``manage.py option_messages`` rewrites it, and ``tests/i18n/test_engine_texts.py`` fails while
it is out of step with the engine). Pages translate them with :func:`translated`. The engine's
explanations, "why" lines and checker messages stay in English (docs/translations.md), but the
teams they name by TPN are named for a person by :func:`with_team_names` and :func:`teams_in`
(issue 18 item 6: "not paired (absent or withdrawn): 11" read as a count).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from django.utils.translation import gettext

MODULE = Path(__file__).with_name("option_messages.py")

_HEADER = '''"""The engine's names and labels the site shows, for the catalogues: GENERATED, do not edit.

Rewritten by ``.venv/bin/python manage.py option_messages`` from the engine (the pairing systems'
names, every option's label, help text and choice labels, the tie-breaks' names); then run
``manage.py makemessages`` and translate the new entries (docs/translations.md). The site
translates them with ``tournaments.engine_texts.translated``.
"""

from django.utils.translation import gettext_noop

MESSAGES = (
'''
_LINE_LENGTH = 110  # ruff's (pyproject.toml): the module is written as ``ruff format`` leaves it


def engine_texts() -> list[tuple[str, str]]:
    """Every text of the engine the site shows, once each, in a stable order, with where it comes from."""
    from engine import systems
    from engine.options import all_specs
    from engine.standings import registry

    found: dict[str, str] = {}

    def add(where: str, text: str) -> None:
        if text and text not in found:
            found[text] = where

    for name, label in systems.LABELS.items():
        add(f"pairing system {name}", label)
    for spec in all_specs():
        where = f"{spec.system} option {spec.key} ({spec.article})"
        add(where, spec.label)
        add(where, spec.help)
        for choice_label in spec.choice_labels:
            add(where, choice_label)
    for name in registry.known_names():
        try:
            add(f"tie-break {name}", registry.get(name).label)
        except ValueError:  # an Olympiad list whose module is not installed
            continue
    return [(where, text) for text, where in found.items()]


def _literal(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a Python string literal


def render_module() -> str:
    """The source of ``tournaments/option_messages.py`` for the engine as it is."""
    lines = [_HEADER.rstrip("\n")]
    last = None
    for where, text in engine_texts():
        if where != last:
            lines.append(f"    # {where}")
            last = where
        one_line = f"    gettext_noop({_literal(text)}),"
        if len(one_line) <= _LINE_LENGTH:
            lines.append(one_line)
        else:
            lines += ["    gettext_noop(", f"        {_literal(text)}", "    ),"]
    lines.append(")")
    return "\n".join(lines) + "\n"


def known_texts() -> frozenset[str]:
    from tournaments.option_messages import MESSAGES

    return frozenset(MESSAGES)


def translated(text: str) -> str:
    """``text`` in the active language when it is one of the engine's listed texts, else as it is."""
    if text and text in known_texts():
        return gettext(text)
    return text


# -- teams named by their TPN in the engine's texts (issue 18 item 6) ---------------------------

# Keys of an explanation step's data (``RoundPairing.explain``) and of a violation that hold TPNs.
TEAM_KEYS = frozenset(
    {
        "tpn",
        "tpns",
        "teams",
        "absent",
        "residents",
        "upfloaters",
        "pairs",
        "white",
        "black",
        "bye",
        "opponent",
        "first_team",
        "exempt",
        "barred",
        "players",
    }
)
_TEAM = re.compile(r"(?<![\w-])[Tt]eam (\d+)\b(?!'s players| board)")
_PAIR = re.compile(r"(?<![\d.+:])(\d+)-(\d+)(?![\d.]|-?point)")
_GIVEN_TO = re.compile(r"\b(White to|bye to|, not|largest TPN:) (\d+)\b")
_RANGE_BEFORE = re.compile(
    r"\b(?:rules?|articles?|rounds?|TPNs?|boards?|chapters?)\s+(?:\d+(?:-\d+)?(?:,\s*|\s+and\s+))*$", re.I
)
_MET = re.compile(r"(?<![\w.])(\d+) and (\d+)(?= have already)")
_LISTED = re.compile(r"\b(not paired:) (\d+(?:, \d+)*)")


def _name(names: Mapping, tpn: int) -> str | None:
    info = names.get(tpn) or names.get(str(tpn))
    if not info:
        return None
    return info["name"] if isinstance(info, Mapping) else str(info)


def team_label(names: Mapping, tpn: int) -> str:
    """``"11 Moldova"``: a team by TPN and name (the TPN alone when the name is unknown)."""
    name = _name(names, tpn)
    return f"{tpn} {name}" if name else str(tpn)


def with_team_names(text: str, names: Mapping) -> tuple[str, set[int]]:
    """``text`` with the teams it names by TPN named by name too, and the TPNs so named.

    Rewritten are the engine's unambiguous references only: "team 7" ("Moldova (TPN 7)"),
    a pairing "5-3" ("5 Moldova – 3 Chile"), "5 and 3 have already met", "not paired: 4, 6"
    and "White to 5" / "bye to 5, not 3";
    a number that may be a count or a score is left as it is (:func:`teams_in` names those).
    ``names`` maps a TPN (int or str) to a name or to a dict with ``"name"``.
    """
    named: set[int] = set()

    def team(m: re.Match) -> str:
        tpn = int(m.group(1))
        name = _name(names, tpn)
        if name is None:
            return m.group(0)
        named.add(tpn)
        return f"{name} (TPN {tpn})"

    def pair(m: re.Match) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        if a == b or _name(names, a) is None or _name(names, b) is None:
            return m.group(0)
        if _RANGE_BEFORE.search(m.string[max(0, m.start() - 80) : m.start()]):  # "rules 20-23": a range
            return m.group(0)
        named.update((a, b))
        return f"{team_label(names, a)} – {team_label(names, b)}"

    def given(m: re.Match) -> str:
        tpn = int(m.group(2))
        if _name(names, tpn) is None:
            return m.group(0)
        named.add(tpn)
        return f"{m.group(1)} {team_label(names, tpn)}"

    def met(m: re.Match) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        if _name(names, a) is None or _name(names, b) is None:
            return m.group(0)
        named.update((a, b))
        return f"{team_label(names, a)} and {team_label(names, b)}"

    def listed(m: re.Match) -> str:
        tpns = [int(t) for t in m.group(2).split(", ")]
        if any(_name(names, t) is None for t in tpns):
            return m.group(0)
        named.update(tpns)
        return f"{m.group(1)} {', '.join(team_label(names, t) for t in tpns)}"

    text = _TEAM.sub(team, text)
    text = _PAIR.sub(pair, text)
    text = _MET.sub(met, text)
    text = _LISTED.sub(listed, text)
    return _GIVEN_TO.sub(given, text), named


def _tpns(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, list | tuple):
        return [t for v in value for t in _tpns(v)]
    return []


def teams_in(data: Mapping | None, names: Mapping, *, besides: set[int] = frozenset()) -> list[str]:
    """The teams a step's (or a violation's) data names, as ``"11 Moldova"``, in TPN order, but ``besides``."""
    found: set[int] = set()
    for key, value in (data or {}).items():
        if key in TEAM_KEYS:
            found.update(t for t in _tpns(value) if _name(names, t) is not None)
    return [team_label(names, t) for t in sorted(found - set(besides))]
