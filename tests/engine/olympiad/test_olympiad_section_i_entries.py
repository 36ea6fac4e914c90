"""Section I: teams that come into a group (rules 25, 29, 34, 35, 39, 43, 44).

The three cases of issue 11 section 4: a dropped team and rule 44, several
teams entering one group, and a middle group whose teams have all met.
"""

import pytest

from engine import api

from .builders import met, pairs_by_tpn, pairs_of, search, tournament, tv


def dropped_into_a_group_whose_weak_pair_has_met():
    """X drops from the 3-point group into {A, B, C, D} (2 points), where C and D have met.

    The middle group {8, 9, 10} (1 point) can take only A or B: team 8 has played 9, 10, C, D and
    every team of the bottom group, so whoever comes down must be able to meet 8.
    """
    top = [tv(1, 3), tv(2, 3), tv(3, 3, name="X")]
    group = [tv(4, 2, name="A"), tv(5, 2, name="B"), tv(6, 2, name="C"), tv(7, 2, name="D")]
    middle = [tv(t, 1) for t in (8, 9, 10)]
    bottom = [tv(t, 0) for t in range(11, 17)]
    meetings = [("C", "D"), (8, 9), (8, 10), (8, "C"), (8, "D")] + [(8, t) for t in range(11, 17)]
    return met(top + group + middle + bottom, *meetings)


def test_olympiad_1998_rule_44_dropped_team_meets_the_strongest_team_with_which_the_rest_of_the_group_still_pairs():
    pairs, gs = search(dropped_into_a_group_whose_weak_pair_has_met())
    # X - A would leave B, C, D, of whom only B can meet 8: all three would have to leave.
    # X - B would leave A, C, D: only A could leave. X - C keeps A - D in the group and sends only B.
    assert pairs >= pairs_of(("X", "C"), ("A", "D"), ("B", 8), (9, 10))
    assert frozenset(("X", "A")) not in pairs
    floaters = [s for s in gs.steps if s.topic == "floater"]
    assert [s.data["tpn"] for s in floaters] == [3, 5]  # X from the 3-point group, then B only
    assert not any("Olympiad 1998 rule 44)" in s.message for s in floaters)  # nobody leaves by rule 44
    pairing = next(s for s in gs.steps if s.topic == "pairing" and "X (3) x C (6)" in s.message)
    assert (
        "X (3) x C (6) (Olympiad 1998 rule 25 with Olympiad 1998 rule 44; passed over A (4): "
        in pairing.message
    )
    assert "B (5) dropped (Olympiad 1998 rule 26)" in pairing.message


def test_olympiad_1998_rule_44_the_dropped_team_pairing_is_explained_to_its_captain():
    from engine.olympiad.search import GroupSearch  # noqa: F401  (the notes come from the search)

    _, gs = search(dropped_into_a_group_whose_weak_pair_has_met())
    notes = {frozenset((n.a.name, n.b.name)): n for n in gs.notes()}
    x_c = notes[frozenset(("X", "C"))]
    assert x_c.article == "Olympiad 1998 rule 25"
    assert x_c.reason.startswith(
        "X (3) came down from the 3-point group: its group has an odd number of teams and X (3) is its "
        "weakest team (Olympiad 1998 rule 25)."
    )
    assert "with which the rest of the group can still be paired (Olympiad 1998 rule 44): C (6)" in x_c.reason
    assert "X (3) could not meet A (4) (no complete pairing of the rest followed from it)" in x_c.reason


def bottom_group_sending_two_teams_into_the_group_above():
    """18 teams; the middle group is the 2-point group (1-10). Below it: {11-14} (1 point) and
    {15-18} (0 points), where 15 has played 16, 17 and 18."""
    teams = (
        [tv(t, 2) for t in range(1, 11)]
        + [tv(t, 1) for t in range(11, 15)]
        + [tv(t, 0) for t in range(15, 19)]
    )
    return met(teams, (15, 16), (15, 17), (15, 18))


def test_olympiad_1998_rule_35_two_teams_entering_a_group_below_the_median_take_opponents_weakest_first():
    pairs, gs = search(bottom_group_sending_two_teams_into_the_group_above())
    # 15 leaves its group (rule 43: it has played all of it), 16 is elevated (rule 29: the strongest
    # of the odd rest). Below the median the weakest is paired first (rule 35): 16 takes the weakest
    # team above it has not played, 14; then 15 takes 13. (Strongest first would give 15-14, 16-13.)
    assert pairs >= pairs_of((16, 14), (15, 13), (11, 12), (17, 18))
    step = next(
        s for s in gs.steps if s.topic == "pairing" and "came in" not in s.message and "16 x 14" in s.message
    )
    assert step.message.index("16 x 14") < step.message.index("15 x 13")
    assert "15 x 13 (Olympiad 1998 rule 43)" in step.message


def test_olympiad_1998_rule_34_two_teams_dropped_into_a_group_above_the_median_take_opponents_strongest_first():
    # 4 has played 1, 2 and 3: it leaves its group (rule 43); of 1, 2, 3 the weakest, 3, drops (rule 25).
    teams = (
        [tv(t, 3) for t in (1, 2, 3, 4)] + [tv(t, 2) for t in (5, 6, 7, 8)] + [tv(t, 1) for t in range(9, 19)]
    )
    pairs, gs = search(met(teams, (4, 1), (4, 2), (4, 3)))
    # At and above the median the strongest is paired first (rule 34): 3 takes the strongest team
    # below it has not played, 5; then 4 takes 6. (Weakest first would give 4-5, 3-6.)
    assert pairs >= pairs_of((1, 2), (3, 5), (4, 6), (7, 8))
    step = next(s for s in gs.steps if s.topic == "pairing" and "3 x 5" in s.message)
    assert step.message.index("3 x 5 (Olympiad 1998 rule 25)") < step.message.index(
        "4 x 6 (Olympiad 1998 rule 43)"
    )


def round_two_middle_group_that_drew():
    """Round 1 of 10 teams: 1-4 win 3-1, 5 and 10 draw 2-2. The middle group is {5, 10}."""
    return [[(1, 6, 3), (2, 7, 3), (3, 8, 3), (4, 9, 3), (5, 10, 2)]]


def test_olympiad_1998_rule_39_middle_group_whose_teams_have_all_met_meets_the_strongest_teams_below():
    pairing = api.pair(tournament(10, round_two_middle_group_that_drew()))
    # Rules 34 and 39 ("the median group and above"): 5, the strongest of the middle group, has
    # played 10 and meets the strongest team of the group below it has not played, 6; 10 (rule 43)
    # meets the next, 7. The rest of the group below pair by rule 38.
    assert pairs_by_tpn(pairing) == pairs_of((1, 3), (2, 4), (5, 6), (10, 7), (9, 8))
    text = pairing.explanation_text()
    assert "T6 (6), T7 (7) elevated (Olympiad 1998 rule 44)" in text
    assert "T5 (5) x T6 (6) (Olympiad 1998 rule 39: T5 (5) has played T10 (10))" in text
    assert "T10 (10) x T7 (7) (Olympiad 1998 rule 43: T10 (10) has played T5 (5))" in text
    why = pairing.why()
    assert why[5].data["opponent_article"] == "Olympiad 1998 rule 39"
    assert "T5 (5) has already played every other team of the middle group (T10 (10))" in why[5].message


def test_olympiad_1998_rule_29_reading_option_pairs_the_elevated_teams_with_the_weakest_of_the_middle_group():
    state = tournament(10, round_two_middle_group_that_drew(), options={"middle_group_all_met": "rule29"})
    pairing = api.pair(state)
    # The other reading: 6 and 7 come up and are paired as rule 29 pairs an elevated team, in the
    # middle group's order (rule 34, the strongest first): 6 meets the weakest team, 10; 7 meets 5.
    assert pairs_by_tpn(pairing) == pairs_of((1, 3), (2, 4), (6, 10), (7, 5), (9, 8))
    text = pairing.explanation_text()
    assert "T6 (6) x T10 (10) (Olympiad 1998 rule 29); T7 (7) x T5 (5) (Olympiad 1998 rule 29)" in text
    assert "middle_group_all_met = rule29 *" in text


def test_olympiad_middle_group_option_is_refused_with_a_clear_message_when_unknown():
    state = tournament(10, round_two_middle_group_that_drew(), options={"middle_group_all_met": "strongest"})
    with pytest.raises(ValueError, match="middle_group_all_met"):
        api.pair(state)


def test_olympiad_1998_rule_44_two_teams_elevated_into_a_middle_group_that_has_met_both_readings():
    top = [tv(t, 6) for t in (1, 2, 3, 4)]
    middle = [tv(5, 3), tv(6, 3)]
    bottom = [tv(t, 2) for t in range(7, 11)]
    teams = met(top + middle + bottom, (5, 6))
    pairs, gs = search(teams)
    assert pairs == pairs_of((1, 3), (2, 4), (5, 7), (6, 8), (10, 9))
    assert "7, 8 elevated (Olympiad 1998 rule 44)" in "\n".join(s.message for s in gs.steps)
    pairs, _ = search(teams, middle_group_all_met="rule29")
    assert pairs == pairs_of((1, 3), (2, 4), (7, 6), (8, 5), (10, 9))


def test_olympiad_1998_rule_18a_a_complete_pairing_without_rule_17_comes_before_two_more_teams_leaving():
    # 1, 2 and 4 may only have White on board 1 (Black twice in a row, rule 17(b)); 1-3 and 2-4 have met.
    # Within rule 17 the group cannot be paired completely; rule 18(a) pairs it completely without
    # rule 17 (1 x 4, 2 x 3) rather than sending two more teams (1 and 4) down by rule 44.
    group = [
        tv(1, 3, colours="wbb"),
        tv(2, 3, colours="wbb"),
        tv(3, 3, colours="bwb"),
        tv(4, 3, colours="wbb"),
    ]
    below = [tv(t, 2, colours="wbw" if t % 2 else "bwb") for t in range(5, 13)]
    pairs, gs = search(met(group + below, (1, 3), (2, 4)))
    assert pairs >= pairs_of((1, 4), (2, 3))
    text = "\n".join(s.message for s in gs.steps)
    assert "the 3 group cannot be paired completely within Olympiad 1998 rule 17" in text
    assert "Olympiad 1998 rule 44" not in text
