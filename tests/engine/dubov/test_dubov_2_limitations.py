"""Dubov 2: the pairing limitations."""

import pytest

from engine.dubov import pair
from engine.dubov.limits import Limits, colour_allowed, max_upfloats
from engine.dubov.profile import profiles
from engine.result import PairingImpossible
from engine.state import Colour
from tests.engine.dubov.builders import make_state, scripted, steps

W, B = Colour.WHITE, Colour.BLACK


def test_dubov_2_1_players_who_have_met_are_not_paired_again():
    # 1 and 2 drew in round 1 and are alone on 0.5 with 3 and 4 (who also drew).
    state = make_state({1: 2400, 2: 2300, 3: 2200, 4: 2100}, [[(1, 2, "="), (3, 4, "=")]])
    opp = pair(state).opponents()
    assert opp[1] != 2 and opp[3] != 4


def test_dubov_2_1_a_forfeited_game_is_no_meeting():
    state = make_state({1: 2400, 2: 2300}, [[(1, 2, "+")], [(2, 1, "+")]])
    assert {frozenset((p.white, p.black)) for p in pair(state).pairs} == {frozenset({1, 2})}


def test_dubov_2_2_a_player_who_won_by_forfeit_does_not_get_the_bye():
    state = make_state(
        {1: 2400, 2: 2300, 3: 2000, 4: 2200, 5: 2100, 6: 1900},
        [[(1, 2, "1"), (4, 5, "1"), (3, 6, "+")]],
        withdrawn={6},
    )
    pairing = pair(state)
    # Score 0: 2 (2300), 5 (2100). Score 1: 1, 4, 3 (forfeit winner, lowest R overall).
    assert pairing.bye == 5
    (bye,) = steps(pairing, topic="bye")
    assert 3 in bye.data["barred"] and "2.2" in bye.message


def test_dubov_2_3_and_2_4_limit_the_colours_a_player_may_receive():
    state = scripted(
        {1: 2000, 2: 2000, 3: 2000},
        {
            1: [("B", 0, "="), ("B", 0, "=")],
            2: [("W", 0, "="), ("B", 0, "="), ("B", 0, "=")],
            3: [("W", 0, "=")],
        },
    )
    p = profiles(state)
    assert not colour_allowed(p[1], B)  # 2.3: -3 / 2.4: third black
    assert not colour_allowed(p[2], B)  # 2.4: third black in a row
    assert colour_allowed(p[2], W) and colour_allowed(p[3], B)


def test_dubov_2_3_two_players_who_both_must_have_white_are_not_paired():
    state = scripted(
        {1: 2400, 2: 2300, 3: 2200, 4: 2100},
        {
            1: [("B", 0, "1"), ("B", 0, "1")],
            2: [("B", 0, "1"), ("B", 0, "1")],
            3: [("W", 0, "1"), ("W", 0, "1")],
            4: [("W", 0, "1"), ("W", 0, "1")],
        },
    )
    pairing = pair(state)
    for p in pairing.pairs:
        assert p.white in (1, 2) and p.black in (3, 4)


def test_dubov_2_5_upfloat_limit_is_three_below_ten_rounds_and_four_from_ten():
    assert max_upfloats(make_state({1: 2000}, rounds_total=9)) == 3
    assert max_upfloats(make_state({1: 2000}, rounds_total=10)) == 4
    assert max_upfloats(make_state({1: 2000}, rounds_total=9, options={"max_upfloats": 2})) == 2


@pytest.mark.parametrize("value", [-1, "many", True])
def test_dubov_2_5_a_bad_upfloat_limit_is_refused_with_a_message_naming_the_option(value):
    state = make_state({1: 2000, 2: 1900}, rounds_total=9, options={"max_upfloats": value})
    with pytest.raises(ValueError, match="max_upfloats"):
        pair(state)


def leader_and_chasers(rounds_total: int):
    """1 leads alone (due White); 2, 3, 4 follow a point behind, all due Black.

    2 (the highest R) floated up in the previous round.
    """
    return scripted(
        {1: 2500, 2: 2400, 3: 2300, 4: 2200},
        {
            1: [("W", 0, "1"), ("B", 0, "1")],
            2: [("B", 0, "0"), ("W", 1, "1")],
            3: [("B", 0, "1"), ("W", 1, "0")],
            4: [("B", 0, "0"), ("W", 0, "1")],
        },
        rounds_total=rounds_total,
    )


def test_dubov_2_5_a_player_is_not_transferred_up_two_rounds_running():
    pairing = pair(leader_and_chasers(rounds_total=9))
    assert pairing.opponents()[1] == 3
    (transfer,) = steps(pairing, article="Dubov 7.1", topic="transfer")
    assert transfer.data["transferred"] == 3


def test_dubov_2_5_the_upfloat_limits_do_not_apply_in_the_last_round():
    pairing = pair(leader_and_chasers(rounds_total=3))
    assert pairing.opponents()[1] == 2


def test_dubov_2_5_a_player_at_the_upfloat_limit_is_not_transferred_up():
    # 2 floated up in rounds 2, 3 and 4 (not in 5); round 6 of 9 is not the last.
    up = [("B", 0, "0"), ("W", 1, "0"), ("B", 1, "0"), ("W", 1, "1"), ("B", 1, "0")]
    level = [("B", 0, "1"), ("W", 1, "0"), ("B", 0, "0"), ("W", 0, "0"), ("B", 1, "0")]
    lead = [("W", 0, "1"), ("B", 1, "1"), ("W", 2, "1"), ("B", 3, "0"), ("W", 3, "0")]
    ratings = {1: 2500, 2: 2400, 3: 2300, 4: 2200}
    scripts = {
        1: lead,
        2: up,
        3: level,
        4: [("B", 0, "0"), ("W", 0, "1"), ("B", 1, "0"), ("W", 1, "0"), ("B", 1, "0")],
    }
    short = scripted(ratings, scripts, rounds_total=9)
    p = profiles(short)
    assert (p[2].upfloats, p[2].upfloated_last_round) == (3, False)
    assert p[1].score == 3 and p[2].score == p[3].score == p[4].score == 1
    assert not Limits(short, p).may_upfloat(p[2])
    assert pair(short).opponents()[1] != 2
    long = scripted(ratings, scripts, rounds_total=10)
    assert Limits(long, profiles(long)).may_upfloat(profiles(long)[2])
    assert pair(long).opponents()[1] == 2


def test_dubov_2_6_a_white_who_must_have_white_is_not_moved_to_the_black_subgroup():
    # Four White seekers on 1 point; 3 has the lowest ARO but two blacks running (2.4).
    ratings = {1: 2400, 2: 2300, 3: 2200, 4: 2150, 5: 2100, 6: 2050}
    scripts = {
        3: [("W", 0, "="), ("B", 0, "0", 1800), ("B", 0, "1", 1800)],
        4: [("B", 0, "="), ("W", 0, "0"), ("B", 0, "1")],
        5: [("B", 0, "="), ("W", 0, "0"), ("B", 0, "1")],
        6: [("B", 0, "="), ("W", 0, "0"), ("B", 0, "1", 2100)],
        1: [("W", 0, "="), ("B", 0, "1"), ("W", 0, "0")],
        2: [("W", 0, "="), ("B", 0, "1"), ("W", 0, "0")],
    }
    state = scripted(ratings, scripts)
    p = profiles(state)
    assert all(p[t].due is W for t in (3, 4, 5, 6)) and all(p[t].due is B for t in (1, 2))
    pairing = pair(state)
    (move,) = steps(pairing, article="Dubov 7.3")
    assert 3 not in move.data["moved"]
    assert move.data["moved"] == [4]  # ARO 2000 like 5, higher R; allowed to have Black
    assert "2.6" in move.message


def test_dubov_2_1_a_round_where_everyone_has_met_cannot_be_paired():
    state = make_state({1: 2000, 2: 2000}, [[(1, 2, "1")]])
    with pytest.raises(PairingImpossible, match=r"second meeting \(2.1\)"):
        pair(state)
