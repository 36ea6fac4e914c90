"""What a pairing system returns: the round pairing and its explanation.

Every decision the engine takes is written as a :class:`Step` that cites the
article (or rule) that decided it, so a committee can read and quote it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.check_report import NO_REASON, CheckReport, Departure, Violation, reason_text, violation_text
from engine.messages import Message, as_message, language_of, render

__all__ = [  # the checker's report is read from here too (engine.check_report)
    "MESSAGE_DATA",
    "NO_REASON",
    "OPTIONS_TOPIC",
    "WHY_TOPIC",
    "CheckReport",
    "Departure",
    "Pair",
    "PairingImpossible",
    "RoundPairing",
    "Step",
    "Violation",
    "reason_text",
    "step_text",
    "violation_text",
    "why_text",
]


class PairingImpossible(Exception):
    """No pairing complying with the absolute criteria exists (C.04.6 3.3.3).

    The message says why, in English (``str``); the command line exits 1 with it. ``said`` is the
    reason as a message, which the site writes in its reader's language.
    """

    def __init__(self, reason: Message | str = "") -> None:
        super().__init__(str(reason))
        self.said: Message = as_message(reason)


MESSAGE_DATA = "message_data"  # a step's message as data (engine.messages), beside its English
WHY_TOPIC = "why"  # the per-participant plain-language steps (RoundPairing.explain_why)
OPTIONS_TOPIC = "options"  # the options in force, the first step (engine.api.options_step)


@dataclass(frozen=True)
class Step:
    """One explained decision.

    ``article`` is the citation ("C.04.6 3.5.5", "Olympiad 1998 rule 36",
    "Dubov 6.4", "Lim 11.2"); ``topic`` groups steps for display ("bye",
    "bracket", "upfloaters", "pairing", "colour", "criteria", ...);
    ``data`` holds the machine-readable facts (TPNs, criteria values).

    ``message`` is the English; given as an ``engine.messages.Message`` it is
    kept in ``data["message_data"]`` too, so that the site (and
    :meth:`RoundPairing.explanation_text` with a language) can write the step
    in the reader's language (issue 20 item 3).
    """

    article: str
    topic: str
    message: str
    data: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.message, Message):
            object.__setattr__(self, "data", {**self.data, MESSAGE_DATA: self.message.to_dict()})
            object.__setattr__(self, "message", self.message.text)

    def to_dict(self) -> dict[str, Any]:
        return {"article": self.article, "topic": self.topic, "message": self.message, "data": self.data}


@dataclass(frozen=True)
class Pair:
    """A pairing of two participants; ``white`` has the team colour (board 1)."""

    white: int
    black: int
    colour_article: str = ""  # the article that decided the colours

    def to_dict(self) -> dict[str, Any]:
        return {"white": self.white, "black": self.black, "colour_article": self.colour_article}


class _Explanation:
    """The ``explanation`` field of :class:`RoundPairing`: a list of :class:`Step`, part of
    which a system may leave to be written when it is first read
    (:meth:`RoundPairing.explain_later`). The dataclass reads and sets it as any field
    (``__init__``, ``replace``, ``==``, ``repr``); its default, None, is an empty list."""

    def __get__(self, obj: RoundPairing | None, owner: type | None = None) -> Any:
        if obj is None:
            return None  # the field's default
        later = obj.__dict__["_later"]
        if later:
            obj.__dict__["_later"] = []
            for write in later:
                write()
        return obj.__dict__["_explanation"]

    def __set__(self, obj: RoundPairing, steps: list[Step] | None) -> None:
        obj.__dict__["_explanation"] = [] if steps is None else steps
        obj.__dict__["_later"] = []


@dataclass
class RoundPairing:
    """The pairing of one round, pairs in board (table) order.

    ``explanation`` is the list of :class:`Step`. A system may leave part of
    it to be written when it is first read (:meth:`explain_later`): the
    causes of a large round then cost nothing to a caller that only wants
    the pairs, and read the same as if they had been written at once.
    """

    round: int
    pairs: list[Pair]
    bye: int | None = None
    explanation: list[Step] = _Explanation()  # type: ignore[assignment]
    system: str = ""

    def explain_later(self, write: Callable[[], None]) -> None:
        """Have ``write`` add its steps (with :meth:`explain`, :meth:`explain_why` or on
        ``explanation``) when the explanation is first read: after the steps already
        written and those left for later before it, in that order."""
        self.__dict__["_later"].append(write)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled or copied with its explanation written (what is left for later is code)."""
        return {**self.__dict__, "_explanation": self.explanation, "_later": []}

    def explain(self, article: str, topic: str, message: str | Message, **data: Any) -> None:
        self.explanation.append(Step(article, topic, message, data))

    def explain_why(
        self,
        tpn: int,
        *,
        opponent: int | None,
        opponent_reason: str | Message,
        opponent_article: str,
        colour: str | None = None,
        colour_reason: str | Message = "",
        colour_article: str = "",
    ) -> None:
        """The plain-language answer for one participant: why this opponent, why this colour.

        One step per participant with the topic :data:`WHY_TOPIC`, written for a
        captain, not an arbiter ("Both teams have 6 match points; ..."), each
        reason citing its article. ``opponent`` is None for the
        pairing-allocated bye; ``colour`` is ``"w"``, ``"b"`` or None (a bye).
        The site shows these lines on the public pages (committee/public "why").
        A reason given as an ``engine.messages.Message`` is kept as data too
        (``opponent_message``, ``colour_message``) so that the site can write
        it in the reader's language; the ``*_reason`` fields stay the English.
        """
        message = f"{opponent_reason} [{opponent_article}]"
        if colour_reason:
            message += f" {colour_reason} [{colour_article}]"
        data: dict[str, Any] = {
            "tpn": tpn,
            "opponent": opponent,
            "opponent_reason": str(opponent_reason),
            "opponent_article": opponent_article,
            "colour": colour,
            "colour_reason": str(colour_reason),
            "colour_article": colour_article,
        }
        if isinstance(opponent_reason, Message):
            data["opponent_message"] = opponent_reason.to_dict()
        if isinstance(colour_reason, Message):
            data["colour_message"] = colour_reason.to_dict()
        self.explanation.append(Step(opponent_article, WHY_TOPIC, message, data))

    def why(self) -> dict[int, Step]:
        """The :meth:`explain_why` step of each participant that has one, by TPN."""
        return {s.data["tpn"]: s for s in self.explanation if s.topic == WHY_TOPIC}

    def opponents(self) -> dict[int, int | None]:
        out: dict[int, int | None] = {}
        for p in self.pairs:
            out[p.white] = p.black
            out[p.black] = p.white
        if self.bye is not None:
            out[self.bye] = None
        return out

    def same_pairing_as(self, other: RoundPairing) -> bool:
        """Same pairs with the same colours and the same bye (board order aside)."""
        return self.bye == other.bye and {(p.white, p.black) for p in self.pairs} == {
            (p.white, p.black) for p in other.pairs
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "system": self.system,
            "pairs": [p.to_dict() for p in self.pairs],
            "bye": self.bye,
            "explanation": [s.to_dict() for s in self.explanation],
        }

    def explanation_text(self, language: str = "en") -> str:
        """The explanation as text: the options in force, one line per step, then the "why" lines.

        Each step is ``[article] message``; the options step is printed as a
        list (``*`` marks a value that is not the default), and the
        per-participant "why" steps (:meth:`explain_why`) come last, in a
        section of their own.
        """
        lines: list[str] = []
        unit = None
        for s in self.explanation:
            if s.topic == OPTIONS_TOPIC and "options" in s.data:
                lines += _options_lines(s)
                unit = s.data.get("team")
        lines += [
            f"[{s.article}] {step_text(s, language)}"
            for s in self.explanation
            if s.topic != WHY_TOPIC and not (s.topic == OPTIONS_TOPIC and "options" in s.data)
        ]
        why = [s for s in self.explanation if s.topic == WHY_TOPIC]
        if why:
            title = {True: "Why, team by team:", False: "Why, player by player:"}.get(
                unit, "Why, one by one:"
            )
            lines += ["", render(Message(title), language)]
            lines += [f"  {s.data.get('tpn', '?')}: {why_text(s, language)}" for s in why]
        return "\n".join(lines)


def step_text(step: Step, language: str = "en") -> str:
    """A rule-by-rule step's message in ``language``: its ``message_data`` rendered where the engine
    kept it, else (English, or a step the engine still writes in English) the message as written."""
    said = step.data.get(MESSAGE_DATA)
    if said is None or language_of(language) == "en":
        return step.message
    return render(said, language)


def why_text(step: Step, language: str = "en") -> str:
    """A "why" step's line in ``language``: each reason that is a message rendered, then its [article].

    English, or a step written before reasons were messages, reads as the engine wrote it.
    """
    data = step.data
    if language_of(language) == "en" or "opponent_message" not in data:
        return step.message
    out = f"{render(data['opponent_message'], language)} [{data.get('opponent_article', '')}]"
    colour = data.get("colour_message") or data.get("colour_reason")
    if colour:
        out += f" {render(colour, language)} [{data.get('colour_article', '')}]"
    return out


def _options_lines(step: Step) -> list[str]:
    """The options step as a list: ``[article] key = value (meaning)``, ``*`` where not the default."""
    rows = step.data["options"]
    if not rows:
        return [f"[{step.article}] {step.message}"]
    lines = ["Options in force (* = not the default):"]
    for row in rows:
        value = _value_text(row["value"])
        notes = [row["meaning"]] if row.get("meaning") and row["meaning"] != value else []
        if row.get("differs"):
            notes.append(f"default {_value_text(row['default'])}")
        if "fide_tool" in row and _value_text(row["fide_tool"]) != value:
            notes.append(f"FIDE's tool reads {_value_text(row['fide_tool'])}")
        mark = " *" if row.get("differs") else ""
        detail = f" ({'; '.join(notes)})" if notes else ""
        lines.append(f"  [{row['article']}] {row['key']} = {value}{mark}{detail}")
    unread = step.data.get("unread") or {}
    if unread:
        listed = ", ".join(f"{key} = {_value_text(value)}" for key, value in unread.items())
        lines.append(f"  Given but not an option of this system (not read): {listed}")
    return lines


def _value_text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
