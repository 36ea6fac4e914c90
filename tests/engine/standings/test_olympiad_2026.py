"""The 2026 Chess Olympiad's tie-breaks (``olympiad2026``) on a hand-computed event.

Five teams, three rounds, 4 boards, 2/1/0 match points; the bye 1 MP + 2 GP (D.02 4).

R1: 1-2 3:1, 3-4 2:2, 5 bye.
R2: 1-3 2.5:1.5, 2-5 won by 2 by forfeit (4:0), 4 bye.
R3: 1-4 1.5:2.5, 3-5 3.5:0.5, 2 bye; 5 then withdraws.

MP: T1 4, T2 3, T3 3, T4 4, T5 1.  GP: T1 7, T2 7, T3 7, T4 6.5, T5 2.5.
"""

import pytest

from engine.standings import get, standings
from engine.standings.parts import parts
from engine.state import Colour, Outcome, Participant, RoundRecord, TournamentState

W, B = Colour.WHITE, Colour.BLACK


def played(rnd, opp, colour, gp):
    mp = 2.0 if gp > 2 else 1.0 if gp == 2 else 0.0
    return RoundRecord(rnd, Outcome.PLAYED, opp, colour, mp, gp)


def bye(rnd):
    return RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, match_points=1.0, game_points=2.0)


def olympiad_2026_event(**options):
    teams = {
        1: [played(1, 2, W, 3), played(2, 3, W, 2.5), played(3, 4, B, 1.5)],
        2: [played(1, 1, B, 1), RoundRecord(2, Outcome.FORFEIT_WIN, 5, None, 2.0, 4.0), bye(3)],
        3: [played(1, 4, W, 2), played(2, 1, B, 1.5), played(3, 5, W, 3.5)],
        4: [played(1, 3, B, 2), bye(2), played(3, 1, W, 2.5)],
        5: [bye(1), RoundRecord(2, Outcome.FORFEIT_LOSS, 2, None, 0.0, 0.0), played(3, 3, B, 0.5)],
    }
    participants = tuple(
        Participant(t, name=f"Team {t}", history=tuple(h), withdrawn=t == 5) for t, h in teams.items()
    )
    return TournamentState(participants=participants, options=options)


def values(state):
    return get("olympiad2026").compute(state, frozenset(state.by_tpn))


def test_olympiad_2026_columns_are_olympiad_sb_cut_1_game_points_and_opponents_mp_cut_1():
    tb = get("olympiad2026")
    assert tb.columns == ("OSB-C1", "GP", "BH/MP-C1")
    assert tb.label == "Chess Olympiad 2026 (MP, Olympiad SB cut 1, GP, opponents' MP cut 1)"


def test_olympiad_2026_sb_cuts_the_opponent_with_the_fewest_match_points_not_the_smallest_product():
    # T1: T2 3 MP x 3 = 9, T3 3 MP x 2.5 = 7.5, T4 4 MP x 1.5 = 6. The fewest match points are
    # T2's and T3's; of those the smaller product (7.5) goes, not T4's 6: 9 + 6 = 15.
    assert values(olympiad_2026_event())[1][0] == 15


def test_olympiad_2026_sb_counts_a_withdrawn_opponent_with_the_match_points_it_finished_with():
    # T3: T4 4 x 2 = 8, T1 4 x 1.5 = 6, T5 (withdrawn, 1 MP) x 3.5 = 3.5, cut: 8 + 6 = 14.
    assert values(olympiad_2026_event())[3][0] == 14


def test_olympiad_2026_sb_counts_the_bye_and_a_forfeit_win_against_a_dummy_with_the_team_s_own_mp():
    # T2 (3 MP): T1 4 x 1 = 4, forfeit win 3 x 4 = 12, bye 3 x 2 = 6 (cut: 3 MP, the smaller product).
    # T4 (4 MP): T3 3 x 2 = 6 (cut), bye 4 x 2 = 8, T1 4 x 2.5 = 10.
    v = values(olympiad_2026_event())
    assert (v[2][0], v[4][0]) == (16, 18)


def test_olympiad_2026_sb_cuts_a_forfeit_loss_first_as_a_voluntary_unplayed_round():
    # T5 (1 MP): bye 1 x 2 = 2, forfeit loss 1 x 0 = 0 (voluntary: cut first), T3 3 x 0.5 = 1.5.
    assert values(olympiad_2026_event())[5][0] == 3.5


def test_olympiad_2026_game_points_column_is_the_game_points_scored():
    assert {t: v[1] for t, v in values(olympiad_2026_event()).items()} == {1: 7, 2: 7, 3: 7, 4: 6.5, 5: 2.5}


def test_olympiad_2026_opponents_mp_cut_1_drops_the_opponent_with_the_fewest_match_points():
    # T1 3+3+4, T2 4+3+3 (two dummies), T3 4+4+1, T4 3+4+4, T5 1+1+3 (the forfeit loss cut first).
    assert {t: v[2] for t, v in values(olympiad_2026_event()).items()} == {1: 7, 2: 7, 3: 8, 4: 8, 5: 4}


def test_olympiad_2026_unplayed_rounds_count_zero_under_the_zero_reading():
    # T2: 4 x 1 = 4, forfeit win 0 x 4, bye 0 x 2 (one cut) = 4; T4: 6 + 0 (bye, cut) + 10 = 16.
    v = values(olympiad_2026_event(tiebreak_unplayed="zero"))
    assert (v[2][0], v[4][0]) == (4, 16)
    assert (v[2][2], v[4][2]) == (4, 7)


def test_olympiad_2026_ranks_by_match_points_then_olympiad_sb():
    rows = standings(olympiad_2026_event(), ["olympiad2026"])
    assert [r.tpn for r in rows] == [4, 1, 2, 3, 5]
    assert rows[0].tiebreaks["olympiad2026"] == (18, 6.5, 8)


@pytest.mark.parametrize("tpn", [1, 2, 3, 4, 5])
def test_olympiad_2026_parts_sum_to_each_value(tpn):
    state = olympiad_2026_event()
    columns = parts(state, "olympiad2026", tpn)
    assert [c.column for c in columns] == ["OSB-C1", "GP", "BH/MP-C1"]
    for column, value in zip(columns, values(state)[tpn], strict=True):
        assert column.value == value
        assert column.total == pytest.approx(value), (column.column, column.parts)


def test_olympiad_2026_parts_show_the_arithmetic_and_the_cut_opponent():
    osb, _, bh = parts(olympiad_2026_event(), "olympiad2026", 1)
    assert [(p.round, p.opponent, p.how, p.value, p.counted) for p in osb.parts] == [
        (1, 2, "3 × 3", 9, True),
        (2, 3, "3 × 2.5", 7.5, False),
        (3, 4, "4 × 1.5", 6, True),
    ]
    assert [p.note for p in osb.parts] == ["", "cut", ""]
    assert [p.counted for p in bh.parts].count(False) == 1
