"""Inside an Olympiad "why" line, the cause that sent a team out of its group and the opponents passed
over, in French, Spanish and Russian (issue 20 item 3): 1998 and 2007 (rules 25-51) and 2022 (D.02)."""

import random
import re

import pytest

from engine import api
from engine.messages import Message, fully_translated, render
from engine.olympiad.simulate import simulate_round
from tests.engine.olympiad.test_olympiad_simulated_events import field

ENGLISH = re.compile(
    r"\b(came|down|up|from|group|odd|number|teams|team|strongest|weakest|could|not|meet|passed|over|"
    r"already|played|floats|floater|pairings|limits|and|more|none)\b"
)
SENT_OUT = ("came down from", "came up from", "came down from the", "came up from the")
PASSED = ("could not meet", "passed over:")


def _lines(version: str, rounds: int = 6):
    state = field(30, version, 4)
    rng = random.Random(4)
    for _ in range(rounds):
        pairing = api.pair(state)
        for step in pairing.explanation:
            if step.topic == "why":
                yield Message.from_dict(step.data["opponent_message"])
        state = simulate_round(state, pairing, rng)


def _without_citations(text: str) -> str:
    """The rule citations keep their form (Olympiad 1998 rule 36, D.02 9.3): left out of the check."""
    return re.sub(r"Olympiad (1998|2007) rule [\w()]+|D\.02 [\d.]+", "", text)


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
@pytest.mark.parametrize("version", ["1998", "2007", "2022"])
def test_an_olympiad_line_with_a_team_sent_out_of_its_group_or_opponents_passed_over_has_no_english_left(
    version, language
):
    sent_out = passed = 0
    for message in _lines(version):
        english = message.text
        out, over = any(s in english for s in SENT_OUT), any(s in english for s in PASSED)
        if not (out or over):
            continue
        sent_out += out
        passed += over
        assert fully_translated(message), english
        text = _without_citations(render(message, language))
        assert "{" not in text
        assert not ENGLISH.findall(text), (language, text)
    assert sent_out + passed >= 10
    if version != "2022":
        assert sent_out >= 5


def test_the_cause_of_a_floater_reads_in_french_spanish_and_russian():
    message = next(m for m in _lines("1998") if "came down from" in m.text and "odd number" in m.text)
    fr, es, ru = (render(message, lang) for lang in ("fr", "es", "ru"))
    assert "son groupe a un nombre impair d'équipes" in fr
    assert "su grupo tiene un número impar de equipos" in es
    assert "в её группе нечётное число команд" in ru


def test_match_points_take_the_russian_plural_form_of_their_count():
    texts = [render(m, "ru") for m in _lines("2007", 4)]
    assert any(re.search(r"\b2 командных очка\b", t) for t in texts)
    assert not any(re.search(r"\b[234] командных очков\b", t) for t in texts)
    assert not any(re.search(r"\b1 командных очк", t) for t in texts)
