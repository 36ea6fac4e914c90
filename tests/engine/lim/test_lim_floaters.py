"""Lim 10: floater selection, floater types, the order floaters are paired in, last round's floaters."""

import pytest

from engine.api import pair
from engine.lim.context import LimContext
from engine.lim.exchange import Member
from engine.lim.floaters import floater_order, floater_type, has_opponent_in_adjacent
from tests.engine.lim.helpers import Event, pairs_of


def P(*pairs):
    return {frozenset(p) for p in pairs}


def parity_floaters(rp):
    return [s.data["tpn"] for s in rp.explanation if s.article == "Lim 9.3(d)"]


@pytest.mark.parametrize("team", [False, True])
def test_lim_10_2_the_floater_tends_to_equalise_the_players_due_each_colour(team):
    # Score-group 1: 1 and 2 due Black, 3 due White -> 2, the lowest numbered due Black.
    # Score-group 0 (upward): 4 and 5 due White, 6 due Black -> 4, the highest numbered due White.
    rp = pair(Event(6, team=team).round((1, 4, 1), (2, 5, 1), (6, 3, 0)).state())
    assert parity_floaters(rp) == [2, 4]
    assert pairs_of(rp) == P((1, 3), (2, 4), (5, 6))


def test_lim_10_2_maxi_the_colour_choice_must_stay_within_100_points_of_the_lowest_numbered_player():
    ratings = {1: 2500, 2: 2400, 3: 2250, 4: 2200, 5: 2100, 6: 2000}
    st = Event(6, ratings=ratings).round((1, 4, 1), (2, 5, 1), (6, 3, 0)).state(options={"maxi": True})
    rp = pair(st)
    assert parity_floaters(rp)[0] == 3  # 2400 - 2250 > 100: the lowest numbered floats
    assert pairs_of(rp) == P((1, 2), (3, 4), (5, 6))


def test_lim_10_2_with_as_many_due_white_as_due_black_the_lowest_numbered_player_floats():
    # 1 due Black, 3 due White, 2 had the bye (no colour): 3 floats down.
    rp = pair(Event(5).round((1, 4, 1), (5, 3, 0), byes=[2]).state())
    assert parity_floaters(rp)[0] == 3
    assert pairs_of(rp) == P((1, 2), (3, 4))


def test_lim_10_3_a_compatible_opponent_counts_only_after_higher_floaters_took_theirs():
    st = Event(6).round((1, 4, 0.5), (2, 5, 0.5), (3, 6, 0.5)).state()
    ctx = LimContext.build(st)
    # 1 (a floater ranking before 3) can only meet 5; so can 3 if only 5 is there.
    assert has_opponent_in_adjacent(ctx, 3, [4, 5], [1], downward=True)
    assert not has_opponent_in_adjacent(ctx, 3, [5], [1], downward=True)
    assert has_opponent_in_adjacent(ctx, 3, [5], [], downward=True)
    # Lim 10.4 pairing upward: 1 ranks after 3 (higher pairing number), so it is not set aside.
    assert has_opponent_in_adjacent(ctx, 3, [5], [1], downward=False)


def test_lim_10_9_the_four_floater_types():
    st = Event(6).round((1, 4, 0.5), (2, 5, 0.5), (3, 6, 0.5)).state()
    ctx = LimContext.build(st)
    assert floater_type(ctx, 1, True, [4], [], True) == "a"
    assert floater_type(ctx, 1, True, [5], [], True) == "b"
    assert floater_type(ctx, 1, False, [4], [], True) == "c"
    assert floater_type(ctx, 1, False, [5], [], True) == "d"


def test_lim_10_4_10_9_pairing_upward_a_floater_without_an_opponent_above_is_exchanged():
    st = (
        Event(6)
        .round((1, 4, 0.5), (3, 6, 0), (5, 2, 0.5))
        .round((2, 3, 1), (4, 5, 0.5), (6, 1, 1))
        .round((3, 1, 0), (4, 2, 0), (5, 6, 0))
        .state()
    )
    rp = pair(st)
    # Score-group 1 = {4, 5} + 3 floated up: 4, the highest numbered resident, has met
    # the only player above (1): type c; 5 (type d) floats instead (Lim 10.5).
    step = next(s for s in rp.explanation if s.article == "Lim 9.3(d)" and s.data["tpn"] == 5)
    assert step.data["floater_type"] == "d" and "4 (type c)" in step.message
    assert P((1, 5)) <= pairs_of(rp)


def test_lim_10_9_a_player_who_already_floated_into_the_group_is_not_floated_again():
    st = (
        Event(5)
        .round((1, 3, 1), (4, 2, 1), byes=[5])
        .round((2, 1, 1), (5, 4, 0), byes=[3])
        .round((3, 5, 1), (4, 1, 1), byes=[2])
        .state()
    )
    rp = pair(st)
    step = next(s for s in rp.explanation if s.article == "Lim 9.3(d)" and s.data["tpn"] == 2)
    assert "4 (type a)" in step.message
    assert pairs_of(rp) == P((3, 4), (2, 5))


def test_lim_10_10_a_player_who_floated_last_round_is_not_the_parity_floater_again():
    st = Event(6).round((1, 4, 0.5), (3, 6, 0.5), (5, 2, 0)).round((2, 1, 1), (4, 3, 0), (6, 5, 1)).state()
    rp = pair(st)
    # 6 (score-group 1.5) and 1 (score-group 0.5) floated in round 2: 3 and 4 float instead.
    assert parity_floaters(rp) == [2, 3, 5, 4]
    assert all(
        "Lim 10.10" in s.message
        for s in rp.explanation
        if s.article == "Lim 9.3(d)" and s.data["tpn"] in (3, 4)
    )


def test_lim_10_6_and_10_7_floaters_are_paired_first_in_the_printed_order():
    st = Event(8).round((1, 5, 1), (2, 6, 1), (3, 7, 0.5), (4, 8, 0.5)).state()
    ctx = LimContext.build(st)
    members = [
        Member(7, "UF"),
        Member(3, "DF"),
        Member(5, "UF"),
        Member(2, "DF"),
        Member(1, "DF"),
        Member(8, "UF"),
    ]
    # 10.6-10.6.2: DF with the highest score first, then the highest pairing number;
    # 10.7-10.7.2: UF with the lowest score first, then the lowest pairing number.
    down = [m.tpn for m in floater_order(ctx, members, downward=True)]
    assert down == [1, 2, 3, 5, 8, 7]  # 10.6.3: DF, then UF
    up = [m.tpn for m in floater_order(ctx, members, downward=False)]
    assert up == [5, 8, 7, 1, 2, 3]  # 10.7.3: UF, then DF


@pytest.mark.parametrize("team", [False, True])
def test_lim_10_8_a_floater_meets_the_highest_numbered_player_due_the_alternate_colour(team):
    st = Event(6, team=team).round((1, 4, 1), (2, 5, 0.5), (6, 3, 0.5)).state()
    rp = pair(st)
    # 1 (due Black) floats into the median group {2, 3, 5, 6}: 2 is due Black too, 3 is not.
    assert pairs_of(rp) == P((1, 3), (2, 4), (5, 6))
    step = next(s for s in rp.explanation if s.article == "Lim 10.8" and s.data["player"] == 1)
    assert "due the alternate colour" in step.message


def test_lim_10_8_maxi_the_exchange_for_colour_needs_ratings_within_100_points():
    ratings = {1: 2600, 2: 2580, 3: 2450, 4: 2300, 5: 2400, 6: 2350}
    st = Event(6, ratings=ratings).round((1, 4, 1), (2, 5, 0.5), (6, 3, 0.5)).state(options={"maxi": True})
    assert pairs_of(pair(st)) == P((1, 2), (4, 6), (3, 5))


def test_lim_10_1_players_without_a_compatible_opponent_in_spite_of_exchanges_float_to_the_next_group():
    from tests.engine.lim.helpers import scripted

    # 1-4 on 2 points have met 1-2, 1-4, 2-4: only 3 is left for each of them. 5-8 on 1.5
    # (the median) met only stand-ins. Nobody is transferred before pairing (9.3: each has 3).
    st = scripted(
        [
            [
                (1, 2, 0.5),
                (3, None, 1),
                (None, 4, 0),
                (5, None, 0.5),
                (None, 6, 0.5),
                (7, None, 0.5),
                (None, 8, 0.5),
            ],
            [
                (4, 1, 0.5),
                (2, None, 1),
                (None, 3, 0.5),
                (None, 5, 0.5),
                (6, None, 0.5),
                (None, 7, 0.5),
                (8, None, 0.5),
            ],
            [
                (2, 4, 0.5),
                (1, None, 1),
                (None, 3, 0.5),
                (5, None, 0.5),
                (None, 6, 0.5),
                (7, None, 0.5),
                (None, 8, 0.5),
            ],
        ]
    )
    rp = pair(st)
    # 1 keeps 3 (11.4); 2 and 4 are floaters by 10.1 and are paired in the median group.
    step = next(s for s in rp.explanation if s.article == "Lim 11.4")
    assert step.data["tpns"] == [2, 4] and "(Lim 10.1)" in step.message
    median = next(s for s in rp.explanation if s.data.get("group") == "median score-group")
    assert median.data["incoming"] == {2: "DF", 4: "DF"}
    opponent = {t: u for p in rp.pairs for t, u in ((p.white, p.black), (p.black, p.white))}
    assert opponent[1] == 3
    assert opponent[2] in {5, 6, 7, 8} and opponent[4] in {5, 6, 7, 8}


def test_lim_10_5_a_proposed_floater_without_an_opponent_below_is_exchanged_for_another_player():
    from tests.engine.lim.helpers import scripted

    # Score-group 2 = {1, 2, 3} (odd); 3 has met 4 and 5, the whole median group (1.5).
    # 2 and 3 are due White, 1 Black: 10.2 proposes 3, the lowest numbered due White; he has no
    # compatible opponent below, so 2 floats in his place and 1 v 3 is paired.
    st = scripted(
        [
            [(1, None, 1), (None, 2, 0.5), (4, 3, 0), (5, None, 1), (6, None, 0.5)],
            [(None, 1, 0.5), (2, None, 0.5), (3, 5, 0.5), (None, 4, 0), (None, 6, 0.5)],
            [(1, None, 0.5), (None, 2, 0), (None, 3, 0.5), (4, None, 0.5), (5, None, 0), (6, None, 0)],
        ]
    )
    rp = pair(st)
    assert parity_floaters(rp)[0] == 2
    step = next(s for s in rp.explanation if s.article == "Lim 9.3(d)" and s.data["tpn"] == 2)
    assert "3 (type c)" in step.message
    assert pairs_of(rp) == P((1, 3), (2, 4), (5, 6))


def test_lim_10_5_a_floater_without_an_opponent_in_the_next_group_is_floated_to_a_further_score_group():
    from tests.engine.lim.helpers import scripted

    # 1 (3 points) has beaten 2 and 3, the whole 2-point group; 4-7 on 1.5 (median), 8 on 0.5.
    st = scripted(
        [
            [
                (1, 2, 1),
                (3, None, 1),
                (4, None, 0.5),
                (None, 5, 0.5),
                (6, None, 0.5),
                (None, 7, 0.5),
                (8, None, 0.5),
            ],
            [
                (3, 1, 0),
                (None, 2, 0),
                (None, 4, 0.5),
                (5, None, 0.5),
                (None, 6, 0.5),
                (7, None, 0.5),
                (None, 8, 1),
            ],
            [
                (1, None, 1),
                (2, None, 1),
                (None, 3, 0),
                (4, None, 0.5),
                (None, 5, 0.5),
                (6, None, 0.5),
                (None, 7, 0.5),
                (8, None, 0),
            ],
        ]
    )
    rp = pair(st)
    # Alone in his group, 1 floats (9.3(d)); no exchange is possible and he can meet nobody of
    # the 2 group, so he goes on to the median group; 2 v 3 are paired.
    further = next(s for s in rp.explanation if s.article == "Lim 10.5")
    assert further.data["tpn"] == 1 and "further score-group" in further.message
    median = next(s for s in rp.explanation if s.data.get("group") == "median score-group")
    assert median.data["incoming"] == {1: "DF", 8: "UF"}
    assert P((2, 3)) <= pairs_of(rp)
    assert pairs_of(rp) == P((1, 5), (2, 3), (4, 6), (7, 8))
