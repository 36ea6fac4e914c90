"""Every option of every pairing system, declared once.

An option is either a reading of an article where the text is open (each one
written up in docs/interpretations) or a setting the rules leave to the
competition. Each system declares its options in its own package, as
``OPTION_SPECS`` in ``engine/<system>/options.py``; this module gathers them
for every place that shows or sets them:

- the command line (one flag each, whose ``--help`` names the article),
- the site (one tournament setting each, frozen once round 1 is published),
- the explanation of every pairing ("options in force"),
- the TRF file (``### engine-option KEY VALUE`` lines).

Values are JSON values (``true``, ``"graded"``, ``4``); :meth:`OptionSpec.parse`
also takes the words a command line gives (``yes``, ``false``, ``4``).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from engine.messages import Message, msg

SYSTEM_NAMES = ("c0406", "olympiad", "dubov", "lim")

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class OptionValueError(ValueError):
    """A value an option refuses; ``str()`` is the English, ``said`` the same as a message
    (``engine.messages``) that the site writes in the reader's language."""

    def __init__(self, said: Message):
        super().__init__(said.text)
        self.said = said


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


@dataclass(frozen=True)
class OptionSpec:
    """One option of one system.

    ``choices`` lists the allowed values (booleans too: ``(False, True)``) with
    ``choice_labels`` saying what each means, in the same order; an option
    without choices is a whole number (``minimum`` and up), or None where
    ``nullable`` (None: "as the rule says", e.g. Dubov 2.5's 3 or 4).
    ``fide_tool`` is the value that gives the reading FIDE's own team-pairing
    tool (Gacrux) takes, where it takes one (``UNSET`` otherwise).
    ``site`` is False for options that are not a tournament setting (a
    safety budget of a search, say).
    """

    key: str
    system: str
    article: str
    label: str
    help: str
    default: Any
    choices: tuple[Any, ...] = ()
    choice_labels: tuple[str, ...] = ()
    minimum: int | None = None
    nullable: bool = False
    fide_tool: Any = UNSET
    flag: str = ""
    site: bool = True

    @property
    def cli_flag(self) -> str:
        return self.flag or "--" + self.key.replace("_", "-")

    @property
    def is_bool(self) -> bool:
        return set(self.choices) == {False, True} and all(isinstance(c, bool) for c in self.choices)

    def parse(self, value: Any) -> Any:
        """``value`` checked (and, from a command line's text, converted); ValueError names the option."""
        if isinstance(value, str):
            value = value.strip()
        if isinstance(value, str) and self.is_bool:
            word = value.lower()
            if word in _TRUE:
                value = True
            elif word in _FALSE:
                value = False
        if self.choices:
            for choice in self.choices:
                if value == choice and type(value) is type(choice):
                    return choice
                if isinstance(choice, str) and not isinstance(value, bool) and str(value) == choice:
                    return choice  # "1998" given as the JSON number 1998
            if self.nullable and _is_none(value):
                return None
            raise self._refused(repr(value))
        if _is_none(value):
            if self.nullable:
                return None
            raise OptionValueError(
                msg(
                    "{system} option {key} needs a value ({allowed})",
                    system=self.system,
                    key=repr(self.key),
                    allowed=self._allowed_message(),
                )
            )
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._refused(repr(value))
        if self.minimum is not None and value < self.minimum:
            raise self._refused(str(value))
        return value

    def _refused(self, value: str) -> OptionValueError:
        return OptionValueError(
            msg(
                "{system} option {key} must be {allowed}, not {value}",
                system=self.system,
                key=repr(self.key),
                allowed=self._allowed_message(),
                value=value,
            )
        )

    def _allowed_message(self) -> Message:
        """:meth:`_allowed` as a message (the values stay as written: they are what one types)."""
        if self.choices:
            said: Message | str = format_value(self.choices[0])
            for c in self.choices[1:]:
                said = msg("{first} or {second}", first=said, second=format_value(c))
            return said if isinstance(said, Message) else msg("{text}", text=said)
        low = (
            msg("a whole number from {minimum} up", minimum=self.minimum)
            if self.minimum is not None
            else msg("a whole number")
        )
        return msg("{allowed} or none", allowed=low) if self.nullable else low

    def _allowed(self) -> str:
        if self.choices:
            return " or ".join(format_value(c) for c in self.choices)
        low = "a whole number" + (f" from {self.minimum} up" if self.minimum is not None else "")
        return f"{low}{' or none' if self.nullable else ''}"

    def allowed(self) -> str:
        """What the option allows, in words ("graded or pass_fail", "a whole number from 2 up or none")."""
        return self._allowed()

    def describe(self) -> str:
        """The option in one paragraph: its article, what it decides, its values, its default
        and, where FIDE's tool takes a reading, the value that gives it (the ``--help`` text)."""
        text = f"{self.article}: {self.help}."
        if self.choice_labels:
            text += (
                " "
                + "; ".join(
                    f"{format_value(c)} = {label.removeprefix(format_value(c) + ': ')}"
                    for c, label in zip(self.choices, self.choice_labels, strict=False)
                )
                + "."
            )
        else:
            text += f" Allowed: {self._allowed()}."
        text += f" Default: {format_value(self.default)}."
        if self.fide_tool is not UNSET:
            text += f" FIDE's tool (Gacrux) reads it as {format_value(self.fide_tool)}."
        return text

    def describe_value(self, value: Any) -> str:
        """What ``value`` means, in words (the choice's label where there is one)."""
        for choice, label in zip(self.choices, self.choice_labels, strict=False):
            if choice == value and type(choice) is type(value):
                return label
        return format_value(value)


def _is_none(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.lower() in ("", "none", "null"))


def format_value(value: Any) -> str:
    """A value as a command line or a TRF line writes it (``true``, ``graded``, ``4``, ``none``)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def specs(system: str) -> tuple[OptionSpec, ...]:
    """The options ``system`` declares (``engine/<system>/options.py``)."""
    if system not in SYSTEM_NAMES:
        raise ValueError(f"unknown pairing system {system!r}; known: {', '.join(SYSTEM_NAMES)}")
    return tuple(import_module(f"engine.{system}.options").OPTION_SPECS)


def all_specs() -> tuple[OptionSpec, ...]:
    return tuple(s for system in SYSTEM_NAMES for s in specs(system))


def spec(system: str, key: str) -> OptionSpec | None:
    return next((s for s in specs(system) if s.key == key), None)


def in_force(system: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """Every option of ``system``: the given value (checked) or the default.

    Keys of other systems or of the site are ignored; a bad value raises
    ValueError naming the option and what it allows.
    """
    given = options or {}
    return {s.key: s.parse(given[s.key]) if s.key in given else s.default for s in specs(system)}


@dataclass(frozen=True)
class OptionInForce:
    """One option's value for one pairing, as the explanation's "options in force" lists it."""

    spec: OptionSpec
    value: Any
    given: bool  # set by the tournament (or the command line), not left at the default

    @property
    def differs(self) -> bool:
        """The value is not the default (a given value equal to the default does not differ)."""
        return not (self.value == self.spec.default and type(self.value) is type(self.spec.default))

    @property
    def fide_tool_reading(self) -> bool | None:
        """Whether the value gives FIDE's tool's reading (None: the tool takes none)."""
        if self.spec.fide_tool is UNSET:
            return None
        return self.value == self.spec.fide_tool and type(self.value) is type(self.spec.fide_tool)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; ``fide_tool`` only where FIDE's tool takes a reading."""
        out = {
            "key": self.spec.key,
            "article": self.spec.article,
            "label": self.spec.label,
            "value": self.value,
            "meaning": self.spec.describe_value(self.value),
            "default": self.spec.default,
            "differs": self.differs,
        }
        if self.spec.fide_tool is not UNSET:
            out["fide_tool"] = self.spec.fide_tool
        return out


def listing(system: str, options: dict[str, Any] | None) -> list[OptionInForce]:
    """Every option of ``system`` with its value, for showing (never raises on a bad value).

    Like :func:`in_force`, but a value the spec refuses is shown as given:
    the system's own reading of it decides, and the listing only reports.
    """
    given = options or {}
    out = []
    for s in specs(system):
        if s.key in given:
            try:
                value = s.parse(given[s.key])
            except ValueError:
                value = given[s.key]
            out.append(OptionInForce(s, value, True))
        else:
            out.append(OptionInForce(s, s.default, False))
    return out
