"""Dubov's "why" lines, opponent half and colour half, in French, Spanish and Russian (issue 20 item 3),
round after round of a simulated event, individual and team."""

import re

import pytest

from engine import api
from engine.messages import Message, fully_translated, render
from engine.result import why_text
from tests.engine.dubov.test_dubov_explanation import event

# English words of the opponent half's frames that a translation must not keep.
ENGLISH = re.compile(
    r"\b(You|you|were|group|row|meet|meets|may|number|bye|round|half|paired|due|already|played|moved|lists|and|or)\b"
)


def _why_lines(team: bool, rounds_played: int):
    pairing = api.pair(event(team, rounds_played))
    return [s for s in pairing.explanation if s.topic == "why"]


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
@pytest.mark.parametrize("rounds_played", [0, 1, 3, 5])
def test_a_dubov_why_line_is_written_whole_in_the_readers_language(language, team, rounds_played):
    steps = _why_lines(team, rounds_played)
    assert steps
    for step in steps:
        opponent = Message.from_dict(step.data["opponent_message"])
        assert opponent.text == step.data["opponent_reason"]  # the English, as the engine always wrote it
        text = render(opponent, language)
        assert "{" not in text
        if fully_translated(opponent):
            assert not ENGLISH.findall(text), (language, text)
        line = why_text(step, language)
        assert line.startswith(text)


def test_every_dubov_why_line_of_a_simulated_event_is_fully_translated():
    steps = [s for rounds in (0, 1, 3, 5) for team in (False, True) for s in _why_lines(team, rounds)]
    assert steps
    assert all(fully_translated(s.data["opponent_message"]) for s in steps)


def test_the_first_rounds_dubov_line_reads_in_french_spanish_and_russian():
    step = next(s for s in _why_lines(False, 0) if s.data["opponent"] is not None)
    fr, es, ru = (render(step.data["opponent_message"], lang) for lang in ("fr", "es", "ru"))
    assert fr.startswith("À la ronde 1, la moitié supérieure")
    assert es.startswith("En la ronda 1 la mitad superior")
    assert ru.startswith("В 1-м туре верхняя половина")


def test_the_why_line_of_a_dubov_7_1_transfer_says_what_bars_the_player_in_the_readers_language():
    from tests.engine.dubov.builders import scripted
    from tests.engine.dubov.test_dubov_7_transfers import DUE_W_2

    state = scripted(
        {1: 2500, 2: 2400, 3: 2300, 4: 2200},
        {
            1: DUE_W_2,
            2: [("W", 0, "1"), ("B", 1, "0")],
            3: [("B", 0, "1"), ("W", 1, "0")],
            4: [("B", 0, "0"), ("W", 0, "1")],
        },
    )
    why = api.pair(state).why()
    for tpn in (1, 3):
        message = Message.from_dict(why[tpn].data["opponent_message"])
        assert fully_translated(message), message.text
        for language in ("fr", "es", "ru"):
            text = render(message, language)
            assert not ENGLISH.findall(text), (language, text)
    assert render(why[1].data["opponent_message"], "fr").startswith("Vous êtes seul dans votre groupe")
