"""Lim's "why" lines, opponent half and colour half, in French, Spanish and Russian (issue 20 item 3):
rounds of a simulated event, the exchanges of Lim 11, the colour exchange of 12.2, floaters and a crack."""

import re

import pytest

from engine.api import pair
from engine.messages import Message, fully_translated, render
from engine.result import why_text
from tests.engine.lim.test_lim_explanation import after, exchange_case, floaters_and_crack

# English words of the lines' frames that a translation must not keep.
ENGLISH = re.compile(
    r"\b(You|you|were|group|score-group|meet|meets|may|number|bye|half|paired|is due|already|played|floated|"
    r"floater|exchanges|opponent|colour|colours|and|or|odd)\b"
)
STATES = {
    "round 1": lambda: after(0),
    "round 4": lambda: after(3),
    "round 6": lambda: after(5),
    "teams, round 4": lambda: after(3, team=True),
    "exchanges": exchange_case,
    "floaters and a crack": floaters_and_crack,
}


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
@pytest.mark.parametrize("case", list(STATES))
def test_a_lim_why_line_is_written_whole_in_the_readers_language(language, case):
    steps = [s for s in pair(STATES[case]()).explanation if s.topic == "why"]
    assert steps
    for step in steps:
        opponent = Message.from_dict(step.data["opponent_message"])
        assert opponent.text == step.data["opponent_reason"]  # the English, as the engine always wrote it
        assert fully_translated(opponent)
        line = render(opponent, language)
        if step.data.get("colour_message"):
            line += " " + render(step.data["colour_message"], language)
        assert "{" not in line and why_text(step, language).startswith(render(opponent, language))
        assert not ENGLISH.findall(line), (language, line)


def test_the_lim_exchange_line_reads_in_french_spanish_and_russian():
    why = pair(exchange_case()).why()
    data = why[1].data
    assert data["opponent_article"] == "Lim 11.2"
    fr, es, ru = (render(data["opponent_message"], lang) for lang in ("fr", "es", "ru"))
    assert fr.startswith("Votre adversaire proposé n'a pas pu être maintenu (vous avez déjà joué contre")
    assert es.startswith("Tu rival propuesto no pudo mantenerse (ya has jugado contra")
    assert ru.startswith("Предложенного соперника сохранить не удалось (вы уже играли с")
