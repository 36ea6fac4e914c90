"""D.02 Article 8 and 9.4-9.5: floaters and Kept Pairings (the facts of the public description's examples).

Article numbers follow the public description: 8.2 below the Median Group
(upfloaters), 8.3 above it (downfloaters).
"""

from __future__ import annotations

from tests.engine.olympiad.d02_cards import card, pairs, run, written


def _floats(proc) -> list[tuple[int, str]]:
    return [(d.a.tpn, d.article) for d in proc.decisions if d.kind == "float"]


def test_d02_8_2_1_highest_ranked_floats_up_and_meets_the_lowest_ranked_it_may_meet():
    # 8 teams: the median team is the 5th, the 2-point group is the Median Group. 8 floats up;
    # it has met 7, so it meets 6; 5-7 is left.
    cards = [
        card(1, 4, "w"),
        card(2, 4, "b"),
        card(3, 4, "w"),
        card(4, 4, "b"),
        card(5, 2, "w"),
        card(6, 2, "b"),
        card(7, 2, "w", 8),
        card(8, 0, "b", 7),
    ]
    proc = run(cards)
    assert {frozenset((a.tpn, b.tpn)) for a, b in proc.pairs} == written("1-3 2-4 6-8 5-7")
    meets = next(d for d in proc.decisions if d.kind == "pair" and d.a.tpn == 8)
    assert (meets.b.tpn, meets.article) == (6, "D.02 8.2.1")


TWELVE = [
    card(1, 6, "w"),
    card(2, 6, "b"),
    card(3, 6, "w"),
    card(4, 6, "b"),
    card(5, 6, "w"),
    card(6, 4, "b"),
    card(7, 4, "w"),
    card(8, 2, "b"),
    card(9, 2, "w", 10),
    card(10, 2, "b", 9),
    card(11, 0, "w"),
    card(12, 0, "b"),
]


def _eight_met_the_group_above():
    """TWELVE where 8 has played 6 and 7, the two teams of the 4-point group above it (9 and 10 have not met)."""
    changed = [
        card(6, 4, "bw", 8),
        card(7, 4, "wb", 8),
        card(8, 2, "wb", 6, 7),
        card(9, 2, "w"),
        card(10, 2, "b"),
    ]
    return TWELVE[:5] + changed + TWELVE[10:]


def test_d02_8_2_2_the_next_team_floats_when_the_rest_could_not_be_paired():
    # The 2-point group (8, 9, 10) sends one team up: floating 8 would leave 9 and 10, who have met.
    proc = run(TWELVE)
    assert {frozenset((a.tpn, b.tpn)) for a, b in proc.pairs} == written("1-3 2-4 5-6 11-12 8-10 7-9")
    assert (9, "D.02 8.2.2") in _floats(proc)
    assert (5, "D.02 8.3.1") in _floats(proc)


def test_d02_8_2_3_a_floater_with_an_opponent_in_the_next_group_is_preferred():
    # 8 has played both teams of the 4-point group above it, so 9 floats up instead.
    cards = _eight_met_the_group_above()
    proc = run(cards)
    assert {frozenset((a.tpn, b.tpn)) for a, b in proc.pairs} == written("1-3 2-4 5-6 11-12 8-10 7-9")
    assert (9, "D.02 8.2.3") in _floats(proc)


def test_d02_8_2_4_no_team_below_can_reach_the_median_group_a_floater_from_above_meets_it():
    cards = [
        card(1, 6, "w"),
        card(2, 6, "b"),
        card(3, 6, "w"),
        card(4, 6, "b"),
        card(5, 6, "w"),
        card(6, 4, "wb", 8, 9, 10),
        card(7, 4, "bw", 8, 9, 10),
        card(8, 2, "bw", 6, 7),
        card(9, 2, "wb", 6, 7),
        card(10, 2, "b", 6, 7),
    ]
    assert pairs(cards) == written("1-3 2-4 9-10 5-8 6-7")


def test_d02_8_3_1_lowest_ranked_of_an_odd_group_floats_down_and_meets_the_highest_ranked_it_may_meet():
    # 3 floats down, has met 4, so meets 5; 8 floats up to 7; 4-6 is left.
    cards = [
        card(1, 6, "w"),
        card(2, 6, "b"),
        card(3, 6, "w", 4),
        card(4, 4, "b", 3),
        card(5, 4, "w"),
        card(6, 4, "b"),
        card(7, 4, "w"),
        card(8, 0, "b"),
    ]
    proc = run(cards)
    assert {frozenset((a.tpn, b.tpn)) for a, b in proc.pairs} == written("1-2 3-5 7-8 4-6")
    assert (3, "D.02 8.3.1") in _floats(proc)


def test_d02_8_3_2_above_the_median_the_next_lowest_floats_when_the_rest_could_not_be_paired():
    # 6-point group 1, 2, 3 with 1-2 met: floating 3 would leave 1 and 2, so 2 floats down.
    cards = [
        card(1, 6, "w", 2),
        card(2, 6, "b", 1),
        card(3, 6, "w"),
        card(4, 4, "b"),
        card(5, 4, "w"),
        card(6, 4, "b"),
        card(7, 4, "w"),
        card(8, 4, "b"),
    ]
    proc = run(cards)
    assert (2, "D.02 8.3.2") in _floats(proc)
    assert frozenset((1, 3)) in {frozenset((a.tpn, b.tpn)) for a, b in proc.pairs}


def test_d02_9_4_a_team_that_has_played_every_team_of_its_group_floats():
    # 1 has played 2, 3 and 4: it floats down; the group keeps 2-3 (9.5) and 4 floats too.
    cards = [
        card(1, 6, "wbw", 2, 3, 4),
        card(2, 6, "bwb", 1),
        card(3, 6, "wbw", 1),
        card(4, 6, "bwb", 1),
        card(5, 4, "w"),
        card(6, 4, "b"),
        card(7, 4, "w"),
        card(8, 4, "b"),
    ]
    proc = run(cards)
    assert {frozenset((a.tpn, b.tpn)) for a, b in proc.pairs} == written("2-3 1-5 4-6 7-8")
    assert (1, "D.02 9.4") in _floats(proc)


def test_d02_9_5_a_group_keeps_only_pairings_after_which_the_round_can_be_completed():
    # 1-2 would be the 9.3 pairing of the top group, but 3 and 4 have met each other and every team
    # below: only 1-3 and 2-4 leave a round that can be completed.
    cards = [
        card(1, 4, "w"),
        card(2, 4, "b"),
        card(3, 2, "w", 4, 5, 6),
        card(4, 2, "b", 3, 5, 6),
        card(5, 0, "w", 3, 4),
        card(6, 0, "b", 3, 4),
    ]
    assert pairs(cards) == written("1-3 2-4 5-6")


def test_d02_7_4_limits_disregarded_when_the_group_would_keep_fewer_pairings():
    # 1 and 2 both had White twice running: 7.3 bars them from meeting, and the group would float both.
    cards = [card(1, 4, "ww"), card(2, 4, "ww"), card(3, 2, "bw"), card(4, 2, "wb")]
    proc = run(cards)
    assert {frozenset((a.tpn, b.tpn)) for a, b in proc.pairs} == written("1-2 3-4")
    assert 4 in proc.limits_disregarded
    assert any(s.article == "D.02 7.4" for s in proc.steps)


def test_d02_7_4_option_colour_limits_lifted_fewer_pairings_or_only_when_no_floater():
    # 4 MP: 1-5, each with White twice running, so no pair among them keeps 7.3; 2 MP: 6-12 (the Median Group).
    cards = [card(t, 4, "ww") for t in range(1, 6)] + [card(t, 2) for t in range(6, 13)]
    # Default: within the limits the group keeps 0 pairings, without them 2: they go; 1-3, 2-4 (9.3), 5 floats.
    fewer = run(cards)
    assert {frozenset((a.tpn, b.tpn)) for a, b in fewer.pairs} == written("1-3 2-4 5-6 7-10 8-11 9-12")
    assert fewer.limits_disregarded == {4}
    # no_floater: five teams float one anyway, so the limits stay and all five float into the Median Group.
    narrow = run(cards, colour_limits_lifted="no_floater")
    assert {frozenset((a.tpn, b.tpn)) for a, b in narrow.pairs} == written("1-6 2-7 3-8 4-9 5-10 11-12")
    assert not narrow.limits_disregarded
    assert sorted(t for t, _ in _floats(narrow)) == [1, 2, 3, 4, 5]
    stayed = next(s for s in narrow.steps if s.article == "D.02 7.4")
    assert stayed.data["lifted"] is False and "paired within them" in stayed.message


def test_d02_7_4_no_floater_reading_lifts_the_limits_of_a_group_that_would_otherwise_pair_every_team():
    # The case of the default's test: without the limits the group pairs both its teams, within them neither.
    cards = [card(1, 4, "ww"), card(2, 4, "ww"), card(3, 2, "bw"), card(4, 2, "wb")]
    proc = run(cards, colour_limits_lifted="no_floater")
    assert {frozenset((a.tpn, b.tpn)) for a, b in proc.pairs} == written("1-2 3-4")
    assert proc.limits_disregarded == {4}


def test_d02_7_3_limits_kept_when_the_group_keeps_as_many_pairings_within_them():
    # 1 (WW) would meet 3 by 9.3 but 3 (WW) cannot take Black... both need Black: 1 meets 4 instead.
    cards = [card(1, 2, "ww"), card(2, 2, "bb"), card(3, 2, "ww"), card(4, 2, "bb")]
    proc = run(cards)
    assert {frozenset((a.tpn, b.tpn)) for a, b in proc.pairs} == written("1-4 2-3")
    assert not proc.limits_disregarded


def test_d02_8_2_3_option_floater_next_group_with_floaters_counts_the_floaters_sent_there():
    # 8 has met both teams of the 4-point group but not 5, which floated down into it.
    cards = _eight_met_the_group_above()
    own = run(cards)
    assert [t for t, _ in _floats(own) if t in (8, 9, 10)] == [9]
    wider = run(cards, floater_next_group="with_floaters")
    assert [t for t, _ in _floats(wider) if t in (8, 9, 10)] == [8]
    assert {frozenset((a.tpn, b.tpn)) for a, b in wider.pairs} >= written("5-8 9-10")


def test_d02_8_3_4_a_floater_nobody_of_its_new_group_can_take_floats_on():
    # 1 floats down from the 6-point group; it has played 2 and 3, the 4-point group, so it floats on to the
    # Median Group (2 points) and meets its highest ranked team, 4.
    cards = [
        card(1, 6, "wb", 2, 3),
        card(2, 4, "bw", 1),
        card(3, 4, "wb", 1),
        card(4, 2, "w"),
        card(5, 2, "b"),
        card(6, 2, "w"),
        card(7, 2, "b"),
        card(8, 2, "w"),
    ]
    proc = run(cards)
    assert {frozenset((a.tpn, b.tpn)) for a, b in proc.pairs} == written("2-3 1-4 5-7 6-8")
    assert _floats(proc) == [(1, "D.02 9.4"), (1, "D.02 8.3.4")]
