"""A score's unit takes the form its number takes in the reader's language ("1 point de match",
"2 puntos de match", "1 командное очко"): the catalogues' plural entries of the units (context "unit")."""

import pytest

from engine.messages import Message, msg, render

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
