"""A score's unit takes the form its number takes in the reader's language ("1 point de match",
"2 puntos de match", "1 командное очко"): the catalogues' plural entries of the units (context "unit")."""

import re

import pytest

from engine.messages import Message, msg, render
from tests.engine.messages.test_engine_catalogue import _keys, _placeholders

BOTH = (
    "Both teams have {score} {unit} and are paired within their scoregroup: the first pairing in the "
    "order of 3.6.2-3.6.3 among those that best meet the colour preferences"
)


@pytest.mark.parametrize(
    ("language", "score", "said"),
    [
        ("fr", 0.0, "0 point de match"),
        ("fr", 1.0, "1 point de match"),
        ("fr", 1.5, "1,5 point de match"),
        ("fr", 2.0, "2 points de match"),
        ("es", 1.0, "1 punto de match"),
        ("es", 1.5, "1,5 puntos de match"),
        ("es", 3.0, "3 puntos de match"),
        ("ru", 1.0, "1 командное очко"),
        ("ru", 3.0, "3 командных очка"),
        ("ru", 5.0, "5 командных очков"),
        ("ru", 21.0, "21 командное очко"),
    ],
)
def test_a_score_s_match_points_take_the_form_of_their_number(language, score, said):
    assert said in render(msg(BOTH, score=score, unit=Message("match points")), language)


def test_game_points_follow_their_number_too():
    assert render(msg("{score} {unit}", score=1.0, unit=Message("game points")), "fr") == "1 point de partie"
    assert render(msg("{score} {unit}", score=4.0, unit=Message("game points")), "ru") == "4 очка за партии"


def test_english_keeps_the_words_the_engine_always_wrote():
    assert render(msg("{score} {unit}", score=1.0, unit=Message("match points")), "en") == "1 match points"


def _group_keys() -> list[str]:
    """The keys that name a group by its score ("the {score}-point group", "the {score}-point scoregroup")."""
    return [k for k in _keys() if "-point group" in k or "-point scoregroup" in k]


# The group named so that it reads for every score, whole or half, one or many: the group's noun with
# the score after it, declined in Russian ("очковой группы 1,5"), never a points word that a score of 1
# or 1.5 would have to agree with ("à 1 points", "de 1 puntos", "с 1 очками", "с 1,5 очками").
GROUP = {
    "fr": r"groupe de score {s}",
    "es": r"[Gg]rupo de puntuación {s}",
    "ru": r"[Оо]чков(ая|ой|ую) групп(а|ы|е|у|ой) {s}",
}
POINTS_WORD = {"fr": r"\d points?\b", "es": r"\d puntos?\b", "ru": r"\d очк"}


@pytest.mark.parametrize("language", ["fr", "es", "ru"])
@pytest.mark.parametrize("score", [0.0, 1.0, 1.5, 2.0, 5.0, 21.0])
def test_a_group_named_by_its_score_reads_for_every_score(language, score):
    keys = _group_keys()
    assert len(keys) > 25
    shown = f"{score:g}".replace(".", ",")
    for key in keys:
        names = [n for n in ("score", "group") if "{" + n + "}-point" in key]
        others = {n: n.upper() for n in _placeholders(key) if n not in names}
        text = render(Message(key, {**others, **{n: score for n in names}}), language)
        found = re.findall(GROUP[language].format(s=re.escape(shown)), text)
        assert len(found) == len(names), (language, key, text)
        assert not re.search(POINTS_WORD[language], text), (language, key, text)
