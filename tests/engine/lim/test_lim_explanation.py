"""The Lim explanation gives causes (exchanges, floater choices, with their articles) and a why per player."""

import random

import pytest

from engine.api import pair
from tests.engine.lim.helpers import Event, fresh, play_round, scripted


def after(rounds: int, *, n: int = 11, team: bool = False, seed: int = 3):
    rng = random.Random(seed)
    state = fresh(n, team=team)
    for _ in range(rounds):
        state = play_round(state, rng)
    return state


def exchange_case():
    """Six players on 1 point after two draws; 1 has met 4 and 5 (the Lim 9.5 case)."""
    return scripted(
        [
            [(1, 4, 0.5), (2, None, 0.5), (3, None, 0.5), (None, 5, 0.5), (None, 6, 0.5)],
            [(5, 1, 0.5), (None, 2, 0.5), (None, 3, 0.5), (4, None, 0.5), (6, None, 0.5)],
        ]
    )


def floaters_and_crack():
    """6 (1.5 points) and 1 (0.5) floated in round 2; the median group (1 point) is empty and blocks."""
    return Event(6).round((1, 4, 0.5), (3, 6, 0.5), (5, 2, 0)).round((2, 1, 1), (4, 3, 0), (6, 5, 1)).state()


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
@pytest.mark.parametrize("rounds", [0, 1, 3, 5])
def test_lim_every_player_has_one_plain_why_line_naming_his_opponent_and_colour(team, rounds):
    state = after(rounds, team=team)
    rp = pair(state)
    why = rp.why()
    assert sorted(why) == sorted(p.tpn for p in state.to_be_paired())
    opponents = rp.opponents()
    for tpn, step in why.items():
        assert step.data["opponent"] == opponents[tpn]
        assert step.data["opponent_article"].startswith("Lim ")
        assert not step.data["opponent_reason"].startswith("You were paired with")  # a cause, not a fallback
        if tpn == rp.bye:
            assert step.data["colour"] is None and step.data["opponent_article"] == "Lim 8.1"
            continue
        white = next(p.white for p in rp.pairs if tpn in (p.white, p.black))
        assert step.data["colour"] == ("w" if white == tpn else "b")
        assert step.data["colour_reason"].startswith("You get " + ("White" if white == tpn else "Black"))


def test_lim_11_2_the_exchange_step_and_why_name_the_opponents_already_met():
    rp = pair(exchange_case())
    step = next(s for s in rp.explanation if s.topic == "pairing" and s.data["player"] == 1)
    assert (
        step.message
        == "1 v 6 after exchanges (Lim 11.1): 4 (already met (Lim 9.1)), 5 (already met (Lim 9.1))"
    )
    why = rp.why()
    assert why[1].data["opponent_article"] == "Lim 11.2"
    assert why[1].data["opponent_reason"] == (
        "Your proposed opponent could not be kept (you have already played 4 and 5), so exchanges in the "
        "median score-group give you 6."
    )
    assert why[6].data["opponent_reason"] == (
        "1 could not meet 4 or 5 (he has already played 4 and 5), so exchanges in the group give him you."
    )
    assert why[2].data["opponent_article"] == "Lim 9.4"
    assert why[2].data["opponent_reason"].startswith("You are the highest-ranked player still to be paired")


def test_lim_12_2_the_colour_exchange_names_the_opponent_passed_over_and_his_colour():
    ev = Event(8, ratings={1: 2600, 2: 2550, 3: 2400, 4: 2250, 5: 2200, 6: 2150, 7: 2100, 8: 2050})
    rp = pair(ev.round((1, 5, 1), (6, 2, 0), (3, 7, 1), (8, 4, 0)).state())
    step = next(s for s in rp.explanation if s.article == "Lim 12.2" and s.data["player"] == 1)
    assert step.data["opponent"] == 4 and step.data["passed_for_colour"] == 3
    assert "(3, the first compatible opponent, is due Black like 1)" in step.message
    assert rp.why()[1].data["opponent_reason"] == (
        "3, your first possible opponent, is due Black like you, so opponents were exchanged and you meet 4: "
        "you both get the colour you are due."
    )
    assert (
        rp.why()[1].data["colour_reason"]
        == "You get Black, the colour you are due: you have had more Whites."
    )


def test_lim_9_3_d_the_parity_floater_step_names_who_came_before_him_and_why_not():
    rp = pair(floaters_and_crack())
    steps = {s.data["tpn"]: s for s in rp.explanation if s.article == "Lim 9.3(d)"}
    assert steps[3].data["passed"] == {6: "floated in the round just before (Lim 10.10)"}
    assert "1 due White, 2 due Black; 3 is due White;" in steps[3].message
    assert steps[4].data["passed"] == {1: "floated in the round just before (Lim 10.10)"}
    assert steps[2].data["passed"] == {}
    assert "the lowest numbered player of those left (Lim 10.2-10.4)" in steps[2].message


def test_lim_10_8_why_tells_the_floater_why_he_floated_and_whom_he_meets():
    why = pair(floaters_and_crack()).why()
    assert why[5].data["opponent_article"] == "Lim 10.8"
    assert why[5].data["opponent_reason"] == (
        "The score-group 0 had an odd number of players, and you were the one to float upward (you are due "
        "White, like most of the group; you are the highest-ranked player; Lim 9.3(d), 10.2); there a floater "
        "meets the nearest player he may meet first: 1."
    )
    assert why[1].data["opponent_reason"] == (
        "5 floated into the score-group 0.5, and a floater meets the nearest player he may meet first: you "
        "(Lim 10.8)."
    )


def test_lim_9_6_why_tells_a_player_whose_pairing_was_cracked():
    why = pair(floaters_and_crack()).why()
    assert (
        why[2]
        .data["opponent_reason"]
        .startswith(
            "The median score-group could not be paired, so your pairing in the score-group 1.5 was cracked and "
            "you joined it (Lim 9.6)"
        )
    )


def test_lim_8_1_why_of_the_bye_names_who_was_passed_over_by_8_2():
    st = Event(5).round((1, 3, 1), (2, 4, 1), byes=[5]).round((1, 2, 1), (3, 5, 1), byes=[4]).state()
    rp = pair(st)
    assert rp.bye == 3
    assert rp.why()[3].data["opponent_reason"] == (
        "The number of players is odd; the bye goes to the lowest-ranked of the lowest score-group who may "
        "have one: you; 5 and 4 already had a bye or a win by default (Lim 8.2)."
    )


def test_lim_12_4_why_of_identical_histories_names_the_ranking_rule():
    why = pair(floaters_and_crack()).why()
    assert why[5].data["colour_reason"] == (
        "You get White: you were both due White with the same colour history; below the median score-group the "
        "lower-ranked player gets his due colour, and you are the lower-ranked."
    )
