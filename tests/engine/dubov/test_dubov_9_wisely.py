"""Dubov 9: the readings chosen where the text says "proceed wisely" (docs/interpretations/dubov.md)."""

from engine.dubov import pair
from tests.engine.dubov.builders import make_state, scripted, steps


def test_dubov_9_a_player_with_no_colour_yet_joins_the_smaller_colour_subgroup():
    # 1, 2 due White and 4 due Black drew; 3 had only a forfeit win (no colour).
    state = scripted(
        {1: 2400, 2: 2300, 3: 2200, 4: 2100},
        {1: [("B", 0, "=")], 2: [("B", 0, "=")], 3: [("W", 0, "+")], 4: [("W", 0, "=")]},
    )
    pairing = pair(state)
    colourless = [s for s in steps(pairing, topic="colour-subgroups") if 3 in s.data["tpns"]]
    assert colourless and colourless[0].article == "Dubov 9"
    # Scores: 3 has 1 point alone; 1, 2, 4 have 0.5. 3 is due nothing and meets whoever 7.1 gives.
    assert pairing.opponents()[3] in (1, 2, 4)


def test_dubov_9_the_bye_passes_to_the_next_candidate_when_the_others_could_not_all_be_paired():
    # Round 2, three players; 3 (score 0, lowest R) would get the bye, but 1 and 2 have met.
    state = make_state({1: 2400, 2: 2300, 3: 2200, 4: 2100}, [[(1, 2, "1"), (3, 4, "0")]], withdrawn={4})
    pairing = pair(state)
    assert pairing.bye == 2
    assert pairing.opponents()[1] == 3
    assert any(s.article == "Dubov 9" for s in steps(pairing, topic="bye"))
