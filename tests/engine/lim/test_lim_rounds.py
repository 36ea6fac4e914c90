"""Lim 7, 8, 9.2, 9.3, 9.6, 13: pairing numbers, the bye, score-groups, the median group, transfers."""

from dataclasses import replace

import pytest

from engine.api import pair
from engine.lim.context import LimContext
from engine.result import PairingImpossible
from engine.state import Colour
from tests.engine.lim.helpers import Event, against_standins, articles, colours_of, facts, fresh, pairs_of

W, B = Colour.WHITE, Colour.BLACK


def P(*pairs):
    return {frozenset(p) for p in pairs}


@pytest.mark.parametrize("team", [False, True])
def test_lim_7_9_4_round_1_pairs_the_top_half_against_the_bottom_half_by_pairing_number(team):
    rp = pair(fresh(8, team=team))
    assert [(p.white, p.black) for p in rp.pairs] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert rp.bye is None


def test_lim_12_the_lot_of_round_1_is_the_initial_colour_of_player_1():
    rp = pair(fresh(8, initial_colour=B))
    assert [(p.white, p.black) for p in rp.pairs] == [(5, 1), (2, 6), (7, 3), (4, 8)]


def test_lim_8_1_bye_goes_to_the_lowest_ranked_player_of_the_lowest_score_group():
    rp = pair(fresh(7))
    assert rp.bye == 7
    assert pairs_of(rp) == P((1, 4), (2, 5), (3, 6))
    assert "Lim 8.1" in articles(rp)


def test_lim_8_2_no_second_bye_and_no_bye_after_a_win_by_default():
    # 5 won by default against 1 in round 1, 4 had the bye: both are passed over.
    st = Event(5).round((2, 3, 1), forfeits=[(5, 1)], byes=[4]).round((5, 2, 0), (3, 4, 1), byes=[1]).state()
    rp = pair(st)
    assert rp.bye == 3
    step = next(s for s in rp.explanation if s.article == "Lim 8.1")
    assert "[5, 4]" in step.message and "Lim 8.2" in step.message


def test_lim_8_2_the_bye_climbs_to_the_next_score_group_when_the_lowest_has_all_had_one():
    st = (
        Event(5)
        .round((1, 2, 1), (3, 4, 1), byes=[5])
        .round((5, 1, 0), (2, 3, 0), byes=[4])
        .round((1, 3, 1), (4, 5, 1), byes=[2])
        .state()
    )
    # scores: 1:3, 3:2, 4:2, 5:1, 2:1 -- 5 and 2 had byes, so does 4: the bye is 3's.
    assert pair(st).bye == 3


def test_lim_8_3_a_forfeited_game_is_no_meeting_and_gives_no_colour():
    st = Event(4).round((2, 3, 1), forfeits=[(1, 4)]).state()
    ctx = LimContext.build(st)
    assert ctx.players[1].colours == () and not ctx.met(1, 4)


@pytest.mark.parametrize(("team", "median"), [(False, 1.5), (True, 3.0)])
def test_lim_9_2_the_median_score_is_half_the_rounds_played(team, median):
    ev = Event(4, team=team)
    for _ in range(3):
        ev.round((1, 2, 1), (3, 4, 0.5))
    assert LimContext.build(ev.state()).median == median


def eight(team=False):
    return (
        Event(8, team=team)
        .round((1, 5, 1), (3, 7, 0), (6, 2, 1), (8, 4, 0.5))
        .round((2, 8, 1), (4, 6, 0.5), (5, 3, 0), (7, 1, 0))
        .round((1, 6, 0.5), (3, 2, 0), (7, 4, 0), (8, 5, 0))
        .state()
    )


def test_lim_9_2_groups_above_the_median_are_paired_downward_then_from_the_bottom_upward_median_last():
    rp = pair(eight())
    groups = [s.data["group"] for s in rp.explanation if s.article == "Lim 9.2" and "group" in s.data]
    assert groups == [
        "score-group 2.5",
        "score-group 2",
        "score-group 0.5",
        "score-group 1",
        "median score-group",
    ]
    assert [s.data["downward"] for s in rp.explanation if s.article == "Lim 9.2" and "group" in s.data] == [
        True, True, False, False, True,
    ]  # fmt: skip


@pytest.mark.parametrize("team", [False, True])
def test_lim_9_2_with_no_player_on_the_median_score_the_floaters_of_both_passes_meet_there(team):
    rp = pair(Event(6, team=team).round((1, 4, 1), (2, 5, 1), (3, 6, 1)).state())
    # 1-3 all due Black: the lowest numbered, 3, floats down (10.2); 4 floats up (10.2).
    assert pairs_of(rp) == P((1, 2), (3, 4), (5, 6))
    assert colours_of(rp) == {2: W, 1: B, 4: W, 3: B, 6: W, 5: B}


@pytest.mark.parametrize("team", [False, True])
def test_lim_9_3_a_players_who_played_all_their_score_group_are_transferred(team):
    st = Event(4, team=team).round((1, 3, 1), (2, 4, 1)).round((2, 1, 0.5), (4, 3, 0.5)).state()
    rp = pair(st)
    transfers = [s.data["tpn"] for s in rp.explanation if s.article == "Lim 9.3(a)"]
    assert transfers == [1, 2, 4, 3]
    assert pairs_of(rp) == P((1, 4), (2, 3))
    assert colours_of(rp) == {1: W, 4: B, 3: W, 2: B}


def test_lim_13_in_the_last_round_same_score_pairings_take_priority_over_colours():
    ev = Event(4).round((1, 3, 1), (2, 4, 1)).round((1, 4, 1), (2, 3, 1))
    # 1 and 2 had White twice, 3 and 4 Black twice; every other pairing is a rematch.
    rp = pair(ev.state(rounds=3))
    assert pairs_of(rp) == P((1, 2), (3, 4))
    assert "Lim 13" in articles(rp)
    assert not any(s.data.get("colours_relaxed") for s in rp.explanation)


def test_lim_9_1_before_the_last_round_colours_yield_only_when_nothing_else_pairs():
    ev = Event(4).round((1, 3, 1), (2, 4, 1)).round((1, 4, 1), (2, 3, 1))
    rp = pair(ev.state(rounds=9))
    assert pairs_of(rp) == P((1, 2), (3, 4))
    assert any(s.data.get("colours_relaxed") for s in rp.explanation)


def test_lim_9_1_a_rematch_is_never_made_the_engine_reports_no_pairing_instead():
    st = Event(4).round((1, 3, 1), (2, 4, 1)).round((1, 4, 1), (2, 3, 1)).round((1, 2, 1), (3, 4, 1)).state()
    with pytest.raises(PairingImpossible):
        pair(st)


def test_lim_9_3_c_a_player_with_no_compatible_colour_partner_is_transferred():
    # 1 and 2 had White twice (must have Black); 3 can take White.
    st = Event(6).round((1, 4, 1), (2, 5, 1), (6, 3, 0)).round((1, 5, 1), (2, 6, 1), (3, 4, 1)).state()
    rp = pair(st)
    # 1-2 cannot be paired (both must have Black), so 2 floats (1 keeps 3): Lim 10.10 / 11.4.
    assert pairs_of(rp) == P((1, 3), (2, 4), (5, 6))
    assert colours_of(rp)[1] is B and colours_of(rp)[2] is B


@pytest.mark.parametrize("team", [False, True])
def test_lim_9_6_a_blocked_median_group_cracks_the_next_pairing_of_the_higher_group(team):
    st = (
        Event(6, team=team)
        .round((3, 4, 1), (1, 5, 1), (2, 6, 1))
        .round((3, 1, 0), (5, 2, 0), (6, 4, 0))
        .state()
    )
    rp = pair(st)
    # median group {3, 4} already met; as many floaters from below as from above (0 = 0):
    # the pairing 1-2 of the higher group is cracked.
    crack = next(s for s in rp.explanation if s.article == "Lim 9.6")
    assert crack.data["cracked"] == [1, 2]
    assert pairs_of(rp) == P((1, 4), (2, 3), (5, 6))


@pytest.mark.parametrize("team", [False, True])
def test_lim_9_6_cracks_the_lower_group_when_more_floaters_came_from_above(team):
    rp = pair(eight(team))
    # 6 (played all of score-group 2) and 4 (parity floater) come down to the empty median
    # group and have met: 2 floaters from above, 0 from below -> crack the lower group.
    crack = next(s for s in rp.explanation if s.article == "Lim 9.6")
    assert facts(crack) == {"cracked": [7, 5], "group": "score-group 2" if team else "score-group 1"}
    assert pairs_of(rp) == P((1, 2), (3, 8), (4, 5), (6, 7))


def test_lim_8_1_absent_and_withdrawn_players_are_not_paired_nor_given_the_bye():
    rp = pair(fresh(8, unavailable=frozenset({8})))
    assert rp.bye == 7 and pairs_of(rp) == P((1, 4), (2, 5), (3, 6))
    st = fresh(8, unavailable=frozenset({3}))
    st = replace(st, participants=st.participants[:7] + (replace(st.participants[7], withdrawn=True),))
    rp = pair(st)
    assert rp.bye is None and pairs_of(rp) == P((1, 5), (2, 6), (4, 7))


def test_lim_8_1_a_single_player_gets_the_bye_and_an_empty_round_pairs_nobody():
    assert pair(fresh(1)).bye == 1
    empty = pair(fresh(2, unavailable=frozenset({1, 2})))
    assert empty.pairs == [] and empty.bye is None


@pytest.mark.parametrize(
    ("options", "word"), [({"maxi": "yes"}, "maxi"), ({"maxi": True, "maxi_limit": -5}, "maxi_limit")]
)
def test_lim_options_bad_values_are_refused_with_a_message_naming_the_option(options, word):
    with pytest.raises(ValueError, match=word):
        pair(fresh(4, options=options))


def two_must_have_black():
    """Score-group 3 = {1, 2}: 1 is two Whites up (W W B W), 2 had White twice running (B B W W)."""
    return against_standins(
        {
            1: [(W, 1), (W, 1), (B, 0), (W, 1)],
            2: [(B, 1), (B, 1), (W, 0), (W, 1)],
            3: [(W, 1), (B, 1), (W, 0), (B, 0)],
            4: [(B, 1), (W, 1), (B, 0), (W, 0)],
            5: [(W, 1), (B, 0), (W, 0), (B, 0)],
            6: [(B, 1), (W, 0), (B, 0), (W, 0)],
        }
    )


def test_lim_9_3_b_a_player_two_colours_up_with_no_opponent_for_the_other_colour_is_transferred():
    rp = pair(two_must_have_black())
    reasons = {s.data["tpn"]: s.article for s in rp.explanation if s.article.startswith("Lim 9.3")}
    assert reasons == {1: "Lim 9.3(b)", 2: "Lim 9.3(c)"}
    assert frozenset((1, 2)) not in pairs_of(rp)
    assert pairs_of(rp) == P((1, 3), (2, 4), (5, 6))


def test_lim_12_1_b_no_player_is_given_three_more_of_one_colour():
    st = two_must_have_black()
    # W W B W: a fourth White is not a third in a row, but it would make three more Whites than Blacks.
    assert LimContext.build(st).players[1].breaks(W) == ["12.1(b)"]
    assert colours_of(pair(st))[1] is B


@pytest.mark.parametrize("team", [False, True])
def test_lim_9_3_d_an_odd_score_group_transfers_one_player_to_make_it_even(team):
    # After round 1: score-group 1 = {1, 2, 3} (paired downward), score-group 0 = {4, 5, 6}
    # (paired upward); nobody has the median score 0.5.
    rp = pair(Event(6, team=team).round((1, 4, 1), (2, 5, 1), (3, 6, 1)).state())
    parity = [(s.data["tpn"], s.message) for s in rp.explanation if s.article == "Lim 9.3(d)"]
    assert [t for t, _ in parity] == [3, 4]  # one player from each odd group, none more
    assert "floats downward" in parity[0][1] and "floats upward" in parity[1][1]
    # What is left of each group is even and paired within it; the two floaters meet.
    assert pairs_of(rp) == P((1, 2), (5, 6), (3, 4))
