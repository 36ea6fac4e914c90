"""What a check of a given pairing reports (``engine.api.check``, the checker of the command line).

A :class:`Violation` is a criterion the pairing breaks, cited by its article, with its message (the
English, and the message itself where the engine keeps one, ``engine.messages``); a
:class:`Departure` is one way the pairing departs from the engine's, with the violations that
explain it; :class:`CheckReport` holds them for one round. :func:`violation_text` and
:func:`reason_text` write a violation after its criterion, in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.messages import English, Message, language_of, msg, render

if TYPE_CHECKING:
    from engine.result import RoundPairing


@dataclass(frozen=True)
class Violation:
    """A criterion an (amended) pairing breaks, as the checker reports it."""

    criterion: str  # "C1", "C2", "C8", "Olympiad rule 14a", ...
    absolute: bool
    message: str  # the English; given as a Message, it is kept in ``said`` too
    tpns: tuple[int, ...] = ()
    said: Message | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.message, Message):  # the site writes it in the reader's language ("message_data")
            object.__setattr__(self, "said", self.message)
            object.__setattr__(self, "message", self.message.text)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "criterion": self.criterion,
            "absolute": self.absolute,
            "message": self.message,
            "tpns": list(self.tpns),
        }
        if self.said is not None:
            out["message_data"] = self.said.to_dict()
        return out


NO_REASON = "no criterion separates them"


@dataclass(frozen=True)
class Departure:
    """One way a given pairing departs from the engine's, with its reason (``engine.departures``).

    ``kind`` is ``"pairs"`` (an exchange of opponents: the given pairs and the engine's pairs that
    share participants, the pairing-allocated bye included) or ``"colours"`` (the engine's pair with
    White to the other participant). ``differences`` are its lines as
    :func:`engine.api.describe_differences` words them; ``reasons`` the article and the cause of
    each criterion that explains it (absolute ones first), empty only when nothing separates them.
    """

    kind: str
    tpns: tuple[int, ...]
    differences: tuple[str, ...]  # the English; given as messages, they are kept in ``said`` too
    reasons: tuple[Violation, ...] = ()
    said: tuple[Message, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if any(
            isinstance(d, Message) for d in self.differences
        ):  # the site writes them in the reader's language
            object.__setattr__(self, "said", tuple(d for d in self.differences if isinstance(d, Message)))
            object.__setattr__(self, "differences", tuple(str(d) for d in self.differences))

    @property
    def reason_texts(self) -> list[str]:
        """``criterion: message`` of each reason, "(absolute criterion)" marked; :data:`NO_REASON` if none."""
        return self.reason_texts_in("en")

    def reason_texts_in(self, language: str) -> list[str]:
        """:attr:`reason_texts` in ``language`` (each reason the engine keeps as a message rendered)."""
        return [reason_text(v, language) for v in self.reasons] or [render(Message(NO_REASON), language)]

    def differences_in(self, language: str) -> list[str]:
        """:attr:`differences` in ``language`` where the engine keeps them as messages, else as written."""
        if language_of(language) == "en" or len(self.said) != len(self.differences):
            return list(self.differences)
        return [render(d, language) for d in self.said]

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "tpns": list(self.tpns),
            "differences": list(self.differences),
            "reasons": [v.to_dict() for v in self.reasons],
            **({"differences_data": [d.to_dict() for d in self.said]} if self.said else {}),
        }


def violation_text(v: Violation, language: str = "en") -> str:
    """``criterion: message``, once (messages that already start with their criterion are kept); in
    ``language`` where the engine keeps the message as one (``said``), else as written."""
    if language_of(language) == "en":
        return v.message if v.message.startswith(v.criterion) else f"{v.criterion}: {v.message}"
    said = v.said if v.said is not None else English(v.message)  # a reason the engine still writes in English
    if v.message.startswith(v.criterion):
        return render(msg("{text}", text=said), language)
    return render(msg("{criterion}: {message}", criterion=v.criterion, message=said), language)


def reason_text(v: Violation, language: str = "en") -> str:
    """:func:`violation_text`, with "(absolute criterion)" after an absolute one."""
    text = violation_text(v, language)
    if not v.absolute:
        return text
    if language_of(language) == "en":
        return text + " (absolute criterion)"
    return render(msg("{reason} (absolute criterion)", reason=text), language)


@dataclass
class CheckReport:
    """How a given pairing compares with the engine's (see ``engine.api.check``).

    ``departures`` are the ``differences`` grouped one per independent departure, each with its
    reason (:class:`Departure`).
    """

    round: int
    violations: list[Violation] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)  # human-readable
    engine_pairing: RoundPairing | None = None
    departures: list[Departure] = field(default_factory=list)
    differences_said: list[Message] = field(default_factory=list)  # the same as messages (engine.messages)

    @property
    def has_absolute_violation(self) -> bool:
        return any(v.absolute for v in self.violations)

    @property
    def matches_engine(self) -> bool:
        return not self.differences

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "violations": [v.to_dict() for v in self.violations],
            "differences": self.differences,
            **(
                {"differences_data": [d.to_dict() for d in self.differences_said]}
                if self.differences_said and len(self.differences_said) == len(self.differences)
                else {}
            ),
            "departures": [d.to_dict() for d in self.departures],
            "matches_engine": self.matches_engine,
            "has_absolute_violation": self.has_absolute_violation,
            "engine_pairing": self.engine_pairing.to_dict() if self.engine_pairing else None,
        }
