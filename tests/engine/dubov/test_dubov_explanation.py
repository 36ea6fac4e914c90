"""The explanation cites a Dubov article for every decision."""

import random

import pytest

from engine import api
from engine.state import Participant, ScoreKind, Scoring, TournamentState
from tests.engine.dubov.test_dubov_properties import play


def event(team: bool, rounds_played: int, n: int = 15) -> TournamentState:
    rng = random.Random(11)
    parts = tuple(Participant(tpn=i + 1, name=f"P{i + 1}", rating=2400 - 13 * i) for i in range(n))
    scoring = Scoring() if team else Scoring(primary=ScoreKind.GAME_POINTS)
    state = TournamentState(participants=parts, system="dubov", team=team, rounds_total=9, scoring=scoring)
    for _ in range(rounds_played):
        state = play(state, api.pair(state), rng)
    return state


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
@pytest.mark.parametrize("rounds_played", [0, 3])
def test_every_pair_colour_scoregroup_and_the_bye_are_explained_with_a_dubov_article(team, rounds_played):
    state = event(team, rounds_played)
    pairing = api.pair(state)
    assert pairing.system == "dubov"
    assert all(s.article.startswith("Dubov ") for s in pairing.explanation)
    paired = {(s.data["white"], s.data["black"]) for s in pairing.explanation if s.topic == "pairing"}
    coloured = {(s.data["white"], s.data["black"]) for s in pairing.explanation if s.topic == "colour"}
    assert paired == coloured == {(p.white, p.black) for p in pairing.pairs}
    assert all(p.colour_article.startswith("Dubov ") for p in pairing.pairs)
    bye_steps = [s for s in pairing.explanation if s.topic == "bye"]
    assert pairing.bye is not None and bye_steps[0].data["tpn"] == pairing.bye
    if rounds_played:
        topics = {s.topic for s in pairing.explanation}
        assert {"aro", "scoregroup", "rows", "pairing", "colour", "bye"} <= topics
    text = pairing.explanation_text()
    assert "[Dubov 9] ARO after round" in text
