"""Section I (rounds 1-4): rules 25-44, and rule 16's order of the groups."""

from engine import api

from .builders import met, pairs_by_tpn, pairs_of, search, tournament, tv


def test_olympiad_1998_rule_36_round_1_pairs_the_top_half_against_the_bottom_half_in_sequence():
    pairing = api.pair(tournament(10))
    assert pairs_by_tpn(pairing) == pairs_of((1, 6), (2, 7), (3, 8), (4, 9), (5, 10))
    assert "combination (1) of the order of Olympiad 1998 rule 36" in pairing.explanation_text()


def round_two_with_odd_groups():
    # After round 1: 1, 2, 3 on 3 GP; 4, 5, 9, 10 on 2; 6, 7, 8 on 1.
    return tournament(10, [[(1, 6, 3), (2, 7, 3), (3, 8, 3), (4, 9, 2), (5, 10, 2)]])


def test_olympiad_1998_rule_25_weakest_of_an_odd_top_group_drops_and_meets_the_strongest_below():
    pairing = api.pair(round_two_with_odd_groups())
    assert pairs_by_tpn(pairing) >= pairs_of((1, 2), (3, 4))
    text = pairing.explanation_text()
    assert "T3 (3) dropped (Olympiad 1998 rule 25)" in text
    assert "T3 (3) x T4 (4) (Olympiad 1998 rule 25)" in text


def test_olympiad_1998_rule_29_strongest_of_an_odd_bottom_group_is_elevated_and_meets_the_weakest_above():
    pairing = api.pair(round_two_with_odd_groups())
    assert pairs_by_tpn(pairing) >= pairs_of((6, 10), (7, 8))
    assert "T6 (6) elevated (Olympiad 1998 rule 29)" in pairing.explanation_text()


def test_olympiad_1998_rule_16_middle_group_is_paired_last_with_teams_from_both_sides():
    pairing = api.pair(round_two_with_odd_groups())
    assert pairs_by_tpn(pairing) == pairs_of((1, 2), (3, 4), (6, 10), (7, 8), (5, 9))
    steps = [s for s in pairing.explanation if s.topic == "median"]
    assert steps[0].data["median"] == 5
    assert steps[0].data["order"] == [3.0, 1.0, 2.0]  # top, bottom, middle last


def test_olympiad_1998_rule_26_second_weakest_drops_when_the_rest_of_the_group_cannot_be_paired():
    teams = met([tv(t, 3) for t in (1, 2, 3)] + [tv(t, 2) for t in (4, 5, 6, 7, 8)], (1, 2))
    pairs, gs = search(teams)
    assert pairs == pairs_of((1, 3), (2, 4), (5, 7), (6, 8))
    text = "\n".join(s.message for s in gs.steps)
    assert "dropping 3 leaves 1, 2 that cannot all be paired" in text
    assert "2 dropped (Olympiad 1998 rule 26)" in text


def test_olympiad_1998_rule_27_dropped_team_that_met_the_whole_group_below_is_moved_back():
    teams = [tv(t, 3) for t in (1, 2, 3)] + [tv(t, 2) for t in (4, 5)] + [tv(t, 1) for t in range(6, 11)]
    teams = met(teams, (3, 4), (3, 5))
    pairs, gs = search(teams)
    assert pairs == pairs_of((1, 3), (2, 4), (5, 6), (7, 9), (8, 10))
    assert any(s.article == "Olympiad 1998 rule 27" for s in gs.steps)


def test_olympiad_1998_rule_39_strongest_team_that_met_its_whole_group_meets_the_strongest_below():
    teams = [tv(t, 3) for t in (1, 2, 3, 4)] + [tv(t, 2) for t in range(5, 13)]
    teams = met(teams, (1, 2), (1, 3), (1, 4))
    pairs, gs = search(teams)
    assert frozenset((1, 5)) in pairs
    assert frozenset((2, 3)) in pairs
    assert frozenset((4, 6)) in pairs  # the weakest of the rest drops (rule 25)
    assert any(s.article == "Olympiad 1998 rule 39" for s in gs.steps)


def test_olympiad_1998_rule_41_team_that_met_its_group_and_the_next_one_goes_to_the_group_after():
    teams = [tv(1, 3), tv(2, 3), tv(3, 2), tv(4, 2)] + [tv(t, 1) for t in range(5, 11)]
    teams = met(teams, (1, 2), (1, 3), (1, 4))
    pairs, gs = search(teams)
    assert pairs == pairs_of((1, 5), (2, 3), (4, 6), (7, 9), (8, 10))
    assert any(s.article == "Olympiad 1998 rule 41" for s in gs.steps)


def test_olympiad_1998_rule_44_group_is_paired_within_itself_before_any_team_drops():
    teams = met([tv(t, 2) for t in (1, 2, 3, 4)] + [tv(t, 1) for t in (5, 6, 7, 8)], (1, 3))
    pairs, gs = search(teams)
    assert pairs >= pairs_of((1, 4), (2, 3))
    assert "combination (2) of the order of Olympiad 1998 rule 36" in "\n".join(s.message for s in gs.steps)


def test_olympiad_1998_rule_38_below_the_median_the_weakest_team_is_paired_first():
    top = [tv(t, 2) for t in range(1, 7)]
    bottom = [tv(t, 1) for t in range(7, 13)]
    pairs, _ = search(met(top + bottom, (7, 10), (9, 12)))
    # Weakest first (12, 11, 10, 9, 8, 7): 12 x 9 is out, so 12 x 8, then 11 x 7, 10 x 9.
    assert pairs == pairs_of((1, 4), (2, 5), (3, 6), (12, 8), (11, 7), (10, 9))


def test_olympiad_1998_rule_34_above_the_median_the_same_situation_pairs_the_strongest_first():
    top = [tv(t, 2) for t in range(1, 7)]
    bottom = [tv(t, 1) for t in range(7, 13)]
    pairs, _ = search(met(top + bottom, (1, 4), (3, 6)))
    # Strongest first: 1 x 4 is out, so 1 x 5, then 2 x 4 (rule 36 for 2, 3, 4, 6), 3 x 6 out -> 2 x 6, 3 x 4.
    assert pairs >= pairs_of((1, 5), (2, 6), (3, 4))


def test_olympiad_1998_rule_14a_no_rematch_in_a_small_group_drops_to_the_group_below():
    teams = met([tv(1, 2), tv(2, 2)] + [tv(t, 1) for t in (3, 4, 5, 6)], (1, 2))
    pairs, _ = search(teams)
    assert frozenset((1, 2)) not in pairs
    assert len(pairs) == 3


def test_olympiad_1998_rule_26_etc_third_weakest_drops_when_the_two_weakest_cannot():
    group = [tv(t, 3) for t in (1, 2, 3, 4, 5)]
    below = [tv(t, 2) for t in range(6, 13)]
    teams = met(group + below, (1, 2), (1, 3), (1, 4), (2, 3))
    pairs, gs = search(teams)
    assert pairs == pairs_of((1, 5), (2, 4), (3, 6), (7, 10), (8, 11), (9, 12))
    text = "\n".join(s.message for s in gs.steps)
    assert "dropping 5 leaves" in text and "dropping 4 leaves" in text
    assert "3 dropped (Olympiad 1998 rule 26)" in text


def test_olympiad_1998_rule_10_a_single_team_to_pair_gets_the_bye():
    pairing = api.pair(tournament(1))
    assert pairing.bye == 1 and pairing.pairs == []


def test_olympiad_1998_rule_1_pairs_on_game_points_so_a_4_0_win_leads_alone():
    # 1 beats 5 4-0, 2-4 win 2.5-1.5: on game points 1 is a group of its own and meets 2 (rule 25).
    pairing = api.pair(tournament(8, [[(1, 5, 4), (2, 6, 2.5), (3, 7, 2.5), (4, 8, 2.5)]]))
    assert pairs_by_tpn(pairing) >= pairs_of((1, 2), (3, 4))
    assert "[Olympiad 1998 rule 1] round 2: teams are paired on game points" in pairing.explanation_text()


def test_olympiad_1998_rule_18b_an_odd_group_drops_another_team_before_setting_rule_17_aside():
    # 1 and 2 both need Black on board 1 (rule 17(b)); dropping 2 instead of 3 keeps rule 17.
    top = [tv(1, 3, colours="bww"), tv(2, 3, colours="bww"), tv(3, 3, colours="wbb")]
    below = [tv(t, 2, colours="wbw" if t % 2 else "bwb") for t in range(4, 9)]
    pairs, gs = search(top + below)
    assert pairs == pairs_of((1, 3), (2, 4), (5, 7), (6, 8))
    assert not any(s.article.endswith("18(a)") for s in gs.steps)


def test_olympiad_1998_rule_30_second_strongest_is_elevated_when_the_rest_of_the_group_cannot_be_paired():
    teams = met([tv(t, 3) for t in (1, 2, 3, 4, 5)] + [tv(t, 1) for t in (6, 7, 8)], (7, 8))
    pairs, gs = search(teams)
    assert pairs == pairs_of((1, 3), (2, 4), (5, 7), (6, 8))
    text = "\n".join(s.message for s in gs.steps)
    assert "dropping 6 leaves 8, 7 that cannot all be paired" in text
    assert "7 elevated (Olympiad 1998 rule 30)" in text


def test_olympiad_1998_rule_31_elevated_team_that_met_the_whole_group_above_is_moved_back():
    teams = [tv(t, 3) for t in range(1, 6)] + [tv(t, 2) for t in (6, 7)] + [tv(t, 1) for t in (8, 9, 10)]
    pairs, gs = search(met(teams, (8, 6), (8, 7)))
    assert pairs == pairs_of((1, 3), (2, 4), (5, 6), (7, 9), (8, 10))
    assert any(
        s.article == "Olympiad 1998 rule 31"
        and "8 has already played every team of the next group" in s.message
        for s in gs.steps
    )


def test_olympiad_1998_rule_40_weakest_team_that_met_its_whole_group_meets_the_weakest_above():
    teams = [tv(t, 3) for t in range(1, 7)] + [tv(t, 1) for t in range(7, 11)]
    pairs, gs = search(met(teams, (10, 7), (10, 8), (10, 9)))
    assert frozenset((10, 6)) in pairs  # the weakest team above it has not played
    assert frozenset((7, 5)) in pairs  # the strongest of the rest is elevated (rule 29)
    assert any(s.article == "Olympiad 1998 rule 40" for s in gs.steps)


def test_olympiad_1998_rule_42_team_that_met_its_group_and_the_next_one_above_goes_to_the_group_after():
    teams = [tv(t, 3) for t in range(1, 7)] + [tv(t, 2) for t in (7, 8)] + [tv(t, 1) for t in (9, 10)]
    pairs, gs = search(met(teams, (10, 9), (10, 8), (10, 7)))
    assert pairs == pairs_of((1, 3), (2, 4), (5, 7), (6, 10), (8, 9))
    assert any(s.article == "Olympiad 1998 rule 42" for s in gs.steps)


def test_olympiad_1998_rule_28_every_team_of_an_odd_top_group_met_the_group_below_one_drops_all_the_same():
    # 1, 2, 3 (3 GP) have all played 4 and 5 (2 GP); the middle group is the 1 GP group.
    teams = [tv(t, 3) for t in (1, 2, 3)] + [tv(t, 2) for t in (4, 5)] + [tv(t, 1) for t in range(6, 15)]
    pairs, gs = search(met(teams, *[(a, b) for a in (1, 2, 3) for b in (4, 5)]))
    # Rules 25-27 are followed again: the weakest, 3, drops; it meets no one of the 2 GP group and
    # goes on to the next group (rule 41), where it meets the strongest team, 6.
    assert pairs == pairs_of((1, 2), (4, 5), (3, 6), (7, 11), (8, 12), (9, 13), (10, 14))
    articles = [s.article for s in gs.steps]
    assert articles.count("Olympiad 1998 rule 27") >= 3  # 3, 2 and 1 were each moved back first
    assert "Olympiad 1998 rule 28" in articles
    assert articles.index("Olympiad 1998 rule 28") < articles.index("Olympiad 1998 rule 41")


def test_olympiad_1998_rule_32_every_team_of_an_odd_bottom_group_met_the_group_above_one_is_elevated_all_the_same():
    # 12, 13, 14 (0 GP) have all played 10 and 11 (1 GP); the middle group is the 2 GP group.
    teams = [tv(t, 2) for t in range(1, 10)] + [tv(t, 1) for t in (10, 11)] + [tv(t, 0) for t in (12, 13, 14)]
    pairs, gs = search(met(teams, *[(a, b) for a in (12, 13, 14) for b in (10, 11)]))
    # Rules 29-31 again: the strongest, 12, is elevated, goes on past the 1 GP group (rule 42)
    # and meets the weakest team of the middle group, 9.
    assert pairs == pairs_of((13, 14), (10, 11), (9, 12), (1, 5), (2, 6), (3, 7), (4, 8))
    articles = [s.article for s in gs.steps]
    assert articles.count("Olympiad 1998 rule 31") >= 3
    assert "Olympiad 1998 rule 32" in articles
    assert articles.index("Olympiad 1998 rule 32") < articles.index("Olympiad 1998 rule 42")


def test_olympiad_1998_rule_43_another_team_that_met_its_whole_group_leaves_it_like_the_strongest_would():
    # 2, not the strongest, has played 1, 3 and 4: it meets the strongest team below (rule 39's
    # pattern); of the rest, 1 x 3 and the weakest, 4, drops (rule 25).
    teams = [tv(t, 3) for t in (1, 2, 3, 4)] + [tv(t, 2) for t in range(5, 13)]
    pairs, gs = search(met(teams, (2, 1), (2, 3), (2, 4)))
    assert pairs == pairs_of((1, 3), (2, 5), (4, 6), (7, 10), (8, 11), (9, 12))
    step = next(s for s in gs.steps if s.article == "Olympiad 1998 rule 43")
    assert step.message.startswith("2 cannot be paired within the group")
    assert not any(s.article == "Olympiad 1998 rule 39" for s in gs.steps)


def test_olympiad_1998_rule_43_below_the_median_another_team_that_met_its_whole_group_meets_the_weakest_above():
    # 11, not the weakest, has played 9, 10 and 12: it meets the weakest team above, 8 (rule 40's
    # pattern); of the rest, the strongest, 9, is elevated and meets 7 (rule 29); 12 x 10.
    teams = [tv(t, 2) for t in range(1, 9)] + [tv(t, 1) for t in range(9, 13)]
    pairs, gs = search(met(teams, (11, 9), (11, 10), (11, 12)))
    assert pairs == pairs_of((8, 11), (7, 9), (10, 12), (1, 4), (2, 5), (3, 6))
    assert any(s.article == "Olympiad 1998 rule 43" and s.message.startswith("11 ") for s in gs.steps)


def test_olympiad_1998_rule_33_top_half_of_a_group_meets_its_bottom_half_in_sequence_as_far_as_possible():
    # Round 2 after four drawn matches: one 2 GP group of eight, the round-1 pairs 1-5 ... 4-8 barred.
    pairing = api.pair(tournament(8, [[(1, 5, 2), (2, 6, 2), (3, 7, 2), (4, 8, 2)]]))
    pairs = pairs_by_tpn(pairing)
    assert pairs == pairs_of((1, 6), (2, 5), (3, 8), (4, 7))
    assert all(len(p & {1, 2, 3, 4}) == 1 for p in pairs)  # every pair: one top-half, one bottom-half team
    # Round 2 with winners 1-4 on 4 GP: their group pairs its top half against its bottom half.
    pairing = api.pair(tournament(8, [[(1, 5, 4), (2, 6, 4), (3, 7, 4), (4, 8, 4)]]))
    assert pairs_by_tpn(pairing) == pairs_of((1, 3), (2, 4), (5, 7), (6, 8))


def test_olympiad_1998_rule_35_below_the_median_the_weakest_team_is_paired_first_then_the_second_weakest():
    top = [tv(t, 2) for t in range(1, 7)]
    bottom = [tv(t, 1) for t in range(7, 13)]
    pairs, gs = search(met(top + bottom, (8, 11)))
    # Weakest first: 12 x 9; then the second weakest, 11: 11 x 8 is out, so 11 x 7; 10 x 8.
    # (Pairing the strongest first would give 7 x 10, 8 x 12, 9 x 11.)
    assert pairs == pairs_of((1, 4), (2, 5), (3, 6), (12, 9), (11, 7), (10, 8))
    assert "combination (2) of the order of Olympiad 1998 rule 38: 12 x 9, 11 x 7, 10 x 8" in "\n".join(
        s.message for s in gs.steps
    )


def test_olympiad_1998_rule_34_the_strongest_team_is_paired_first_where_the_weakest_first_would_differ():
    top = [tv(t, 2) for t in range(1, 7)]
    bottom = [tv(t, 1) for t in range(7, 13)]
    pairs, _ = search(met(top + bottom, (2, 5)))
    # Strongest first: 1 x 4, then 2 x 5 is out, so 2 x 6, 3 x 5.
    # (Pairing the weakest first would give 6 x 3, 5 x 1, 4 x 2.)
    assert pairs >= pairs_of((1, 4), (2, 6), (3, 5))
