"""The worked examples of the Olympiad Pairing Rules (2022, D.02): the 9.3 table and the 88 teams of 6.4."""

from __future__ import annotations

import pytest

from engine.olympiad.d02.groups import make_groups, median_place
from engine.olympiad.orders import rule36_opponents
from tests.engine.olympiad.d02_cards import card, pairs, written

# D.02 9.3: the fifteen pairings of a group of six teams, in the order they are tried.
# (The printed table's row 4 has a misprint "3 x 5" where only 3 x 6 is left.)
TABLE_9_3 = [
    "1-4 2-5 3-6",
    "1-4 2-6 3-5",
    "1-4 2-3 5-6",
    "1-5 2-4 3-6",
    "1-5 2-6 3-4",
    "1-5 2-3 4-6",
    "1-6 2-4 3-5",
    "1-6 2-5 3-4",
    "1-6 2-3 4-5",
    "1-3 2-5 4-6",
    "1-3 2-6 4-5",
    "1-3 2-4 5-6",
    "1-2 3-5 4-6",
    "1-2 3-6 4-5",
    "1-2 3-4 5-6",
]


def _all_in_order(seq: list[int]) -> list[str]:
    if not seq:
        return [""]
    out = []
    for opp in rule36_opponents(seq):
        rest = [t for t in seq if t not in (seq[0], opp)]
        out += [f"{seq[0]}-{opp} {tail}".strip() for tail in _all_in_order(rest)]
    return out


def test_d02_9_3_six_team_table_is_the_order_of_9_1_to_9_3():
    assert _all_in_order([1, 2, 3, 4, 5, 6]) == TABLE_9_3


def test_d02_9_3_first_team_tries_bottom_half_then_top_half_upwards():
    assert [t for t in rule36_opponents([1, 2, 3, 4, 5, 6])] == [4, 5, 6, 3, 2]


@pytest.mark.parametrize("row", range(len(TABLE_9_3)))
def test_d02_9_3_six_team_table_row_by_row(row):
    """With every pairing of the rows above made impossible (the teams have met), the group of six
    is paired by exactly this row: the first of the table that can be made."""
    wanted = written(TABLE_9_3[row])
    blocked = set().union(*(written(r) for r in TABLE_9_3[:row])) - wanted
    met = {t: [o for pair in blocked if t in pair for o in pair if o != t] for t in range(1, 7)}
    cards = [card(t, 0.0, "", *met[t]) for t in range(1, 7)]
    assert pairs(cards) == wanted


def test_d02_9_3_first_pairing_a_rematch_takes_the_next_row():
    # 1 has met 4: row 4 of the table (1-5, 2-4, 3-6).
    cards = [card(1, 0, "", 4), card(2), card(3), card(4, 0, "", 1), card(5), card(6)]
    assert pairs(cards) == written("1-5 2-4 3-6")


def test_d02_6_4_eighty_eight_teams_median_group():
    # Places 43-44 have 11 points, 45-46 have 10: the median team is the 45th, the Median Group 10 points.
    mp = [12] * 40 + [11] * 4 + [10] * 16 + [5] * 28
    cards = [card(i + 1, m) for i, m in enumerate(mp)]
    groups, middle, median_team = make_groups(cards)
    assert median_place(88) == 45
    assert median_team.tpn == 45
    assert groups[middle].mp == 10


def test_d02_6_4_median_team_of_an_odd_number_is_the_middle_one():
    assert median_place(7) == 4
    cards = [card(t, m) for t, m in zip(range(1, 8), [4, 4, 4, 2, 0, 0, 0], strict=True)]
    _, middle, median_team = make_groups(cards)
    assert median_team.tpn == 4
    assert middle == 1


def test_d02_6_4_order_top_down_then_bottom_up_then_median():
    from engine.olympiad.d02.groups import processing_order

    cards = [card(t, m) for t, m in zip(range(1, 11), [8, 6, 6, 4, 4, 4, 2, 2, 0, 0], strict=True)]
    groups, middle, _ = make_groups(cards)
    assert [groups[i].mp for i in processing_order(groups, middle)] == [8, 6, 0, 2, 4]


def test_d02_6_4_option_median_teams_paired_or_with_the_bye():
    # Nine teams; the teams ranked below 4 may not have the bye, so 4 has it.
    mp = [4, 4, 4, 4, 2, 0, 0, 0, 0]
    everyone = [card(t, m) for t, m in zip(range(1, 10), mp, strict=True)]
    paired = [c for c in everyone if c.tpn != 4]
    # "paired": the 5th of the eight paired teams is 6 (0 points);
    groups, middle, median_team = make_groups(paired)
    assert (median_team.tpn, groups[middle].mp) == (6, 0)
    # "with_bye": the 5th of all nine is 5 (2 points).
    groups, middle, median_team = make_groups(paired, everyone)
    assert (median_team.tpn, groups[middle].mp) == (5, 2)


def test_d02_options_of_the_older_texts_are_not_read_and_said_so():
    from engine import systems
    from tests.engine.olympiad.builders import tournament

    state = tournament(6, version="2022", options={"section": "women", "imaginary_points": False})
    pairing = systems.get("olympiad").pair(state)
    assert any(
        "not read under the 2022 rules" in s.message and "section" in s.message for s in pairing.explanation
    )
    plain = systems.get("olympiad").pair(tournament(6, version="2022"))
    assert [(p.white, p.black) for p in pairing.pairs] == [(p.white, p.black) for p in plain.pairs]
