"""Tie-break values on hand-computed examples (FIDE C.07 for teams, project readings)."""

import pytest

from engine.standings import get, standings
from engine.standings.crosstable import crosstable
from engine.state import Colour, Outcome, Participant, RoundRecord, TournamentState

W, B = Colour.WHITE, Colour.BLACK


def played(rnd, opp, colour, gp, boards=4):
    mp = 2.0 if gp > boards / 2 else 1.0 if gp == boards / 2 else 0.0
    return RoundRecord(rnd, Outcome.PLAYED, opp, colour, mp, gp)


def round_robin_state(**kw):
    """Four teams, three rounds, 4 boards, 2/1/0 match points.

    R1: 1-2 2.5:1.5, 3-4 2:2; R2: 1-3 1.5:2.5, 2-4 3:1; R3: 1-4 3:1, 2-3 2:2.
    MP: T1 4, T2 3, T3 4, T4 1.  GP: T1 7, T2 6.5, T3 6.5, T4 4.
    """
    teams = {
        1: [played(1, 2, W, 2.5), played(2, 3, B, 1.5), played(3, 4, W, 3)],
        2: [played(1, 1, B, 1.5), played(2, 4, W, 3), played(3, 3, W, 2)],
        3: [played(1, 4, W, 2), played(2, 1, W, 2.5), played(3, 2, B, 2)],
        4: [played(1, 3, B, 2), played(2, 2, B, 1), played(3, 1, B, 1)],
    }
    parts = tuple(Participant(t, name=f"Team {t}", history=tuple(h)) for t, h in teams.items())
    return TournamentState(participants=parts, **kw)


def values(state, name):
    return {t: v[0] for t, v in get(name).compute(state, frozenset(state.by_tpn)).items()}


def test_match_and_game_points_add_up_the_rounds():
    s = round_robin_state()
    assert values(s, "MP") == {1: 4, 2: 3, 3: 4, 4: 1}
    assert values(s, "GP") == {1: 7, 2: 6.5, 3: 6.5, 4: 4}


def test_buchholz_sums_the_opponents_match_points():
    assert values(round_robin_state(), "BH") == {1: 8, 2: 9, 3: 8, 4: 11}


def test_buchholz_cut_1_drops_the_weakest_opponent():
    assert values(round_robin_state(), "BH-C1") == {1: 7, 2: 8, 3: 7, 4: 8}


def test_buchholz_median_1_drops_the_weakest_and_the_strongest_opponent():
    assert values(round_robin_state(), "BH-M1") == {1: 3, 2: 4, 3: 3, 4: 4}


def test_buchholz_on_game_points_sums_the_opponents_game_points():
    # T1 met 2 (6.5), 3 (6.5), 4 (4).
    assert values(round_robin_state(), "BH/GP")[1] == 17


def test_sonneborn_berger_for_teams_weights_opponents_by_match_points_won_against_them():
    # T1: 3x2 + 4x0 + 1x2 = 8; T3: 1x1 + 4x2 + 3x1 = 12.
    v = values(round_robin_state(), "SB")
    assert (v[1], v[3]) == (8, 12)


def test_extended_sonneborn_berger_weights_opponents_match_points_by_game_points():
    # T1: 3x2.5 + 4x1.5 + 1x3 = 16.5; T3: 1x2 + 4x2.5 + 3x2 = 18.
    v = values(round_robin_state(), "ESB")
    assert (v[1], v[3]) == (16.5, 18)


def test_matches_won_counts_match_wins():
    assert values(round_robin_state(), "WON") == {1: 2, 2: 1, 3: 1, 4: 0}


def test_direct_encounter_ranks_tied_teams_by_their_match_against_each_other():
    s = round_robin_state()
    de = get("DE").compute(s, frozenset({1, 3}))
    assert de == {1: (0.0,), 3: (2.0,)}


def test_direct_encounter_does_not_separate_a_group_that_has_not_all_met():
    a = Participant(1, history=(played(1, 2, W, 3),))
    b = Participant(2, history=(played(1, 1, B, 1),))
    c = Participant(
        3, history=(RoundRecord(1, Outcome.PAIRING_ALLOCATED_BYE, match_points=1, game_points=2),)
    )
    s = TournamentState(participants=(a, b, c))
    assert get("DE").compute(s, frozenset({1, 2, 3})) == {1: (0.0,), 2: (0.0,), 3: (0.0,)}


def test_standings_apply_the_tie_breaks_in_sequence():
    s = round_robin_state()
    rows = standings(s, ["BH", "SB"])
    assert [(r.rank, r.tpn) for r in rows] == [(1, 3), (2, 1), (3, 2), (4, 4)]
    assert rows[0].tiebreaks == {"BH": (8.0,), "SB": (12.0,)}


def test_standings_with_game_points_first_put_the_higher_game_score_ahead():
    rows = standings(round_robin_state(), ["GP", "DE"])
    assert [r.tpn for r in rows] == [1, 3, 2, 4]


def test_standings_use_direct_encounter_only_inside_the_still_tied_group():
    rows = standings(round_robin_state(), ["BH-C1", "DE"])
    assert [r.tpn for r in rows[:2]] == [3, 1]
    assert rows[0].tiebreaks["DE"] == (2.0,)


def test_teams_equal_on_everything_share_the_place():
    rows = standings(round_robin_state(), ["BH"])
    assert [(r.rank, r.tpn, r.shared) for r in rows[:2]] == [(1, 1, True), (1, 3, True)]
    assert rows[2].rank == 3


def test_unknown_tie_break_is_refused_with_the_known_names():
    with pytest.raises(ValueError, match="unknown tie-break 'XYZ'.*BH-C1"):
        standings(round_robin_state(), ["XYZ"])


def bye_state(policy=None):
    """R1: 1-2 3:1, 3 PAB (1 MP, 2 GP); R2: 1-3 2:2, 2 PAB."""
    pab = lambda r: RoundRecord(r, Outcome.PAIRING_ALLOCATED_BYE, match_points=1, game_points=2)  # noqa: E731
    t1 = Participant(1, history=(played(1, 2, W, 3), played(2, 3, B, 2)))
    t2 = Participant(2, history=(played(1, 1, B, 1), pab(2)))
    t3 = Participant(3, history=(pab(1), played(2, 1, W, 2)))
    options = {"tiebreak_unplayed": policy} if policy else {}
    return TournamentState(participants=(t1, t2, t3), options=options)


def test_buchholz_counts_an_unplayed_round_as_a_dummy_opponent_with_the_teams_own_score():
    # T2 (1 MP) met T1 (3 MP) and had a PAB: 3 + 1.
    assert values(bye_state(), "BH") == {1: 3, 2: 4, 3: 5}


def test_buchholz_can_count_an_unplayed_round_as_zero_or_skip_it():
    assert values(bye_state("zero"), "BH")[2] == 3
    assert values(bye_state("skip"), "BH")[2] == 3


def test_buchholz_cut_removes_a_voluntary_unplayed_round_before_a_lower_played_one():
    # T2 beat T1 (T1 ends on 1 MP), then was absent: dummy = own 2 MP, voluntary.
    pab = RoundRecord(2, Outcome.PAIRING_ALLOCATED_BYE, match_points=1, game_points=2)
    t1 = Participant(1, history=(played(1, 2, W, 1), pab))
    t2 = Participant(2, history=(played(1, 1, B, 3), RoundRecord(2, Outcome.ABSENT)))
    t3 = Participant(3, history=(RoundRecord(1, Outcome.ABSENT), RoundRecord(2, Outcome.ABSENT)))
    s = TournamentState(participants=(t1, t2, t3))
    assert values(s, "BH")[2] == 3
    # Cut-1 drops the absence (2), not the lower played contribution (1).
    assert values(s, "BH-C1")[2] == 1
    # T1: opponent T2 (2) and a PAB (dummy 1, not voluntary): the lowest value goes.
    assert values(s, "BH-C1")[1] == 2


def test_unknown_unplayed_policy_is_refused():
    with pytest.raises(ValueError, match="tiebreak_unplayed"):
        values(bye_state("half"), "BH")


def test_olympiad_1998_rule_2_extra_team_is_not_ranked_but_points_against_it_count():
    s = round_robin_state()
    parts = tuple(
        Participant(p.tpn, name=p.name, history=p.history, unranked=(p.tpn == 4)) for p in s.participants
    )
    s2 = TournamentState(participants=parts)
    rows = standings(s2, ["BH"])
    assert [(r.rank, r.tpn) for r in rows] == [(1, 1), (1, 3), (3, 2), (None, 4)]
    # T1's win against the extra team still counts: 4 MP.
    assert rows[0].match_points == 4


def test_crosstable_shows_game_points_and_board_one_colour_per_round():
    ct = crosstable(round_robin_state())
    assert [(c.opponent, c.colour, c.text) for c in ct[1]] == [
        (2, "w", "2.5"),
        (3, "b", "1.5"),
        (4, "w", "3"),
    ]


def test_olympiad_2007_rule_12_is_reached_through_the_registry():
    pytest.importorskip("engine.olympiad.tiebreaks")
    s = round_robin_state()
    tb = get("olympiad2007")
    assert tb.columns == ("12(a)", "12(b)", "12(c)")
    v = tb.compute(s, frozenset(s.by_tpn))
    # T1 met 2 (3 MP, 2.5 GP), 3 (4 MP, 1.5 GP), 4 (1 MP, 3 GP); the two lowest opponents (4, 2) are cut.
    assert v[1] == (4 * 1.5, 4.0, 7.0)


def test_olympiad_1998_rule_12_is_reached_through_the_registry_and_ranks_in_sequence():
    pytest.importorskip("engine.olympiad.tiebreaks")
    s = round_robin_state()
    tb = get("olympiad1998")
    assert len(tb.columns) == 4
    # T1: (a) opponents' GP 6.5 + 6.5 + 4 = 17; (b) 4 MP; (c) beat 2 (6.5) and 4 (4): 10.5; (d) fewer than 5 opponents: 0.
    assert tb.compute(s, frozenset(s.by_tpn))[1] == (17.0, 4.0, 10.5, 0.0)
    # T3 (tied with T1 on 4 MP): opponents' GP 4 + 7 + 6.5 = 17.5 puts it first;
    # (c) beat T1 (7), drew with T4 (4/2) and T2 (6.5/2): 12.25.
    rows = standings(s, ["olympiad1998"])
    assert (rows[0].tpn, rows[0].tiebreaks["olympiad1998"]) == (3, (17.5, 4.0, 12.25, 0.0))
