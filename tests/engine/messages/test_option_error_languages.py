"""An option value the engine refuses, said in the reader's language (issue 20 item 3)."""

import pytest

from engine.messages import render
from engine.options import OptionValueError, specs


def _spec(system: str, key: str):
    return next(s for s in specs(system) if s.key == key)


def _refusal(spec, value) -> OptionValueError:
    with pytest.raises(OptionValueError) as caught:
        spec.parse(value)
    return caught.value


def test_a_refused_choice_keeps_its_english_and_is_said_in_french_spanish_and_russian():
    spec = next(s for s in specs("olympiad") if len(s.choices) >= 2 and not s.is_bool)
    exc = _refusal(spec, "nonsense")
    assert str(exc) == f"olympiad option {spec.key!r} must be {spec.allowed()}, not 'nonsense'"
    fr, es, ru = (render(exc.said, lang) for lang in ("fr", "es", "ru"))
    assert f"L'option {spec.key!r} de olympiad doit valoir" in fr and "et non 'nonsense'" in fr
    assert f"La opción {spec.key!r} de olympiad debe ser" in es and ", no 'nonsense'" in es
    assert f"Параметр {spec.key!r} системы olympiad должен быть" in ru and "а не 'nonsense'" in ru
    for text in (fr, es, ru):
        assert " must be " not in text and " or " not in text


def test_a_refused_number_says_what_whole_number_is_allowed_in_the_readers_language():
    spec = next(
        s for sys in ("c0406", "dubov", "lim", "olympiad") for s in specs(sys) if s.minimum is not None
    )
    exc = _refusal(spec, spec.minimum - 1)
    assert str(exc).endswith(f"must be {spec.allowed()}, not {spec.minimum - 1}")
    assert "nombre entier à partir de" in render(exc.said, "fr")
    assert "número entero desde" in render(exc.said, "es")
    assert "целое число от" in render(exc.said, "ru")
