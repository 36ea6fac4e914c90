"""The engine's message catalogues (issue 20 item 3): every key in every language, placeholders kept."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.pofile import read_po

from engine.messages import (
    LOCALE_DIR,
    English,
    Letters,
    Message,
    Team,
    catalogue,
    fully_translated,
    msg,
    render,
)


def _same_allowed(key: str) -> bool:
    """A key of placeholders, punctuation and the rules' own abbreviations only ("{score} {unit}",
    "{team} (ARO {aro})": the Dubov rules' ARO and R) reads the same in every language."""
    return not re.sub(r"\{\w+\}|\b(ARO|R)\b|[\W_]", "", key)


def _entries() -> list:
    with (LOCALE_DIR / "en" / "LC_MESSAGES" / "engine.po").open("rb") as f:
        return [m for m in read_po(f, locale="en") if m.id]


def _keys() -> list[str]:
    """The keys of the catalogue (a plural entry's: its singular, checked by the plural tests)."""
    return [m.id for m in _entries() if isinstance(m.id, str)]


def _plural_keys() -> dict[str, str]:
    """The plural entries: the English singular to the English plural."""
    return {m.id[0]: m.id[1] for m in _entries() if isinstance(m.id, tuple)}


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _sample(name: str):
    return {"colours": Letters("W B W"), "team": "Moldova", "number": 3, "numbers": [1, 3]}.get(
        name, name.upper()
    )


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
def test_every_engine_message_key_is_translated_with_its_placeholders(language):
    keys = _keys()
    assert len(keys) > 30
    translated = catalogue(language)
    missing = [k for k in keys if k not in translated]
    assert not missing, f"{language}: no translation for {missing}"
    same = [k for k in keys if translated[k] == k and not _same_allowed(k)]
    assert not same, f"{language}: left in English {same}"
    for key in keys:
        assert _placeholders(translated[key]) == _placeholders(key), (language, key)
        text = render(Message(key, {n: _sample(n) for n in _placeholders(key)}), language)
        assert text and "{" not in text, (language, key, text)


def test_every_engine_message_key_renders_in_english_as_written():
    for key in _keys():
        params = {n: _sample(n) for n in _placeholders(key)}
        assert render(Message(key, params), "en") == key.format_map(
            {k: render_value(v) for k, v in params.items()}
        )


def render_value(v):
    return render(msg("{x}", x=v), "en")


def test_colour_letters_follow_the_language_of_the_sites_chips():
    m = msg("{team}'s board-1 colours so far: {colours}", team="Chile", colours=Letters("W B W B"))
    assert m.text == "Chile's board-1 colours so far: W B W B"
    assert render(m, "fr").endswith("B N B N")
    assert render(m, "es").endswith("B N B N")
    assert render(m, "ru").endswith("Б Ч Б Ч")


def test_a_message_survives_its_json_form_and_names_teams_where_names_are_known():
    m = msg(
        "{team} meets {opponent}. {reason}",
        team=Team(7),
        opponent="Chile",
        reason=msg("equalisation of board-1 colours"),
    )
    back = Message.from_dict(m.to_dict())
    assert back == m and back.text == m.text == "7 meets Chile. equalisation of board-1 colours"
    assert render(back, "fr", names={7: "Moldova"}).startswith("Moldova (TPN 7) rencontre Chile.")
    assert fully_translated(back)
    assert not fully_translated(
        msg("{team} meets {opponent}. {reason}", team=1, opponent=2, reason=English("x"))
    )
    assert fully_translated(msg("{both}; in {group}{order} ({where}){passed}.", passed=English("")))


def test_a_number_takes_the_languages_decimal_mark():
    m = Message("{text}", {"text": 2.5})
    assert render(m, "en") == "2.5" and render(m, "fr") == "2,5"


def test_an_unknown_language_reads_english():
    m = msg("equalisation of board-1 colours")
    assert render(m, "de") == render(m, "en-GB") == m.text
    assert re.fullmatch(r"[^{}]+", render(m, "ru"))


def _source_keys() -> set[str]:
    """The keys the engine's source writes: the literal first argument of ``msg(...)`` / ``Message(...)``."""
    import ast
    from pathlib import Path

    import engine

    keys: set[str] = set()

    def literals(node) -> list[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.IfExp):
            return literals(node.body) + literals(node.orelse)
        return []

    for path in Path(engine.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args:
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in ("msg", "Message", "msgn"):
                    keys.update(literals(node.args[0]))
    return keys


def test_every_key_the_engine_writes_is_in_the_catalogue():
    keys = _source_keys()
    assert len(keys) > 50
    known = set(_keys()) | set(_plural_keys())
    assert not keys - known, sorted(keys - known)


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
def test_every_plural_key_has_every_form_of_the_language_with_its_placeholders(language):
    from engine.messages import plurals

    english = _plural_keys()
    assert english, "the catalogue has no plural entry"
    forms = plurals(language)
    expected = {"fr": 3, "es": 3, "ru": 3}[language]  # the headers' nplurals (Babel's CLDR data)
    for singular, plural in english.items():
        assert singular in forms, f"{language}: no forms for {singular!r}"
        assert len(forms[singular]) == expected, (language, singular)
        assert _placeholders(singular) == _placeholders(plural)
        for form in forms[singular]:
            assert _placeholders(form) == _placeholders(singular), (language, singular, form)


def test_a_count_takes_the_plural_form_of_the_language():
    from engine.messages import msgn

    def pairs(n):
        return msgn("{count} pair", "{count} pairs", count=n)

    assert [pairs(n).text for n in (1, 2)] == ["1 pair", "2 pairs"]
    assert [render(pairs(n), "ru") for n in (1, 3, 5, 11, 21, 22)] == [
        "1 пара",
        "3 пары",
        "5 пар",
        "11 пар",
        "21 пара",
        "22 пары",
    ]
    assert [render(pairs(n), "fr") for n in (0, 1, 2)] == ["0 appariement", "1 appariement", "2 appariements"]
    assert [render(pairs(n), "es") for n in (1, 2)] == ["1 emparejamiento", "2 emparejamientos"]
    back = Message.from_dict(pairs(3).to_dict())
    assert back == pairs(3) and render(back, "ru") == "3 пары"


def test_a_fractional_count_takes_the_form_the_language_uses_for_fractions():
    from engine.messages import plural_form

    assert plural_form("ru", 2.5) == plural_form("ru", 3)  # "2,5 очка", like "3 очка"
    assert plural_form("ru", 1.5) == plural_form("ru", 3)
    assert plural_form("fr", 1.5) == plural_form("fr", 1)  # "1,5 point"
    assert plural_form("es", 1.5) == plural_form("es", 2)  # "1,5 puntos"
    assert plural_form("en", 1.5) == plural_form("en", 2)


def _literal_keys_of_helpers() -> set[str]:
    """Keys passed to the local helpers ``own(...)`` / ``opponents(...)`` of engine.c0406.colour_reasons."""
    import ast
    from pathlib import Path

    import engine.c0406.colour_reasons as module

    tree = ast.parse(Path(module.__file__).read_text())
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", "") in ("own", "opponents")
        and isinstance(node.args[0], ast.Constant)
    }


def test_the_keys_given_to_the_c0406_colour_helpers_are_in_the_catalogue():
    keys = _literal_keys_of_helpers()
    assert len(keys) == 6
    assert keys <= set(_keys())
