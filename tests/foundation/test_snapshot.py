"""engine_state(round): the engine's input built from the database."""

import pytest
from django.core.exceptions import ValidationError

from engine.state import Colour, ColourPreferenceType, Outcome, ScoreKind
from tournaments.models import Match, RoundState
from tournaments.selectors import engine_state
from tournaments.services import (
    create_board_games,
    enter_late,
    mark_absent,
    recompute_match,
    record_board_results,
    record_match_forfeit,
    withdraw_team,
)


@pytest.fixture
def league(make_tournament, make_team):
    """Five teams, round 1 played: A-B 2.5-1.5, C-D forfeited by D, E the PAB."""
    t = make_tournament(
        pairing_system="olympiad",
        olympiad_version="2007",
        bye_match_points=1,
        bye_game_points=2,
        initial_colour="b",
        colour_preference_type="B",
        engine_options={"forbidden_pairs": [[1, 5]]},
    )
    teams = {n: make_team(t, n, tpn=i, strength=2600 - 10 * i) for i, n in enumerate("ABCDE", start=1)}
    r1 = t.rounds.get(number=1)
    ab = Match.objects.create(round=r1, table=1, white_team=teams["A"], black_team=teams["B"])
    create_board_games(ab, list(teams["A"].players.all()[:4]), list(teams["B"].players.all()[:4]))
    # boards 1 and 3: A has White; boards 2 and 4: B has White (rule 19)
    record_board_results(ab, ["1-0", "1/2-1/2", "*", "1-0"])
    cd = Match.objects.create(round=r1, table=2, white_team=teams["C"], black_team=teams["D"])
    record_match_forfeit(cd, "black_team")
    bye = Match.objects.create(round=r1, table=3, white_team=teams["E"], is_bye=True)
    recompute_match(bye)
    r1.state = RoundState.COMPLETE
    r1.save()
    return t, teams


def test_history_has_colours_opponents_and_match_points_of_a_played_match(league):
    t, _ = league
    state = engine_state(t.rounds.get(number=2))
    a, b = state.by_tpn[1], state.by_tpn[2]
    assert a.history[0].outcome is Outcome.PLAYED and a.history[0].colour is Colour.WHITE
    assert b.history[0].colour is Colour.BLACK and b.history[0].opponent == 1
    assert state.next_round == 2


def test_olympiad_rule_11_an_unfinished_game_counts_as_a_draw_for_pairing(league):
    t, _ = league
    state = engine_state(t.rounds.get(number=2))
    # A: board 1 won, board 2 drawn, board 3 unfinished (a draw), board 4 lost (B had White, 1-0)
    assert state.by_tpn[1].game_points == 2.0
    assert state.by_tpn[2].game_points == 2.0
    assert state.by_tpn[1].match_points == 1.0  # 2-2 is a drawn match


def test_a_match_forfeit_is_no_meeting_and_gives_the_win_and_every_board(league):
    t, _ = league
    state = engine_state(t.rounds.get(number=2))
    c, d = state.by_tpn[3], state.by_tpn[4]
    assert c.history[0].outcome is Outcome.FORFEIT_WIN and c.history[0].colour is None
    assert (c.match_points, c.game_points) == (2.0, 4.0)
    assert d.history[0].outcome is Outcome.FORFEIT_LOSS and d.match_points == 0
    assert not state.have_met(3, 4)


def test_the_pairing_allocated_bye_scores_the_tournaments_bye_value(league):
    t, _ = league
    e = engine_state(t.rounds.get(number=2)).by_tpn[5]
    assert e.history[0].outcome is Outcome.PAIRING_ALLOCATED_BYE
    assert (e.match_points, e.game_points) == (1.0, 2.0)
    assert e.had_pairing_allocated_bye


def test_the_tournaments_rules_and_options_reach_the_engine(league):
    t, _ = league
    state = engine_state(t.rounds.get(number=2))
    assert state.system == "olympiad"
    assert state.options == {"version": "2007"}
    assert state.forbidden_pairs == frozenset({frozenset({1, 5})})
    assert state.initial_colour is Colour.BLACK
    assert state.colour_preferences is ColourPreferenceType.B
    assert state.scoring.primary is ScoreKind.MATCH_POINTS
    assert state.board_colour_sequence == "WBWB"
    assert state.by_tpn[1].rating == 2590
    assert len(state.by_tpn[1].roster) == 5


def test_absent_withdrawn_and_late_teams_are_unavailable(league, make_team):
    t, teams = league
    mark_absent(teams["A"], round_number=2)
    withdraw_team(teams["B"], from_round=2, reason="left")
    late = make_team(t, "Late", tpn=6)
    enter_late(late, first_round=3)
    state = engine_state(t.rounds.get(number=2))
    assert state.unavailable == frozenset({1, 2, 6})
    assert state.by_tpn[2].withdrawn
    assert state.by_tpn[6].history[0].outcome is Outcome.ABSENT
    assert [p.tpn for p in state.to_be_paired()] == [3, 4, 5]


def test_round_1_has_an_empty_history(league):
    t, _ = league
    state = engine_state(t.rounds.get(number=1))
    assert state.rounds_played == 0 and state.next_round == 1


def test_a_missing_result_stops_the_snapshot_with_a_clear_message(make_tournament, make_team):
    t = make_tournament()
    a, b = make_team(t, "A", tpn=1), make_team(t, "B", tpn=2)
    Match.objects.create(round=t.rounds.get(number=1), table=1, white_team=a, black_team=b)
    with pytest.raises(ValidationError, match="table 1 .* has no result yet"):
        engine_state(t.rounds.get(number=2))


def test_teams_without_tpn_stop_the_snapshot(make_tournament, make_team):
    t = make_tournament()
    make_team(t, "A")
    with pytest.raises(ValidationError, match="without a TPN"):
        engine_state(t.rounds.get(number=1))


def test_olympiad_1998_rules_2_3_the_extra_team_is_paired_but_not_ranked(league, make_team):
    t, _ = league
    make_team(t, "Extra", tpn=7, is_extra=True)
    state = engine_state(t.rounds.get(number=2))
    assert state.by_tpn[7].unranked
    assert 7 in [p.tpn for p in state.to_be_paired()]
