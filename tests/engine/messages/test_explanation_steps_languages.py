"""The rule-by-rule explanation steps in the reader's language (issue 20 item 3).

C.04.6's steps (the round, the bye of 3.4, each bracket's upfloaters and pairing, each pair's
colours) and the Olympiad's (1998 and 2007: the groups, the combinations, the floaters, the bye;
2022: D.02's groups, bye and boards) are messages: ``str()`` is the English the engine always
wrote (the command line and the TRF are unchanged), ``explanation_text(language)`` and the site
write them in French, Spanish or Russian.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import api, generator
from engine.messages import Message, fully_translated, render
from engine.olympiad.simulate import simulate_round
from engine.result import MESSAGE_DATA, RoundPairing, step_text
from tests.engine.messages.paired_rounds import generated_rounds, rule_steps
from tests.engine.olympiad.test_olympiad_simulated_events import field

LANGUAGES = ["fr", "es", "ru"]


def _c0406_rounds(seed: int = 5) -> list[RoundPairing]:
    """Every round of a generated C.04.6 event (absences, forbidden pairs, a bye), as the engine paired it."""
    config = generator.GeneratorConfig(participants=23, rounds=7, absence_rate=0.08, forbidden_pairs=2)
    return generated_rounds("c0406", seed, config)


def _olympiad_rounds(version: str, n: int = 21, seed: int = 3) -> list[RoundPairing]:
    state = field(n, version, seed)
    if version == "2022":
        state = replace(state, options={"version": "2022"})
    rng = random.Random(seed)
    out = []
    for _ in range(7):
        pairing = api.pair(state)
        out.append(pairing)
        state = simulate_round(state, pairing, rng)
    return out


def test_every_c0406_explanation_step_is_a_message_whose_english_is_the_step_as_written():
    steps = [s for p in _c0406_rounds() for s in rule_steps(p)]
    assert {"round", "bye", "bracket", "upfloaters", "pairing", "colour"} <= {s.topic for s in steps}
    for s in steps:
        said = Message.from_dict(s.data[MESSAGE_DATA])
        assert said.text == s.message == step_text(s, "en")
        assert fully_translated(said), s.message


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_c0406_explanation_in_french_spanish_or_russian_has_no_english_step_left(language):
    for pairing in _c0406_rounds():
        text = pairing.explanation_text(language)
        for s in rule_steps(pairing):
            assert s.message not in text, (language, s.message)
            assert render(s.data[MESSAGE_DATA], language) in text
        for english in ("takes upfloaters", "is paired without upfloaters", "receives the pairing-allocated"):
            assert english not in text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("version", ["1998", "2007", "2022"])
def test_an_olympiad_explanation_in_another_language_writes_every_step_the_engine_words_itself(
    version, language
):
    """A step quoting a reason still written in English elsewhere (why a team left its group, a pair
    already played, D.02's pair and float reasons) is partly English: it is so marked."""
    steps = [s for p in _olympiad_rounds(version) for s in rule_steps(p)]
    own = [s for s in steps if MESSAGE_DATA in s.data]
    assert len(own) >= len([s for s in steps if s.topic != "floaters"]) > 20
    whole = [s for s in own if fully_translated(s.data[MESSAGE_DATA])]
    assert len(whole) > len(own) // 3
    for s in whole:
        assert Message.from_dict(s.data[MESSAGE_DATA]).text == s.message
        assert step_text(s, language) != s.message, (language, s.message)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_d02_explanation_writes_its_groups_bye_boards_and_colours_in_the_readers_language(language):
    pairings = _olympiad_rounds("2022", n=21)
    topics = {"scores", "groups", "bye", "floaters", "pairing", "boards", "colour"}
    steps = [s for p in pairings for s in rule_steps(p) if s.topic in topics]
    assert topics <= {s.topic for s in steps}
    for s in steps:
        assert fully_translated(s.data[MESSAGE_DATA]), s.message
        assert step_text(s, language) != s.message
    text = pairings[0].explanation_text(language)
    for english in ("receives the bye", "keeps", "boards are numbered", "has White on board 1"):
        assert english not in text
    for english in ("floats down to", "floats up to", "so it floats on"):  # the floaters' steps (8, 9.4)
        assert any(english in p.explanation_text("en") for p in pairings)
        assert not any(english in p.explanation_text(language) for p in pairings)
