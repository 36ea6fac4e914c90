"""An Olympiad's "why" lines in French, Spanish and Russian (issue 20 item 3), round after round of a
simulated event of 30 teams under the 1998, 2007 and 2022 rules."""

import random

import pytest

from engine import api
from engine.messages import Message, fully_translated, render
from engine.olympiad.simulate import simulate_round
from tests.engine.olympiad.test_olympiad_simulated_events import field

# English words of the lines' frames that a translation must not keep.
ENGLISH = (
    " meets ",
    "board-1 colours so far",
    "Both teams have",
    "White on board",
    " on boards ",
    "equalisation",
)
LETTERS = {"fr": ("B", "N"), "es": ("B", "N"), "ru": ("Б", "Ч")}


@pytest.mark.parametrize("version", ["1998", "2007", "2022"])
def test_olympiad_why_lines_are_written_in_the_readers_language_with_its_colour_letters(version):
    state = field(30, version, 4)
    rng = random.Random(4)
    seen = 0
    for _ in range(5):
        pairing = api.pair(state)
        for step in pairing.explanation:
            if step.topic != "why":
                continue
            data = step.data
            opponent = Message.from_dict(data["opponent_message"])
            assert opponent.text == data["opponent_reason"]  # the English as the engine always wrote it
            for language, (white, black) in LETTERS.items():
                text = render(opponent, language)
                if data.get("colour_message"):
                    colour = render(data["colour_message"], language)
                    assert "W " not in colour and not colour.rstrip(".").endswith(" W")
                    history = colour.rsplit(":", 1)[-1]
                    if any(c in history for c in (white, black)):
                        assert set(history.strip(" .")) <= {white, black, " "}
                    text += " " + colour
                if fully_translated(opponent):
                    assert not [w for w in ENGLISH if w in text], (language, text)
            seen += 1
        state = simulate_round(state, pairing, rng)
    assert seen >= 5 * 30
