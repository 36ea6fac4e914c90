"""Section J (rounds 5 onwards; 4 onwards in 2007): rules 45-51."""

from engine import api

from .builders import met, pairs_of, search, tournament, tv


def test_olympiad_1998_rule_45_group_ordered_by_extended_buchholz_ties_by_pairing_number():
    # The printed example: No. 8 (24.5), No. 3 (23), No. 5 (23), No. 11 (22.5), No. 7 (21.5).
    teams = [
        tv(3, 10, eb=23),
        tv(11, 10, eb=22.5),
        tv(8, 10, eb=24.5),
        tv(7, 10, eb=21.5),
        tv(5, 10, eb=23),
        tv(12, 10, eb=22.5),
    ]
    _, gs = search(teams, section_j=True)
    order = next(s for s in gs.steps if s.article == "Olympiad 1998 rule 45").data["tpns"]
    assert order == [8, 3, 5, 11, 12, 7]


def test_olympiad_1998_rule_46_highest_buchholz_meets_the_lowest_it_has_not_played():
    teams = met(
        [tv(t, 5, eb=50 - t) for t in (1, 2, 3, 4)] + [tv(t, 4, eb=40 - t) for t in (5, 6, 7, 8)], (1, 4)
    )
    pairs, _ = search(teams, section_j=True)
    # 1 x 4 played: 1 x 3, then 2 x 4 (rule 47 order).
    assert pairs >= pairs_of((1, 3), (2, 4))


def test_olympiad_1998_rule_48_remaining_team_of_an_odd_group_floats_to_the_next_scoregroup():
    teams = [tv(t, 5, eb=50 - t) for t in (1, 2, 3)] + [tv(t, 4, eb=40 - t) for t in (4, 5, 6, 7, 8, 9, 10)]
    pairs, gs = search(teams, section_j=True)
    assert frozenset((1, 3)) in pairs  # combination (1) of rule 49 for three: 1 x 3, 2 floater
    assert any(s.topic == "floater" and s.data["tpn"] == 2 for s in gs.steps)
    # In the next group the floater takes its place by Extended Buchholz (rule 45).
    assert frozenset((2, 10)) in pairs


def test_olympiad_1998_rule_50_floater_who_met_the_whole_next_group_is_moved_back():
    teams = [tv(t, 5, eb=50 - t) for t in (1, 2, 3)] + [tv(t, 4, eb=40 - t) for t in (4, 5, 6, 7, 8, 9, 10)]
    teams = met(teams, *[(2, t) for t in range(4, 11)])
    pairs, gs = search(teams, section_j=True)
    # 2 cannot float (combination 1): combination (2) 1 x 2, 3 floater.
    assert frozenset((1, 2)) in pairs
    assert any(s.article == "Olympiad 1998 rule 50" and "moved back" in s.message for s in gs.steps)


def test_olympiad_1998_rule_50_two_groups_that_cannot_be_paired_apart_are_considered_as_one_group():
    teams = met(
        [tv(1, 5, eb=50), tv(2, 5, eb=49)]
        + [tv(t, 4, eb=40 - t) for t in (3, 4, 5, 6)]
        + [tv(t, 3, eb=30 - t) for t in (7, 8, 9, 10)],
        (1, 2),
    )
    pairs, gs = search(teams, section_j=True)
    assert frozenset((1, 2)) not in pairs
    assert any(s.topic == "merge" and s.article == "Olympiad 1998 rule 50" for s in gs.steps)
    # Merged group 1, 2, 3, 4, 5, 6 in Buchholz order, rule 47: 1 x 6, 2 x 5, 3 x 4.
    assert pairs >= pairs_of((1, 6), (2, 5), (3, 4))


def test_olympiad_1998_rule_51_below_the_median_lowest_buchholz_is_paired_first():
    top = [tv(t, 5, eb=60 - t) for t in range(1, 7)]
    bottom = [tv(t, 1, eb=30 - t) for t in range(7, 12)]  # five teams, lowest EB is 11
    pairs, gs = search(top + bottom + [tv(12, 6, eb=70)], section_j=True)
    # Reversed order 11, 10, 9, 8, 7: 11 x 7, 10 x 8, 9 floats up (rule 49 mirrored).
    assert pairs >= pairs_of((11, 7), (10, 8))
    assert any(s.topic == "floater" and s.data["tpn"] == 9 for s in gs.steps)


def test_olympiad_1998_section_j_starts_in_round_5():
    rounds = [
        [(1, 5, 3), (2, 6, 3), (3, 7, 1), (4, 8, 1)],
        [(1, 2, 2), (5, 6, 2), (3, 4, 2), (7, 8, 2)],
        [(1, 3, 2), (2, 4, 2), (5, 7, 2), (6, 8, 2)],
        [(1, 4, 2), (2, 3, 2), (5, 8, 2), (6, 7, 2)],
    ]
    state = tournament(8, rounds[:3])
    assert "paired by Section I" in api.pair(state).explanation_text()
    state = tournament(8, rounds)
    assert "paired by Section J" in api.pair(state).explanation_text()


def test_olympiad_1998_rule_45_extended_buchholz_is_own_score_plus_opponents_scores():
    from engine.olympiad.model import build_views
    from engine.olympiad.options import parse_options

    state = tournament(4, [[(1, 3, 3), (2, 4, 2)], [(1, 2, 2.5), (3, 4, 1)]])
    views = build_views(state, parse_options(state.options))
    # 1: 3 + 2.5 = 5.5; opponents 3 (1 + 1 = 2) and 2 (2 + 1.5 = 3.5).
    assert views[1].eb == 5.5 + 2 + 3.5


def test_olympiad_1998_rule_50_middle_pair_that_has_met_takes_in_the_group_next_to_it():
    top = [tv(t, 6, eb=60 - t) for t in (1, 2, 3, 4)]
    middle = [tv(5, 3, eb=30), tv(6, 3, eb=29)]
    bottom = [tv(t, 2, eb=40 - t) for t in range(7, 21)]
    pairs, gs = search(met(top + middle + bottom, (5, 6)), section_j=True)
    assert frozenset((5, 6)) not in pairs and len(pairs) == 10
    assert any(s.topic == "merge" for s in gs.steps)
