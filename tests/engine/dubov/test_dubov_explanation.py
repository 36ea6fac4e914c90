"""The explanation cites a Dubov article for every decision and says, per participant, why."""

import random

import pytest

from engine import api
from engine.state import Participant, ScoreKind, Scoring, TournamentState
from tests.engine.dubov.builders import scripted
from tests.engine.dubov.test_dubov_6_standard_procedure import twelve_players_before_round_4
from tests.engine.dubov.test_dubov_8_floaters import star_group
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


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
@pytest.mark.parametrize("rounds_played", [0, 1, 3, 5])
def test_every_participant_has_one_plain_why_line_naming_his_opponent_and_colour(team, rounds_played):
    state = event(team, rounds_played)
    pairing = api.pair(state)
    why = pairing.why()
    assert sorted(why) == sorted(p.tpn for p in state.to_be_paired())
    opponents = pairing.opponents()
    for tpn, step in why.items():
        assert step.data["opponent"] == opponents[tpn]
        assert step.data["opponent_article"].startswith("Dubov ")
        if tpn == pairing.bye:
            assert step.data["colour"] is None and step.data["opponent_article"] in ("Dubov 4", "Dubov 5")
            continue
        white = next(p.white for p in pairing.pairs if tpn in (p.white, p.black))
        assert step.data["colour"] == ("w" if white == tpn else "b")
        assert step.data["colour_reason"].startswith("You get " + ("White" if white == tpn else "Black"))


def test_dubov_6_3_why_tells_the_first_white_his_row_was_changed_for_the_whites_below():
    state = twelve_players_before_round_4()
    why = api.pair(state).why()
    assert why[4].data["opponent_reason"] == (
        "Meeting 3 would have left 6 and 2 without an opponent due Black; meeting 5 would have left 2 without "
        "an opponent due Black, so your row was changed and you meet 7."
    )
    assert why[4].data["colour_reason"] == "You get White: you may not have a third Black in a row (2.4)."
    assert (
        why[7]
        .data["opponent_reason"]
        .startswith(
            "You were moved up from the 1.5-point group to make the 2-point group even (Dubov 7.2). "
            "The row of 4 was changed"
        )
    )
    assert why[6].data["opponent_reason"] == (
        "Meeting 5 would have left 2 without an opponent due Black, so you meet 3, the Black of row 1, "
        "free because row 1 was changed."
    )
    assert why[6].data["colour_reason"] == (
        "You get White, the colour you are due: you have played more Blacks than Whites."
    )


def test_dubov_6_2_why_names_the_scoregroup_the_due_colours_and_the_row():
    state = twelve_players_before_round_4()
    why = api.pair(state).why()
    assert why[11].data["opponent"] == 9 and why[11].data["opponent_article"] == "Dubov 6.2"
    assert (
        why[11]
        .data["opponent_reason"]
        .startswith("You and 9 are in the 1.5-point group; you are due White and 9 Black")
    )
    assert why[11].data["opponent_reason"].endswith("you are both No. 1.")


def test_dubov_6_4_and_8_2_why_tells_a_floater_why_he_went_down_and_whom_he_meets():
    why = api.pair(star_group()).why()
    assert why[3].data["opponent_article"] == "Dubov 6.4, 8.2"
    assert why[3].data["opponent_reason"] == (
        "Your 2-point group could not be paired whole (4 players, at most 1 pair), and you come first in the "
        "order of Dubov 6.4 (not a floater before, can be paired in the lower scoregroup), so you moved down "
        "to the 1-point group (Dubov 6.4); there you meet the highest-rated player due the other colour you "
        "may meet, 6 (Dubov 8.2)."
    )
    assert why[6].data["opponent_reason"].startswith("3 moved down from the 2-point group (Dubov 6.4)")


def test_dubov_7_1_why_tells_both_why_one_was_brought_up():
    state = scripted(
        {1: 2500, 2: 2400, 3: 2300, 4: 2200},
        {
            1: [("W", 0, "1"), ("B", 1, "1")],
            2: [("W", 0, "1"), ("B", 1, "0")],
            3: [("B", 0, "1"), ("W", 1, "0")],
            4: [("B", 0, "0"), ("W", 0, "1")],
        },
    )
    why = api.pair(state).why()
    assert why[1].data["opponent_reason"] == (
        "You are alone in your 2-point group, so 3 was brought up from the 1-point group to play you, "
        "as the highest rated there due the other colour."
    )
    assert why[3].data["opponent_article"] == "Dubov 7.1"


def test_dubov_4_why_of_the_bye_names_who_was_passed_over_by_2_2():
    state = scripted(
        {1: 2400, 2: 2300, 3: 2000},
        {
            1: [("W", 0, "1"), ("B", 0, "=")],
            2: [("B", 0, "1"), ("W", 0, "1")],
            3: [("U", 0, ""), ("W", 0, "0")],
        },
    )
    pairing = api.pair(state)
    step = pairing.why()[1]
    assert pairing.bye == 1 and step.data["opponent"] is None and step.data["colour"] is None
    assert step.data["opponent_reason"] == (
        "The number of players is odd; the bye goes to the lowest-rated player of the lowest score group who "
        "may have one: you, in the 1.5-point group (nobody lower may have it), rated 2400; 3 already had a "
        "point without playing (Dubov 2.2)."
    )


def test_dubov_5_why_in_round_1_gives_the_places_in_the_two_halves_and_the_lot():
    why = api.pair(event(False, 0, n=6)).why()
    assert why[2].data["opponent"] == 5
    assert why[2].data["opponent_reason"] == (
        "In round 1 the upper half of the starting list meets the lower half in order: you are No. 2 of the "
        "upper half and 5 No. 2 of the lower half."
    )
    assert why[2].data["colour_reason"].endswith("you are the first of pair 2.")
