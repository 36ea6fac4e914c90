"""The engine's reasons as structured data, written in the reader's language.

A :class:`Message` is a stable key (the English template, with named
``{placeholders}``), its parameters and the article it cites. ``str(message)``
(and :attr:`Message.text`) is the English the engine has always written, so
the command line, the TRF and the JSON output are unchanged;
:func:`render` writes it in another language through the engine's own
catalogues, ``engine/locale/<lang>/LC_MESSAGES/engine.po``, read with Babel
(no compile step) when a language is first asked for. The engine stays free
of Django: the site calls :func:`render` with the reader's language.

A parameter is written by kind: a :class:`Message` in the same language (so a
colour's name or a nested reason is translated too), :class:`Letters` in the
language's colour letters (``WBWB`` is ``BNBN`` in French and Spanish,
``БЧБЧ`` in Russian, the letters of the site's chips), :class:`Team` by its
name where the caller knows the names, a number with the language's decimal
mark (:class:`Fixed`: with a fixed number of decimals), a list joined with
commas, and a plain string as it is (a team's label, a rule citation).
:class:`English` marks prose not yet structured: it stays English in every
language and :func:`fully_translated` says so.

A count is written with its plural form (:func:`msgn`): the message keeps the
English singular as its key and the English plural beside it, its parameter
``count`` chooses the form, and the catalogue has a ``msgid_plural`` entry
with one ``msgstr[i]`` per form of the language's ``Plural-Forms`` (Russian:
one, few, many). A fractional count (a score of 2.5) takes the form the
language uses for fractions (:data:`FRACTION_FORM`; Russian: "2,5 очка", French "1,5 point").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from gettext import c2py
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "fr", "es", "ru")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

# The site's colour chips (locale/<lang>/LC_MESSAGES/django.po, context "colour White, one letter").
COLOUR_LETTERS = {
    "en": {"W": "W", "B": "B"},
    "fr": {"W": "B", "B": "N"},
    "es": {"W": "B", "B": "N"},
    "ru": {"W": "Б", "B": "Ч"},
}
DECIMAL_MARK = {"en": ".", "fr": ",", "es": ",", "ru": ","}
# The plural form of a fractional count (CLDR: "1.5 points", "1,5 puntos", "2,5 очка"); a language
# not listed takes the form of the count's integer part (French: "1,5 point", "2,5 points").
FRACTION_FORM = {"en": 1, "es": 2, "ru": 1}


@dataclass(frozen=True)
class Letters:
    """A sequence of colour letters, ``"WBWB"`` (W = White, B = Black), written in the language's letters."""

    seq: str


@dataclass(frozen=True)
class Team:
    """A team (or player) the reason names: by ``label`` (else its number), by name where names are given."""

    tpn: int
    label: str = ""


@dataclass(frozen=True)
class Fixed:
    """A number written with ``places`` decimals ("1938.0"), in the language's decimal mark ("1938,0")."""

    value: float
    places: int = 1


@dataclass(frozen=True)
class English:
    """Prose the engine does not yet write as a :class:`Message`: the same in every language."""

    text: str


@dataclass(frozen=True)
class Message:
    """One reason: ``key`` is the English template, ``params`` fill its placeholders, ``article`` is cited.

    ``plural`` is the English plural of ``key`` where the message counts something
    (its parameter ``count`` chooses the form, :func:`msgn`).
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    article: str = ""
    plural: str = ""

    @property
    def text(self) -> str:
        """The English, as the engine writes it on the command line and in the TRF."""
        return render(self, "en")

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):  # a reason compared with the English it writes
            return self.text == other
        if isinstance(other, Message):
            return (self.key, dict(self.params), self.article, self.plural) == (
                other.key,
                dict(other.params),
                other.article,
                other.plural,
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # params are a dict

    def __contains__(self, part: str) -> bool:
        return part in self.text

    def __getattr__(self, name: str) -> Any:
        """A reason reads as its English where a string is expected (``reason.startswith(...)``)."""
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.text, name)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "params": {k: _encode(v) for k, v in self.params.items()}}
        if self.article:
            out["article"] = self.article
        if self.plural:
            out["plural"] = self.plural
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Message:
        return cls(
            data["key"],
            {k: _decode(v) for k, v in (data.get("params") or {}).items()},
            data.get("article", ""),
            data.get("plural", ""),
        )


def msg(key: str, article: str = "", /, **params: Any) -> Message:
    """``Message(key, params, article)`` written short: ``msg("{team} meets {opponent}.", team=..., opponent=...)``."""
    return Message(key, params, article)


def msgn(singular: str, plural: str, article: str = "", /, **params: Any) -> Message:
    """A message that counts: ``msgn("{count} board", "{count} boards", count=n)``; ``count`` chooses the form."""
    if "count" not in params:
        raise TypeError("msgn() needs the count: count=...")
    return Message(singular, params, article, plural)


def _encode(v: Any) -> Any:
    if isinstance(v, Message):
        return v.to_dict()
    if isinstance(v, Letters):
        return {"letters": v.seq}
    if isinstance(v, Team):
        return {"team": v.tpn, "label": v.label}
    if isinstance(v, Fixed):
        return {"fixed": v.value, "places": v.places}
    if isinstance(v, English):
        # prose that turned out to be a message already (a cause the engine now writes as one)
        return v.text.to_dict() if isinstance(v.text, Message) else {"english": v.text}
    if isinstance(v, (list, tuple)):
        return [_encode(x) for x in v]
    return v


def _decode(v: Any) -> Any:
    if isinstance(v, dict):
        if "key" in v:
            return Message.from_dict(v)
        if "letters" in v:
            return Letters(v["letters"])
        if "team" in v:
            return Team(v["team"], v.get("label", ""))
        if "fixed" in v:
            return Fixed(v["fixed"], v.get("places", 1))
        if "english" in v:
            return English(v["english"])
    if isinstance(v, list):
        return [_decode(x) for x in v]
    return v


@lru_cache(maxsize=len(LANGUAGES))
def _read(language: str):
    """The Babel catalogue of ``language``, or None (English, or no file); read once."""
    path = LOCALE_DIR / language / "LC_MESSAGES" / "engine.po"
    if language == "en" or not path.exists():
        return None
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=language)


@lru_cache(maxsize=len(LANGUAGES))
def catalogue(language: str) -> dict[str, str]:
    """The translations of ``language``, msgid to msgstr (empty, fuzzy and plural entries left out)."""
    cat = _read(language)
    if cat is None:
        return {}
    return {m.id: m.string for m in cat if m.id and isinstance(m.id, str) and m.string and not m.fuzzy}


@lru_cache(maxsize=len(LANGUAGES))
def plurals(language: str) -> dict[str, tuple[str, ...]]:
    """The plural entries of ``language``: the English singular to its forms (all filled, not fuzzy)."""
    cat = _read(language)
    if cat is None:
        return {}
    return {
        m.id[0]: tuple(m.string)
        for m in cat
        if isinstance(m.id, tuple) and not m.fuzzy and m.string and all(m.string)
    }


@lru_cache(maxsize=len(LANGUAGES))
def _plural_rule(language: str):
    cat = _read(language)
    return c2py(cat.plural_expr) if cat is not None else (lambda n: int(n != 1))


def plural_form(language: str, count: float) -> int:
    """The index of the plural form ``count`` takes in ``language`` (0 for one in English)."""
    lang = language_of(language)
    if count != int(count) and lang in FRACTION_FORM:
        return FRACTION_FORM[lang]
    return _plural_rule(lang)(int(count))


def _template(message: Message, lang: str) -> str:
    if not message.plural:
        return catalogue(lang).get(message.key, message.key)
    count = message.params.get("count", 0)
    forms = plurals(lang).get(message.key) if lang != "en" else None
    if not forms:
        return message.key if count == 1 else message.plural
    return forms[min(plural_form(lang, count), len(forms) - 1)]


def language_of(code: str | None) -> str:
    """``"fr-ch"`` -> ``"fr"``; a language without a catalogue -> ``"en"``."""
    base = (code or "en").lower().replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else "en"


def render(
    message: Message | Mapping[str, Any] | str, language: str = "en", names: Mapping | None = None
) -> str:
    """``message`` written in ``language``; ``names`` maps a TPN to a team's name (``Team`` parameters).

    A reason starts with a capital letter in every language, as in English,
    though a translation may begin with a parameter ("белые: ...").
    """
    if isinstance(message, str):
        return message
    if not isinstance(message, Message):
        message = Message.from_dict(message)
    lang = language_of(language)
    text = _render(message, lang, names)
    return text if lang == "en" else text[:1].upper() + text[1:]


# A score's unit written in the form its number takes ("1 point de match", "2 puntos de match") where
# the language's catalogue has the unit as a plural entry; else as the unit's own translation.
_UNIT_SINGULAR = {"match points": "match point", "game points": "game point"}


def _render(message: Message, lang: str, names: Mapping | None) -> str:
    template = _template(message, lang)
    values = {k: _value(v, lang, names) for k, v in message.params.items()}
    unit, score = message.params.get("unit"), message.params.get("score")
    if isinstance(unit, Message) and isinstance(score, (int, float)) and not isinstance(score, bool):
        forms = plurals(lang).get(_UNIT_SINGULAR.get(unit.key, "")) if lang != "en" else None
        if forms:
            values["unit"] = forms[min(plural_form(lang, score), len(forms) - 1)]
    return template.format_map(values)


def _value(v: Any, lang: str, names: Mapping | None) -> str:
    if isinstance(v, Message):
        return _render(v, lang, names)
    if isinstance(v, Letters):
        letters = COLOUR_LETTERS[lang]
        return "".join(letters.get(c, c) for c in v.seq)
    if isinstance(v, Team):
        name = _team_name(names, v.tpn) if names else None
        base = v.label or str(v.tpn)
        return f"{name} (TPN {v.tpn})" if name and name != base else base
    if isinstance(v, English):
        return _render(v.text, lang, names) if isinstance(v.text, Message) else v.text
    if isinstance(v, Fixed):
        return f"{v.value:.{v.places}f}".replace(".", DECIMAL_MARK[lang])
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, float):
        return f"{v:g}".replace(".", DECIMAL_MARK[lang])
    if isinstance(v, (list, tuple)):
        return ", ".join(_value(x, lang, names) for x in v)
    return str(v)


def _team_name(names: Mapping, tpn: int) -> str | None:
    entry = names.get(tpn, names.get(str(tpn)))
    if isinstance(entry, Mapping):
        entry = entry.get("name")
    return entry or None


def fully_translated(message: Message | Mapping[str, Any]) -> bool:
    """False when the message carries :class:`English` prose (it then reads partly in English)."""
    if not isinstance(message, Message):
        message = Message.from_dict(message)
    return all(_translated(v) for v in message.params.values())


def _translated(v: Any) -> bool:
    if isinstance(v, English):
        if isinstance(v.text, Message):
            return fully_translated(v.text)
        return not v.text.strip()  # an empty English part (no opponent passed over) says nothing
    if isinstance(v, Message):
        return fully_translated(v)
    if isinstance(v, (list, tuple)):
        return all(_translated(x) for x in v)
    return True


def joined(parts: list[Message | str]) -> Message:
    """``parts`` written one after the other, separated by "; " (each part in the reader's language)."""
    if len(parts) == 1:
        return Message("{text}", {"text": parts[0]})
    return msg("{first}; {rest}", first=parts[0], rest=joined(parts[1:]))


def teams_named(message: Message | Mapping[str, Any]) -> set[int]:
    """The TPNs of the :class:`Team` parameters of ``message`` (nested messages included)."""
    if not isinstance(message, Message):
        message = Message.from_dict(message)
    found: set[int] = set()

    def walk(v: Any) -> None:
        if isinstance(v, Team):
            found.add(v.tpn)
        elif isinstance(v, Message):
            for x in v.params.values():
                walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)

    walk(message)
    return found


def prose(part: Message | str) -> Message | English:
    """A part of a message: kept as it is when the engine wrote it as a :class:`Message`, else
    :class:`English` (prose not yet structured, which marks the message as partly English)."""
    return part if isinstance(part, Message) else English(part)


def as_message(reason: Message | str) -> Message:
    """A reason as a Message: a plain string becomes :class:`English` prose."""
    return reason if isinstance(reason, Message) else Message("{text}", {"text": English(reason)})


__all__ = [
    "COLOUR_LETTERS",
    "LANGUAGES",
    "English",
    "Fixed",
    "Letters",
    "Message",
    "Team",
    "as_message",
    "catalogue",
    "fully_translated",
    "joined",
    "language_of",
    "msg",
    "msgn",
    "plural_form",
    "plurals",
    "prose",
    "render",
    "teams_named",
]
