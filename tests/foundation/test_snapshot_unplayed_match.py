"""C.04.6 1.6.1 on the site: a match whose every board was forfeited, with no whole-match forfeit recorded.

No game was played over the board, so the match was not actually played: the
snapshot the engine pairs from, the standings and the TRF export read it as the
whole-match forfeit its boards amount to (no colour, no meeting; the team that
won boards while the other won none won it by forfeit, C2). When each team won a
board by forfeit it counts as played, as FIDE's tool reads it.
docs/interpretations/foundation.md, "A match with every board forfeited".
"""

import pytest

from engine import trf
from engine.state import Colour, Outcome
from operations.selectors import results_state
from operations.services.exports import trf_export
from tournaments.models import Match, RoundState
from tournaments.selectors import engine_state
from tournaments.services import create_board_games, record_board_results

# Results from White's side; boards 1 and 3: the match's first team has White, boards 2 and 4 the other.
FIRST_TEAM_WINS_EVERY_BOARD = ["+-", "-+", "+-", "-+"]
EVERY_BOARD_DOUBLE = ["--"] * 4
EACH_WINS_TWO = ["+-", "+-", "-+", "-+"]  # boards 1 and 4 to the first team, 2 and 3 to the other
ONE_GAME_PLAYED = ["1-0", "-+", "+-", "-+"]


@pytest.fixture
def event(make_tournament, make_team):
    t = make_tournament(pairing_system="c0406")
    teams = [make_team(t, name, tpn=i, strength=2600 - 10 * i) for i, name in enumerate("ABCD", start=1)]
    return t, teams


def play_round_1(event, first: list[str], second: list[str] = ("1-0", "0-1", "1-0", "0-1")):
    """Round 1: A (White on board 1) - B with ``first``, C - D with ``second``; round 1 complete."""
    t, (a, b, c, d) = event
    r1 = t.rounds.get(number=1)
    for table, (white, black, results) in enumerate(((a, b, first), (c, d, second)), start=1):
        m = Match.objects.create(round=r1, table=table, white_team=white, black_team=black)
        create_board_games(m, list(white.players.all()[:4]), list(black.players.all()[:4]))
        record_board_results(m, list(results))
    r1.state = RoundState.COMPLETE
    r1.save()
    return t


def test_c0406_1_6_1_a_match_with_every_board_forfeited_is_a_forfeit_in_the_snapshot(event):
    t = play_round_1(event, FIRST_TEAM_WINS_EVERY_BOARD)
    state = engine_state(t.rounds.get(number=2))
    a, b = state.by_tpn[1].history[0], state.by_tpn[2].history[0]
    assert (a.outcome, a.colour, a.match_points, a.game_points) == (Outcome.FORFEIT_WIN, None, 2.0, 4.0)
    assert (b.outcome, b.colour, b.match_points, b.game_points) == (Outcome.FORFEIT_LOSS, None, 0.0, 0.0)
    assert not state.have_met(1, 2)  # C1: they may be paired again
    assert state.by_tpn[1].colours == () and state.by_tpn[3].colours == (Colour.WHITE,)


def test_c0406_2_1_2_the_team_that_won_every_board_by_forfeit_may_not_get_the_bye(event):
    t = play_round_1(event, FIRST_TEAM_WINS_EVERY_BOARD)
    state = engine_state(t.rounds.get(number=2))
    assert state.by_tpn[1].had_bye_or_forfeit_win and not state.by_tpn[2].had_bye_or_forfeit_win


def test_c0406_1_6_1_every_board_double_forfeited_is_a_double_forfeit_both_teams_lose(event):
    t = play_round_1(event, EVERY_BOARD_DOUBLE)
    m = Match.objects.get(round__tournament=t, table=1)
    assert (m.white_match_points, m.black_match_points) == (0, 0)  # a double forfeit, not a 0-0 draw
    state = engine_state(t.rounds.get(number=2))
    for tpn in (1, 2):
        rec = state.by_tpn[tpn].history[0]
        assert (rec.outcome, rec.colour, rec.match_points) == (Outcome.DOUBLE_FORFEIT, None, 0.0)


def test_c0406_1_6_1_a_match_where_each_team_won_boards_by_forfeit_counts_as_played(event):
    t = play_round_1(event, EACH_WINS_TWO)
    state = engine_state(t.rounds.get(number=2))
    a = state.by_tpn[1].history[0]
    assert (a.outcome, a.colour, a.match_points, a.game_points) == (Outcome.PLAYED, Colour.WHITE, 1.0, 2.0)
    assert state.have_met(1, 2)


def test_c0406_1_6_1_one_game_played_over_the_board_keeps_the_match_played(event):
    t = play_round_1(event, ONE_GAME_PLAYED)
    state = engine_state(t.rounds.get(number=2))
    assert state.by_tpn[1].history[0].outcome is Outcome.PLAYED and state.have_met(1, 2)


def test_c0406_1_6_1_the_standings_count_a_match_with_every_board_forfeited_as_not_played(event):
    t = play_round_1(event, FIRST_TEAM_WINS_EVERY_BOARD)
    state = results_state(t).state
    assert state.by_tpn[1].history[0].outcome is Outcome.FORFEIT_WIN
    assert state.by_tpn[1].matches_played == 0 and state.by_tpn[3].matches_played == 1


@pytest.mark.parametrize("first", [FIRST_TEAM_WINS_EVERY_BOARD, EVERY_BOARD_DOUBLE, EACH_WINS_TWO])
def test_c0406_1_6_1_the_trf_export_reads_back_as_the_site_reads_the_match(event, first):
    t = play_round_1(event, first)
    site = results_state(t).state
    back = trf.read(trf_export(t), "c0406").state
    for tpn in (1, 2, 3, 4):
        ours, theirs = site.by_tpn[tpn].history[0], back.by_tpn[tpn].history[0]
        assert (theirs.outcome, theirs.colour, theirs.match_points, theirs.game_points) == (
            ours.outcome,
            ours.colour,
            ours.match_points,
            ours.game_points,
        )
