"""Rule 12 (tie-breaks, both versions) and rules 4-8 (the initial ranking list)."""

from dataclasses import replace

import pytest

from engine.olympiad.ranking import initial_order
from engine.olympiad.tiebreaks import standings
from engine.state import Participant, Player

from .builders import tournament

ROUNDS = [[(1, 2, 3), (3, 4, 2)], [(1, 3, 2.5), (2, 4, 1)], [(1, 4, 2), (2, 3, 2.5)]]


def test_olympiad_1998_rule_12_game_points_then_opponents_game_points_match_points_and_defeated_opponents():
    rows = {r.tpn: r for r in standings(tournament(4, ROUNDS))}
    # 1: 7.5 GP; opponents 2 (4.5), 3 (5), 4 (7) = 16.5; 5 MP; beat 2 and 3, drew 4: 4.5 + 5 + 3.5.
    assert rows[1].values == (7.5, 16.5, 5.0, 13.0, 0.0)
    assert rows[4].values == (7.0, 17.0, 4.0, 10.75, 0.0)
    assert [r.tpn for r in standings(tournament(4, ROUNDS))] == [1, 4, 3, 2]


def test_olympiad_1998_rule_12d_cuts_the_two_highest_and_two_lowest_opponents():
    rounds = [
        [(1, 2, 4), (3, 4, 2), (5, 6, 3)],
        [(1, 3, 3), (2, 5, 2), (4, 6, 2)],
        [(1, 4, 2), (2, 6, 1), (3, 5, 2)],
        [(1, 5, 2), (2, 3, 2), (4, 6, 3)],
        [(1, 6, 2), (2, 4, 2), (3, 5, 3)],
    ]
    state = tournament(6, rounds)
    gp = {p.tpn: p.game_points for p in state.participants}
    opp = sorted(gp[t] for t in (2, 3, 4, 5, 6))
    row = next(r for r in standings(state) if r.tpn == 1)
    assert row.values[4] == opp[2]


def test_olympiad_1998_rule_12_ties_on_every_criterion_share_the_rank():
    state = tournament(2, [[(1, 2, 2)]])
    assert [r.rank for r in standings(state)] == [1, 1]


def test_olympiad_2007_amended_rule_12_opponents_match_points_times_game_points_two_lowest_cut():
    rows = {r.tpn: r for r in standings(tournament(4, ROUNDS, version="2007"))}
    # 1: opponents 2 (2 MP), 3 (1 MP), 4 (4 MP); the two lowest are cut: 4 MP x 2 GP against 4.
    assert rows[1].values == (5.0, 8.0, 4.0, 7.5)
    assert rows[4].values == (4.0, 10.0, 5.0, 7.0)


def test_olympiad_2007_amended_rule_12_a_bye_counts_as_a_zero_opponent_among_the_two_cut():
    state = tournament(3, [[(1, 2, 3)], [(1, 3, 2)], [(2, 3, 2.5)]], byes={1: 3, 2: 2, 3: 1}, version="2007")
    rows = {r.tpn: r for r in standings(state)}
    assert rows[1].values == (4.0, 9.0, 3.0, 7.0)


def test_olympiad_1998_rule_2_the_c_team_is_not_ranked_but_counts_for_its_opponents():
    state = tournament(4, ROUNDS, options={"host_team": 3})
    rows = standings(state)
    assert 3 not in [r.tpn for r in rows]
    assert next(r for r in rows if r.tpn == 1).values[1] == 16.5


def team(name, *ratings, tpn=0):
    return Participant(
        tpn=tpn or hash(name) % 10000,
        name=name,
        roster=tuple(Player(i + 1, rating=r) for i, r in enumerate(ratings)),
    )


def test_olympiad_1998_rule_7_average_of_the_four_highest_ratings_unrated_counted_2000():
    teams = [
        team("A", 2500, 2400, 0, 0, 2600),
        team("B", 2450, 2450, 2450, 2450),
        team("C", 2300, 2300, 2300, 2300, 2700, 2700),
    ]
    order = initial_order(teams, version="1998")
    assert [t.name for t in order] == ["C", "B", "A"]  # C: 2700, 2700, 2300, 2300 = 2500
    assert order[2].average == (2600 + 2500 + 2400 + 2000) / 4


def test_olympiad_1998_rule_6_unrated_rating_is_configurable():
    teams = [team("A", 2400, 2400, 2400, 0), team("B", 2400, 2400, 2400, 2100)]
    assert [t.name for t in initial_order(teams, version="1998", unrated_rating=2200)] == ["A", "B"]
    assert [t.name for t in initial_order(teams, version="1998")] == ["B", "A"]


def test_olympiad_1998_rule_8_ties_by_fifth_then_sixth_player_then_previous_olympiad_then_alphabet():
    base = (2500, 2500, 2500, 2500)
    teams = [
        team("D", *base, 2300, 2200),
        team("C", *base, 2300, 2250),
        team("B", *base, 2400),
        team("A", *base, 2300, 2200),
        team("E", *base, 2300, 2200),
    ]
    order = initial_order(teams, version="1998", previous_olympiad={"E": 3, "D": 7})
    assert [t.name for t in order] == ["B", "C", "E", "D", "A"]
    assert [t.decided_by for t in order] == [
        "",
        "rating of player 5",
        "rating of player 6",
        "previous Olympiad",
        "previous Olympiad",
    ]


def test_olympiad_1998_rule_8_manual_order_before_the_alphabet():
    base = (2500, 2500, 2500, 2500, 2300, 2200)
    order = initial_order([team("A", *base), team("B", *base)], version="1998", manual_order=["B", "A"])
    assert [t.name for t in order] == ["B", "A"]
    assert order[1].decided_by == "manual order"


def test_olympiad_1998_rule_7_womens_teams_by_three_highest_and_fourth_player():
    teams = [
        team("A", 2300, 2300, 2300, 2100),
        team("B", 2300, 2300, 2300, 2200),
        team("C", 2400, 2300, 2300),
    ]
    order = initial_order(teams, version="1998", section="women")
    assert [t.name for t in order] == ["C", "B", "A"]
    assert order[2].decided_by == "rating of player 4"


def test_olympiad_2007_amended_rules_7_8_four_highest_then_fifth_player_then_previous_olympiad():
    base = (2500, 2500, 2500, 2500)
    teams = [
        team("Z", *base, 2300),
        team("Y", *base, 2300),
        team("X", *base, 2400),
        team("W", 2600, 2500, 2500, 2500),
    ]
    order = initial_order(teams, version="2007", previous_olympiad={"Z": 5, "Y": 9})
    assert [t.name for t in order] == ["W", "X", "Z", "Y"]
    assert [t.decided_by for t in order] == ["", "average", "rating of player 5", "previous Olympiad"]


def test_olympiad_2007_amended_rule_8_sixth_player_is_not_a_criterion():
    base = (2500, 2500, 2500, 2500, 2300)
    order = initial_order([team("Z", *base, 2200), team("Y", *base, 2000)], version="2007")
    assert [t.name for t in order] == ["Y", "Z"]
    assert order[1].decided_by == "alphabetical order"


def test_olympiad_1998_rule_7_team_with_too_few_players_is_refused_with_its_name():
    with pytest.raises(ValueError, match="team Q has 3 players"):
        initial_order([team("Q", 2400, 2400, 2400)], version="1998")


def test_olympiad_ranking_keeps_the_participant_tpn_for_the_web_application():
    teams = [
        replace(team("A", 2400, 2400, 2400, 2400), tpn=7),
        replace(team("B", 2500, 2500, 2500, 2500), tpn=3),
    ]
    order = initial_order(teams)
    assert [(t.pairing_number, t.participant_tpn) for t in order] == [(1, 3), (2, 7)]
