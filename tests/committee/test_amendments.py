"""Hand amendments of a draft (rule 58: the committee may depart from the computer)."""

import pytest

from committee import amendments
from committee.amendments import AmendmentError
from engine.result import Pair, RoundPairing


def draft() -> RoundPairing:
    return RoundPairing(round=3, pairs=[Pair(1, 2, "C.04.6 4.3.2"), Pair(3, 4, "C.04.6 4.3.3")], bye=5)


def test_swapping_opponents_exchanges_two_teams_and_keeps_their_colour_slots():
    out = amendments.swap_opponents(draft(), 2, 4)
    assert [(p.white, p.black) for p in out.pairs] == [(1, 4), (3, 2)]
    assert out.bye == 5
    assert all(p.colour_article == amendments.AMENDED for p in out.pairs)


def test_swapping_a_team_with_the_bye_team_moves_the_bye():
    out = amendments.swap_opponents(draft(), 5, 3)
    assert out.bye == 3
    assert [(p.white, p.black) for p in out.pairs] == [(1, 2), (5, 4)]


def test_swapping_colours_gives_board_one_white_to_the_other_team():
    out = amendments.swap_colours(draft(), 4)
    assert [(p.white, p.black) for p in out.pairs] == [(1, 2), (4, 3)]
    assert out.pairs[0].colour_article == "C.04.6 4.3.2"


def test_moving_the_bye_puts_the_old_bye_team_in_the_new_one_s_place():
    out = amendments.move_bye(draft(), 1)
    assert out.bye == 1
    assert [(p.white, p.black) for p in out.pairs] == [(5, 2), (3, 4)]


def test_amending_does_not_change_the_original_draft():
    original = draft()
    amendments.apply(original, "swap_opponents", 1, 3)
    assert original.same_pairing_as(draft())


@pytest.mark.parametrize(
    ("operation", "a", "b", "message"),
    [
        ("swap_opponents", 1, 2, "already play each other"),
        ("swap_opponents", 1, 1, "two different teams"),
        ("swap_opponents", 1, 9, "team 9 is not in the pairing"),
        ("swap_colours", 5, None, "has the bye"),
        ("move_bye", 5, None, "already has the bye"),
        ("rotate", 1, None, "unknown amendment"),
    ],
)
def test_an_impossible_amendment_is_refused_with_a_message_naming_the_problem(operation, a, b, message):
    with pytest.raises(AmendmentError, match=message):
        amendments.apply(draft(), operation, a, b)


def test_moving_the_bye_of_a_round_without_one_is_refused():
    with pytest.raises(AmendmentError, match="no pairing-allocated bye"):
        amendments.move_bye(RoundPairing(round=1, pairs=[Pair(1, 2)]), 1)
