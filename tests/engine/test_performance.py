"""Performance rating Rp = Ra + dp, FIDE Rating Regulations table 8.1a (engine/performance.py)."""

from __future__ import annotations

import pytest

from engine.performance import DP_TABLE, dp, hundredths, performance


def test_table_8_1a_reference_values():
    assert (dp(100), dp(99), dp(90), dp(75), dp(67), dp(51), dp(50)) == (800, 677, 366, 193, 125, 7, 0)


def test_table_8_1a_below_one_half_is_the_negative_of_its_complement():
    assert dp(33) == -125
    assert dp(0) == -800
    assert all(dp(100 - p) == -dp(p) for p in range(50, 101))


def test_table_8_1a_rises_with_the_score():
    values = [DP_TABLE[p] for p in range(50, 101)]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_p_is_rounded_to_two_decimals_half_up():
    assert hundredths(2, 3) == 67  # 0.6667
    assert hundredths(1, 3) == 33
    assert hundredths(5.5, 8) == 69  # 0.6875
    assert hundredths(1, 8) == 13  # 0.125 -> 0.13, half up


def test_rp_is_the_rounded_average_plus_dp():
    # 2 of 3 against 2400, 2300, 2201: Ra = 2300.33 -> 2300, p = 0.67 -> dp 125
    rp = performance([2400, 2300, 2201], 2)
    assert (rp.average, rp.p, rp.dp, rp.rating, rp.games) == (2300, 67, 125, 2425, 3)


def test_rp_of_a_perfect_and_of_a_zero_score():
    assert performance([2000], 1).rating == 2800
    assert performance([2000, 2100], 0).rating == 1250


def test_no_game_no_performance():
    assert performance([], 0) is None


def test_points_beyond_the_games_are_refused():
    with pytest.raises(ValueError):
        performance([2000], 1.5)
