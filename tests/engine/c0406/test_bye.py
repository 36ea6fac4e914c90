"""C.04.6 1.4, 2.1.2 [C2] and 3.4: the pairing-allocated bye."""

from __future__ import annotations

import pytest

from engine.c0406 import pair
from engine.result import PairingImpossible

from .builders import Rnd, make_state, step, synthetic_state


def test_c0406_1_4_no_bye_when_the_number_of_teams_is_even():
    assert pair(synthetic_state({1: 0, 2: 0, 3: 0, 4: 0})).bye is None


def test_c0406_3_4_2_bye_goes_to_the_team_with_the_lowest_score():
    rp = pair(synthetic_state({1: 2, 2: 2, 3: 0, 4: 1, 5: 2}))
    assert rp.bye == 3


def test_c0406_3_4_3_among_the_lowest_the_bye_goes_to_the_team_that_played_most_matches():
    state = synthetic_state({1: 4, 2: 4, 3: 4, 4: 0, 5: 0}, colours={4: "WB", 5: "W-"})
    assert pair(state).bye == 4


def test_c0406_3_4_3_a_late_entry_with_fewer_matches_is_not_preferred_for_the_bye():
    # Team 5 enters in round 3 (absent in rounds 1-2); 4 lost both its matches.
    rounds = [
        Rnd([(1, 2, "1-0"), (3, 4, "1-0")], absent=[5]),
        Rnd([(1, 3, "1-0"), (2, 4, "1-0")], absent=[5]),
    ]
    state = make_state(5, rounds)
    assert state.score(4) == state.score(5) == 0
    assert pair(state).bye == 4


def test_c0406_3_4_4_all_else_equal_the_bye_goes_to_the_largest_tpn():
    assert pair(synthetic_state({1: 0, 2: 0, 3: 0, 4: 0, 5: 0})).bye == 5


def test_c0406_2_1_2_c2_a_team_that_won_by_forfeit_does_not_receive_the_bye():
    rp = pair(synthetic_state({1: 2, 2: 2, 3: 2, 4: 0, 5: 0}, barred=(5,)))
    assert rp.bye == 4
    assert 5 in step(rp, "bye").data["barred"]


def test_c0406_2_1_2_c2_a_team_that_had_the_pab_does_not_receive_it_again():
    assert pair(synthetic_state({1: 2, 2: 2, 3: 2, 4: 0, 5: 0})).bye == 5
    assert pair(synthetic_state({1: 2, 2: 2, 3: 2, 4: 0, 5: 0}, pab=(5,))).bye == 4


def test_c0406_3_4_1_the_bye_skips_a_team_whose_absence_leaves_no_legal_pairing():
    # 1 has met 2, 3 and 4: without 5 it could not be paired.
    state = synthetic_state({1: 3, 2: 2, 3: 2, 4: 1, 5: 0}, forbid=[(1, 2), (1, 3), (1, 4)])
    rp = pair(state)
    assert rp.bye == 4
    assert step(rp, "bye").data["skipped"] == [5]
    assert (1, 5) in {(min(p.white, p.black), max(p.white, p.black)) for p in rp.pairs}


def test_c0406_3_3_3_pairing_is_impossible_when_every_team_is_barred_from_the_bye():
    with pytest.raises(PairingImpossible, match="C2"):
        pair(synthetic_state({1: 2, 2: 2, 3: 2}, barred=(1, 2, 3)))


def test_c0406_3_3_3_pairing_is_impossible_when_every_pairing_repeats_a_match():
    with pytest.raises(PairingImpossible, match="C1"):
        pair(synthetic_state({1: 0, 2: 0}, forbid=[(1, 2)]))


def test_c0406_3_3_3_the_reason_no_pairing_exists_is_english_and_a_message_for_the_reader_s_language():
    from engine.messages import render

    with pytest.raises(PairingImpossible) as caught:
        pair(synthetic_state({1: 0, 2: 0}, forbid=[(1, 2)]))
    english = (
        "no pairing of all the teams avoids a rematch (C.04.6 2.1.1 [C1], 3.3.3): the Chief Arbiter decides"
    )
    assert str(caught.value) == english  # the command line's "no valid pairing: ..." as before
    assert render(caught.value.said, "en") == english
    assert render(caught.value.said, "fr").startswith("Aucun appariement de toutes les équipes")
    assert render(caught.value.said, "ru").startswith("Ни одна жеребьёвка всех команд")
