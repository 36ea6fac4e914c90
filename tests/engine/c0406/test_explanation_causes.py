"""The explanation gives causes, not only the deciding criterion (C.04.6 3.4, 3.5, 2.3.3, 4.3),
and every team gets its plain-language "why" line."""

from __future__ import annotations

from engine.c0406 import pair

from .builders import Rnd, make_state, step, synthetic_state

# -- 3.4: which step decided the bye, and what each step removed ------------------------


def test_c0406_3_4_4_the_bye_explanation_names_each_step_and_the_one_that_decided():
    # 3, 4, 5 have the lowest score; 5 has played fewer matches (3.4.3); of 3 and 4,
    # 3.4.4 takes the larger TPN. 1 and 2 have more points (3.4.2).
    state = synthetic_state(
        {1: 4, 2: 4, 3: 2, 4: 2, 5: 2}, colours={1: "WB", 2: "BW", 3: "WB", 4: "BW", 5: "W-"}
    )
    rp = pair(state)
    data = step(rp, "bye").data
    assert rp.bye == 4
    assert data["decided_by"] == "3.4.4"
    assert data["removed"] == {"3.4.2": [1, 2], "3.4.3": [5], "3.4.4": [3]}
    assert "3.4.3 (most matches played, 2) removes 5" in step(rp, "bye").message
    why = rp.why()[4]
    assert why.data["opponent"] is None
    assert why.data["opponent_article"] == "C.04.6 3.4.4"
    assert "it has the largest TPN" in why.data["opponent_reason"]


def test_c0406_3_4_3_the_most_matches_played_decides_and_c2_bars_are_named():
    state = synthetic_state(
        {1: 4, 2: 2, 3: 2, 4: 2, 5: 2}, colours={2: "WB", 3: "W-", 4: "B-", 5: "-W"}, barred=(5,)
    )
    rp = pair(state)
    data = step(rp, "bye").data
    assert rp.bye == 2
    assert data["decided_by"] == "3.4.3"
    assert data["removed"]["C2"] == [5]
    assert data["removed"]["3.4.3"] == [3, 4]
    assert rp.why()[2].data["opponent_reason"] == (
        "Pairing-allocated bye: of the teams with the lowest score (2 match points) that may receive it, "
        "it has played the most matches (2)"
    )


def test_c0406_3_4_2_the_lowest_score_decides_the_bye():
    rp = pair(synthetic_state({1: 4, 2: 4, 3: 0}))
    assert step(rp, "bye").data["decided_by"] == "3.4.2"
    assert rp.why()[3].data["opponent_reason"] == (
        "Pairing-allocated bye: lowest score (0 match points) among the teams that may receive it"
    )
    assert rp.why()[3].data["opponent_article"] == "C.04.6 3.4.2"


def test_c0406_3_4_1_the_bye_skips_a_team_whose_bye_leaves_no_legal_pairing():
    # 3 has the lowest score, but 1 and 2 have met: 3 must play one of them (3.4.1).
    rp = pair(synthetic_state({1: 2, 2: 2, 3: 0}, forbid=[(1, 2)]))
    data = step(rp, "bye").data
    assert rp.bye == 2
    assert data["removed"]["3.4.1"] == [3]
    assert "3.4.1 removes 3 (no legal pairing for the others without it)" in step(rp, "bye").message


# -- 3.5 / C4: which residents cannot be paired, because of which meeting ---------------


def _met_state():
    """Round 3: 1 and 2 (3 MP) drew with each other in round 2: both need upfloaters."""
    rounds = [
        Rnd([(1, 4, "1-0"), (2, 5, "1-0"), (3, 6, "1-0")]),
        Rnd([(1, 2, "="), (3, 4, "0-1"), (5, 6, "=")]),
    ]
    return make_state(6, rounds, rounds_total=9)


def test_c0406_2_3_1_c4_explanation_names_the_earlier_meeting_that_forces_upfloaters():
    rp = pair(_met_state())
    s = step(rp, "upfloaters", bracket=1)
    assert s.data["c4"] == 2
    assert s.data["c4_unpaired"] == [1, 2]
    assert s.data["c4_meetings"] == [[1, 2, "round 2"]]
    assert (
        "its 2 teams can form at most 0 pair(s) among themselves because of earlier meetings (C1): 1-2 (round 2)"
        in (s.message)
    )
    up = s.data["upfloaters"][0]
    assert rp.why()[up].data["opponent_reason"] == (
        f"Team {up} floats up from 2 match points: the teams of the 3-point scoregroup cannot all be paired "
        "among themselves (they have already met)"
    )


def test_c0406_3_5_an_odd_scoregroup_is_the_cause_of_one_upfloater():
    rp = pair(synthetic_state({1: 4, 2: 4, 3: 4, 4: 2, 5: 2, 6: 2}))
    s = step(rp, "upfloaters", bracket=1)
    assert s.data["upfloaters"] == [4]
    assert "C4 1 upfloater(s): it has an odd number of teams (3)" in s.message
    why = rp.why()[4]
    assert (
        why.data["opponent_reason"]
        == "Team 4 floats up from 2 match points: the 4-point scoregroup has an odd number of teams"
    )
    assert why.data["opponent_article"] == "C.04.6 3.5"
    assert why.message.startswith(
        "Team 4 floats up from 2 match points: the 4-point scoregroup has an odd number of teams [C.04.6 3.5]"
    )
    # Its opponent, a resident, reads the same cause.
    opponent = why.data["opponent"]
    assert rp.why()[opponent].data["opponent_reason"] == why.data["opponent_reason"]
    # Two residents paired together.
    residents = [t for t in (1, 2, 3) if t != opponent]
    assert (
        rp.why()[residents[0]]
        .data["opponent_reason"]
        .startswith("Both teams have 4 match points and are paired within their scoregroup")
    )


# -- 2.3.3 / C6: which scoregroup was measured and what it counted -----------------------


def test_c0406_2_3_3_c6_explanation_names_the_scoregroup_measured_and_its_count():
    scores = {1: 5, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 0, 8: 0, 9: 0, 10: 0}
    rp = pair(synthetic_state(scores, forbid=[(4, 2), (4, 3), (4, 5), (4, 6)]))
    s = step(rp, "upfloaters", bracket=1)
    assert s.data["upfloaters"] == [4]
    assert s.data["c6_scoregroup"] == 4
    assert s.data["c6_left"] == [2, 3, 5, 6]
    assert (
        "C6 measured the following scoregroup (4), 2, 3, 5, 6 left after this set: "
        "it can be paired with 0 upfloater(s), its parity minimum" in s.message
    )


def test_c0406_2_3_3_c6_explanation_says_when_no_set_complies():
    scores = {1: 5, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 0, 8: 0, 9: 0, 10: 0}
    group = [3, 4, 5, 6]
    forbid = [(a, b) for i, a in enumerate(group) for b in group[i + 1 :]] + [(2, 5), (2, 6)]
    s = step(pair(synthetic_state(scores, forbid=forbid)), "upfloaters", bracket=1)
    assert (
        "more than its parity minimum 0; no set does better, so C6 does not separate the sets (pass/fail)"
        in (s.message)
    )


# -- 4.3: the colour reasons -----------------------------------------------------------


def test_c0406_4_3_6_explanation_gives_the_round_whose_colours_decided():
    rp = pair(synthetic_state({1: 0, 2: 0}, colours={1: "WB", 2: "BW"}))
    s = step(rp, "colour")
    assert rp.pairs[0].colour_article == "C.04.6 4.3.6"
    assert (rp.pairs[0].white, rp.pairs[0].black) == (1, 2)
    assert s.data["rounds"] == {1: 2, 2: 2}
    assert "colours alternate from round 2, when 1 had Black and 2 White" in s.message
    assert rp.why()[1].data["colour_reason"] == (
        "White: the colours alternate from the most recent time they differed (round 2, when it had Black)"
    )


def test_c0406_4_3_6_counts_back_over_played_matches_only():
    # 1: W (round 1), B (round 2); 2: B (round 1), absent, W (round 3): the most recent
    # played matches are round 2 for 1 and round 3 for 2.
    rp = pair(synthetic_state({1: 0, 2: 0}, colours={1: "WB-", 2: "B-W"}))
    s = step(rp, "colour")
    assert s.data["rounds"] == {1: 2, 2: 3}
    assert "rounds 2 (1) and 3 (2)" in s.message


def test_c0406_4_3_2_the_why_line_gives_the_colour_preference_in_words():
    rp = pair(synthetic_state({1: 0, 2: 0}, colours={1: "WBB", 2: "BWB"}))
    assert rp.pairs[0].colour_article == "C.04.6 4.3.2"
    w1, w2 = rp.why()[1], rp.why()[2]
    assert w1.data["colour"] == "w"
    assert w1.data["colour_reason"] == "White: it had Black in its last two matches (colour preference)"
    assert w1.data["colour_article"] == "C.04.6 4.3.2"
    assert w2.data["colour_reason"] == (
        "Black: team 1 has the only colour preference (it had Black in its last two matches)"
    )


def test_c0406_4_3_5_the_why_line_compares_the_colour_differences():
    rp = pair(
        synthetic_state(
            {1: 0, 2: 0},
            colours={1: "WB", 2: "W-"},
            prefs=__import__("engine").state.ColourPreferenceType.NONE,
        )
    )
    assert rp.pairs[0].colour_article == "C.04.6 4.3.5"
    assert rp.why()[1].data["colour_reason"] == (
        "White: White goes to the team with the lower colour difference (+0 against +1)"
    )


def test_c0406_every_team_paired_or_given_the_bye_has_one_why_line():
    rp = pair(
        synthetic_state(
            {t: (t % 3) * 2 for t in range(1, 12)}, colours={t: "WB"[t % 2] for t in range(1, 12)}
        )
    )
    why = rp.why()
    assert set(why) == set(range(1, 12))
    for p in rp.pairs:
        assert why[p.white].data["colour"] == "w" and why[p.black].data["colour"] == "b"
        assert why[p.white].data["opponent"] == p.black
        assert why[p.white].data["colour_article"] == p.colour_article
    assert why[rp.bye].data["opponent"] is None
