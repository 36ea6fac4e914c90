"""C.04.6 1.2 (primary score), 2.1.1 with forfeits, absent and withdrawn teams (C2: test_bye.py)."""

from __future__ import annotations

import pytest

from engine.c0406 import pair
from engine.result import PairingImpossible
from engine.state import ScoreKind, Scoring

from .builders import Rnd, make_state, pairs_of, step

ROUND_1 = Rnd([(1, 2, (3.5, 0.5)), (3, 4, (2.5, 1.5)), (5, 6, (1.5, 2.5)), (7, 8, (0.5, 3.5))])


def test_c0406_1_2_2_match_points_are_the_default_primary_score():
    rp = pair(make_state(8, [ROUND_1]))
    # Winners 1, 3, 6, 8 (2 MP) form the first bracket.
    assert step(rp, "bracket", bracket=1).data["residents"] == [1, 3, 6, 8]


def test_c0406_1_2_1_game_points_as_primary_score_form_the_scoregroups():
    state = make_state(8, [ROUND_1], scoring=Scoring(primary=ScoreKind.GAME_POINTS))
    rp = pair(state)
    # 3.5 game points: 1 and 8 form the top scoregroup.
    assert step(rp, "bracket", bracket=1).data["residents"] == [1, 8]
    assert (1, 8) in pairs_of(rp)


def test_c0406_2_1_1_a_forfeited_match_does_not_stop_the_teams_meeting_again():
    rp = pair(make_state(2, [Rnd([(1, 2, "+-")])]))
    assert pairs_of(rp) == {(1, 2)}


def test_c0406_2_1_1_a_played_match_stops_the_teams_meeting_again():
    rounds = [Rnd([(1, 2, "1-0"), (3, 4, "1-0")]), Rnd([(1, 3, "1-0"), (2, 4, "1-0")])]
    rp = pair(make_state(4, rounds))
    assert pairs_of(rp) == {(1, 4), (2, 3)}
    with pytest.raises(PairingImpossible):
        pair(make_state(2, [Rnd([(1, 2, "=")])]))


def test_c0406_absent_and_withdrawn_teams_are_not_paired():
    state = make_state(6, [], unavailable=(2,), withdrawn=(5,))
    rp = pair(state)
    paired = {t for p in rp.pairs for t in (p.white, p.black)}
    assert paired == {1, 3, 4, 6}
    assert rp.bye is None
    assert step(rp, "round").data["absent"] == [2, 5]
