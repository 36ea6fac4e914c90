"""Dubov's and Lim's rule-by-rule explanation steps in the reader's language (issue 20 item 3).

Every step is a message kept in ``data["message_data"]``: ``str()`` is the English the engine always
wrote (the command line, the TRF and the JSON unchanged), ``explanation_text(language)`` and the
committee's page write it in French, Spanish or Russian, the causes it quotes (a bar of Dubov 2.1-2.5,
an incompatibility of Lim 9.1) included.
"""

from __future__ import annotations

import random
import re

import pytest

from engine import api, generator
from engine.messages import Message, fully_translated, render
from engine.result import MESSAGE_DATA, RoundPairing, step_text
from tests.engine.dubov.test_dubov_explanation import event as dubov_event
from tests.engine.lim.test_lim_explanation import after as lim_after
from tests.engine.lim.test_lim_explanation import floaters_and_crack
from tests.engine.messages.paired_rounds import generated_rounds, rule_steps

LANGUAGES = ["fr", "es", "ru"]
ENGLISH = re.compile(
    r"\b(the|and|is|are|has|have|would|with|paired|pairing|floats|floater|scoregroup|score-group|"
    r"transferred|column|row|rows|receives|bye|nobody|downward|upward|players|round)\b"
)


def _rounds(system: str, seed: int, n: int, options: dict | None = None) -> list[RoundPairing]:
    """Every round of a generated event (absences, a forbidden pair, byes), as the engine paired it."""
    config = generator.GeneratorConfig(participants=n, rounds=7, absence_rate=0.1, forbidden_pairs=1)
    return generated_rounds(system, seed, config, options)


def _english_left(text: str) -> list[str]:
    text = re.sub(r"\[(Dubov|Lim)[^\]]*\]|\((Dubov|Lim) [^)]*\)|Lim [\d.()a-z/-]+|Dubov [\d.]+", "", text)
    text = re.sub(r"docs/interpretations/\w+\.md, \w+", "", text)  # the reading cited
    text = re.sub(r"Player \d+|P\d+", "", text)  # the players' names
    return ENGLISH.findall(text)


@pytest.mark.parametrize(
    ("system", "options"),
    [("dubov", None), ("dubov", {"max_upfloats": 1}), ("lim", None), ("lim", {"maxi": True})],
)
def test_every_dubov_and_lim_step_is_a_message_whose_english_is_the_step_as_written(system, options):
    steps = [s for seed in (1, 2) for p in _rounds(system, seed, 15, options) for s in rule_steps(p)]
    assert len(steps) > 200
    for s in steps:
        said = Message.from_dict(s.data[MESSAGE_DATA])
        assert said.text == s.message == step_text(s, "en")
        assert fully_translated(said), s.message
        for language in LANGUAGES:
            text = step_text(s, language)
            assert text != s.message and "{" not in text, (language, s.message)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("system", ["dubov", "lim"])
def test_a_dubov_or_lim_explanation_in_another_language_has_no_english_step_left(system, language):
    for pairing in _rounds(system, 3, 13):
        text = pairing.explanation_text(language)
        steps = "\n".join(
            text.split("\n\n", 1)[0].splitlines()[1:]
        )  # the steps: not the options, nor the why
        for s in rule_steps(pairing):
            assert s.message not in steps, (language, s.message)
            assert f"[{s.article}] {render(s.data[MESSAGE_DATA], language)}" in steps
        left = [line for line in steps.splitlines() if not line.startswith("  ") and _english_left(line)]
        assert not left, (language, left[:3])


def test_dubov_9_the_aro_list_scoregroups_rows_and_colours_read_in_french():
    pairing = api.pair(dubov_event(False, 3))
    french = pairing.explanation_text("fr")
    assert "[Dubov 9] ARO (moyenne Elo des adversaires) après la ronde 3 (Dubov 1) : 1 : " in french
    assert "[Dubov 6.1] Groupe de score " in french
    assert (
        "[Dubov 6.2] Colonne des Blancs (ARO croissant) contre colonne des Noirs (R décroissant) : 1. "
        in french
    )
    assert re.search(r"\[Dubov 3\] \d+ P\d+ Blancs, \d+ P\d+ Noirs : ", french)
    for english in ("ARO after round", "scoregroup", "White column", "receives the bye", " White, "):
        assert english not in french
    assert "(ARO 2" in french and re.search(r"ARO \d+,\d\)", french)  # the ARO with the French decimal mark


def test_dubov_the_steps_name_the_players_by_name_on_a_page_that_knows_the_names():
    pairing = api.pair(dubov_event(False, 3))
    bye = next(s for s in pairing.explanation if s.topic == "bye" and s.article == "Dubov 4")
    tpn = bye.data["tpn"]
    assert bye.message.startswith(f"{tpn} P{tpn} receives the bye: lowest scoregroup (")
    named = render(bye.data[MESSAGE_DATA], "es", {tpn: "Carlsen"})
    assert named.startswith(f"Descanso para Carlsen (TPN {tpn}): grupo de puntuación más bajo (")


def test_lim_9_2_the_score_groups_and_the_crack_of_9_6_read_in_french_and_russian():
    state = floaters_and_crack()
    pairing = api.pair(state)
    crack = next(s for s in pairing.explanation if s.article == "Lim 9.6")
    assert crack.message.startswith("median score-group blocked (")
    assert step_text(crack, "fr").startswith("Groupe de score médian bloqué (")
    assert step_text(crack, "ru").startswith("Медианная очковая группа заблокирована (")
    order = next(s for s in pairing.explanation if s.message.startswith("score-groups ["))
    assert step_text(order, "fr").startswith("Groupes de score [")
    french = api.pair(lim_after(3)).explanation_text("fr")
    assert re.search(
        r"\[Lim 9\.2\] Groupe de score [\d,]+ : apparié en (descendant|remontant) ; joueurs \[", french
    )
    assert "[Lim 7] Les numéros d'appariement sont les TPN" in french
    assert re.search(r"\[Lim 12[.\d()a-z: ]*\] Échiquier 1 : \d+ Blancs, \d+ Noirs \(", french)


def test_the_olympiad_pair_checks_are_messages_not_paired_in_the_proposal_included():
    from engine.olympiad.model import TeamView
    from engine.olympiad.options import parse_options
    from engine.olympiad.pools import PoolContext

    def team(tpn: int, name: str, met: frozenset[int] = frozenset()) -> TeamView:
        return TeamView(tpn, name, 2.0, 2.0, 4.0, met, (), False)

    chile, peru = team(1, "Chile"), team(2, "Peru", frozenset({1}))
    checker = PoolContext(parse_options({}), strict=True, can_float=True, only=frozenset())
    said = checker.pair_reason(chile, peru)
    assert isinstance(said, Message)
    assert said.text == "Chile (1) and Peru (2) are not paired in the proposal"
    assert render(said, "fr") == "Chile (1) et Peru (2) ne sont pas appariées dans la proposition"
    assert render(said, "ru") == "Chile (1) и Peru (2) не спарены в предложении"
    met = PoolContext(parse_options({}), strict=True, can_float=True).pair_reason(peru, chile)
    assert met.text == "Peru (2) and Chile (1) have already played (Olympiad 1998 rule 14(a))"
    assert render(met, "es") == "Peru (2) y Chile (1) ya han jugado entre sí (Olympiad 1998 rule 14(a))"


@pytest.mark.parametrize("seed", [1, 2])
def test_the_causes_a_dubov_step_quotes_are_translated_too(seed):
    """The bars of 2.1-2.5 a transfer or a row quotes ("has played 3; may not meet 5 (...)")."""
    rng = random.Random(seed)
    quoted = 0
    for pairing in _rounds("dubov", seed, 15):
        for s in rule_steps(pairing):
            if s.topic in ("transfer", "pairing", "floater") and (
                "may not" in s.message or "played" in s.message
            ):
                quoted += 1
                text = step_text(s, rng.choice(LANGUAGES))
                assert not _english_left(text), (s.message, text)
    assert quoted
