"""The pairing system's options as tournament settings (reads; ``services.options`` writes).

Every option a system declares (``engine.options.specs``, one ``OptionSpec``
each) with ``site=True`` is a setting of the tournament, kept in
``Tournament.engine_options`` with its JSON value. The committee chair
chooses them before round 1; once round 1's pairing is published they are
frozen (:func:`options_frozen`) and change only by a recorded committee
decision (``committee.services.options``). Nothing here names an option:
the pages, the API, the public "pairing rules in force" and the TRF export
are generated from the specs, so a system that adds, removes or changes a
reading changes them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.messages import render
from engine.options import UNSET, OptionSpec, format_value, specs

from .engine_texts import translated
from .models import Tournament
from .models.round import RoundState

# Round states in which a pairing has been made public (rule 60).
_PUBLIC_STATES = frozenset(
    {
        RoundState.PUBLISHED,
        RoundState.LINEUPS_OPEN,
        RoundState.LINEUPS_CLOSED,
        RoundState.BOARD_PAIRINGS_POSTED,
        RoundState.IN_PLAY,
        RoundState.COMPLETE,
    }
)


def site_specs(system: str) -> tuple[OptionSpec, ...]:
    """The options of ``system`` that are tournament settings (``site=True``)."""
    return tuple(s for s in specs(system) if s.site)


def value_in_words(spec: OptionSpec, value: Any) -> str:
    """What ``value`` of ``spec`` means in the active language (its choice label; None: "as the rule says")."""
    if value is None and spec.nullable:
        return _("not set: as the rule says")
    return translated(spec.describe_value(value))


@dataclass(frozen=True)
class Choice:
    """One value an option may take, as a form shows it."""

    value: Any
    text: str  # as a command line, a form and a TRF line write it ("true", "graded")
    words: str  # what it means
    is_default: bool
    is_fide_tool: bool


@dataclass(frozen=True)
class OptionRow:
    """One option of a tournament: its spec and the value in force."""

    spec: OptionSpec
    value: Any
    explicit: bool  # kept in the tournament (else: the engine's default)
    problem: str = ""  # a kept value the spec no longer allows

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def text(self) -> str:
        return format_value(self.value)

    @property
    def label(self) -> str:
        """The spec's label in the active language."""
        return translated(self.spec.label)

    @property
    def help(self) -> str:
        """The spec's help text in the active language."""
        return translated(self.spec.help)

    @property
    def help_sentence(self) -> str:
        """The spec's help as a sentence (capitalised, one full stop), in the active language."""
        words = self.help.strip().rstrip(".")
        return (words[:1].upper() + words[1:] + ".") if words else ""

    @property
    def words(self) -> str:
        return value_in_words(self.spec, self.value)

    @property
    def is_default(self) -> bool:
        return _same(self.value, self.spec.default)

    @property
    def has_fide_tool(self) -> bool:
        return self.spec.fide_tool is not UNSET

    @property
    def fide_tool_words(self) -> str:
        return value_in_words(self.spec, self.spec.fide_tool) if self.has_fide_tool else ""

    @property
    def is_fide_tool(self) -> bool:
        return self.has_fide_tool and _same(self.value, self.spec.fide_tool)

    @property
    def default_words(self) -> str:
        return value_in_words(self.spec, self.spec.default)

    @property
    def is_number(self) -> bool:
        return not self.spec.choices

    @property
    def choices(self) -> list[Choice]:
        """The values to choose from; a nullable option with choices offers "none" as well."""
        values = list(self.spec.choices)
        if self.spec.nullable and None not in values:
            values.append(None)
        return [
            Choice(
                value=c,
                text=format_value(c),
                words=value_in_words(self.spec, c),
                is_default=_same(c, self.spec.default),
                is_fide_tool=self.has_fide_tool and _same(c, self.spec.fide_tool),
            )
            for c in values
        ]


def _same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b)


def options_in_force(tournament: Tournament) -> list[OptionRow]:
    """Every site option of the tournament's system with the value in force, in the spec's order.

    A kept value the spec no longer allows (a reading removed since) is shown
    with the default and a ``problem``; pairing refuses it with the same message.
    """
    kept = tournament.engine_options or {}
    rows = []
    for spec in site_specs(tournament.pairing_system):
        if spec.key not in kept:
            rows.append(OptionRow(spec, spec.default, explicit=False))
            continue
        try:
            rows.append(OptionRow(spec, spec.parse(kept[spec.key]), explicit=True))
        except ValueError as exc:
            rows.append(OptionRow(spec, spec.default, explicit=True, problem=refused(exc)))
    return rows


def values_in_force(tournament: Tournament) -> dict[str, Any]:
    """``{key: value}`` of every site option in force (defaults included)."""
    return {row.key: row.value for row in options_in_force(tournament)}


def explicit_options(tournament: Tournament) -> dict[str, Any]:
    """Every site option in force, defaults included, as JSON values (for the TRF export).

    A kept value the spec refuses is written as kept: the reader refuses it
    with the option named, rather than the file stating a default silently.
    """
    kept = tournament.engine_options or {}
    return {row.key: kept[row.key] if row.problem else row.value for row in options_in_force(tournament)}


def options_frozen(tournament: Tournament) -> bool:
    """True once round 1's pairing has been published (the options are then frozen).

    A round 1 withdrawn for correction after publication stays published for
    this: the event has been paired under those options.
    """
    first = tournament.rounds.filter(number=1).only("state", "published_at").first()
    return first is not None and (first.published_at is not None or first.state in _PUBLIC_STATES)


def parse_site_options(system: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """``given`` checked against the specs of ``system`` (``OptionSpec.parse``).

    Values may be JSON values or the text a form sends (``"true"``, ``"4"``,
    ``""`` for none). ``ValidationError`` maps each bad key to a message
    naming the option, its article and what it allows.
    """
    by_key = {s.key: s for s in specs(system)}
    values: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    for key, raw in given.items():
        spec = by_key.get(key)
        if spec is None:
            errors[key] = [
                _("%(system)s has no option %(key)r; its options: %(keys)s.")
                % {"system": system, "key": key, "keys": ", ".join(site_keys(system))}
            ]
            continue
        if not spec.site:
            errors[key] = [
                _("%(label)s (%(article)s) is not a tournament setting.")
                % {"label": translated(spec.label), "article": spec.article}
            ]
            continue
        try:
            values[key] = spec.parse(raw)
        except ValueError as exc:
            errors[key] = [
                _("%(label)s (%(article)s): %(error)s.")
                % {"label": translated(spec.label), "article": spec.article, "error": refused(exc)}
            ]
    if errors:
        raise ValidationError(errors)
    return values


def refused(exc: ValueError) -> str:
    """The engine's refusal of an option value in the reader's language (``OptionValueError.said``)."""
    said = getattr(exc, "said", None)
    return str(exc) if said is None else render(said, get_language() or "en")


def site_keys(system: str) -> list[str]:
    return [s.key for s in site_specs(system)]


def changed_keys(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """The keys whose value differs between two ``values_in_force``."""
    return [k for k in after if k not in before or not _same(before[k], after[k])]


def describe_change(system: str, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """One line per changed option: "label (article): old words → new words", in the active language."""
    by_key = {s.key: s for s in specs(system)}
    lines = []
    for key in changed_keys(before, after):
        spec = by_key.get(key)
        if spec is None:
            lines.append(f"{key}: {format_value(before.get(key))} → {format_value(after[key])}")
            continue
        old = value_in_words(spec, before[key]) if key in before else "—"
        lines.append(
            _("%(label)s (%(article)s): %(old)s → %(new)s")
            % {
                "label": translated(spec.label),
                "article": spec.article,
                "old": old,
                "new": value_in_words(spec, after[key]),
            }
        )
    return lines
