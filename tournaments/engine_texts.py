"""The engine's names and labels, shown in the reader's language.

The engine is a library without Django and writes in English. The names and labels of it
that the site shows — the pairing systems' names (``engine.systems.LABELS``), every option's
label, help text and choice labels (``engine.options.all_specs()``) and the tie-breaks' names
(``engine.standings.registry``) — are listed for the catalogues in the generated module
``tournaments.option_messages`` (one ``gettext_noop`` each, so ``makemessages`` finds them;
``manage.py option_messages`` rewrites it, and ``tests/i18n/test_engine_texts.py`` fails while
it is out of step with the engine). Pages translate them with :func:`translated`. The engine's
explanations, "why" lines and checker messages stay in English (docs/translations.md).
"""

from __future__ import annotations

import json
from pathlib import Path

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
