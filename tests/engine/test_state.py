"""The engine's tournament state: scores, colours and meetings as C.04.6 defines them."""

from engine.state import Colour, Outcome, Participant, RoundRecord, TournamentState


def team(tpn, *records):
    return Participant(tpn=tpn, history=tuple(records))


def test_c0406_1_6_1_a_forfeited_match_gives_no_colour_and_is_no_meeting():
    a = team(1, RoundRecord(1, Outcome.FORFEIT_WIN, opponent=2, match_points=2, game_points=4))
    b = team(2, RoundRecord(1, Outcome.FORFEIT_LOSS, opponent=1))
    state = TournamentState(participants=(a, b))
    assert a.colours == ()
    assert not state.have_met(1, 2)
    assert a.had_bye_or_forfeit_win


def test_c0406_1_6_2_colour_difference_counts_whites_minus_blacks():
    t = team(
        1,
        RoundRecord(1, Outcome.PLAYED, 2, Colour.WHITE),
        RoundRecord(2, Outcome.PLAYED, 3, Colour.WHITE),
        RoundRecord(3, Outcome.PLAYED, 4, Colour.BLACK),
    )
    assert t.colour_difference == 1


def test_before_round_cuts_history_and_marks_non_pab_byes_unavailable():
    a = team(1, RoundRecord(1, Outcome.PLAYED, 2, Colour.WHITE, 2, 3), RoundRecord(2, Outcome.ABSENT))
    b = team(
        2,
        RoundRecord(1, Outcome.PLAYED, 1, Colour.BLACK, 0, 1),
        RoundRecord(2, Outcome.PAIRING_ALLOCATED_BYE, match_points=1, game_points=2),
    )
    state = TournamentState(participants=(a, b))
    r2 = state.before_round(2)
    assert r2.rounds_played == 1
    assert r2.unavailable == frozenset({1})
    assert r2.by_tpn[1].match_points == 2
