"""Lim 12.1-12.7: due colours and colour allocation."""

import pytest

from engine.api import pair
from engine.lim.colours import allocate
from engine.lim.context import LimContext
from engine.state import Colour, Outcome, Participant, RoundRecord, ScoreKind, Scoring, TournamentState
from tests.engine.lim.helpers import Event, colours_of, pairs_of

W, B = Colour.WHITE, Colour.BLACK


def two(ca, cb, *, score_a=1.0, score_b=1.0, rounds_total=9, team=False):
    """Players 1 and 2 with the given colour sequences (games against absent opponents)."""

    def hist(cols, score):
        recs = []
        for i, c in enumerate(cols):
            pts = score if i == 0 else 0.0
            recs.append(RoundRecord(i + 1, Outcome.PLAYED, 90 + i, c, pts, pts))
        return tuple(recs)

    parts = (Participant(1, history=hist(ca, score_a)), Participant(2, history=hist(cb, score_b)))
    scoring = Scoring() if team else Scoring(primary=ScoreKind.GAME_POINTS)
    st = TournamentState(
        participants=parts, system="lim", team=team, rounds_total=rounds_total, scoring=scoring
    )
    return LimContext.build(st)


def white_of(ctx, *, upper=True):
    return allocate(ctx, 1, 2, upper=upper, board=1).white


def test_lim_12_5_odd_rounds_with_equal_colours_the_alternate_colour_is_due():
    ctx = two([W, B], [B, W])
    assert ctx.players[1].due is W and ctx.players[2].due is B


def test_lim_12_6_even_rounds_the_equalising_colour_is_due_even_against_alternation():
    ctx = two([W, W, B], [B, W, B])
    assert ctx.players[1].due is B  # W W B: equalise, not alternate
    assert ctx.players[2].due is W


def test_lim_12_1_players_due_different_colours_both_get_theirs():
    assert white_of(two([B], [W])) == 1
    assert white_of(two([W], [B])) == 2


def test_lim_12_3_same_colour_in_the_previous_two_rounds_must_alternate():
    # 1: B W W (must have Black); 2: W B W (due Black by equalisation only).
    ctx = two([B, W, W], [W, B, W])
    assert white_of(ctx) == 2


def test_lim_12_4_earlier_colours_going_back_in_sequence_decide():
    # 1 = W B W B W, 2 = W W B B W: both had White last and are due Black. Going back,
    # the latest game with different colours is three games ago (1 White, 2 Black);
    # colours alternate from there: 1 gets Black, 2 White.
    ctx = two([W, B, W, B, W], [W, W, B, B, W])
    assert ctx.players[1].due is ctx.players[2].due is B
    assert white_of(ctx) == 2
    # the mirror image: 1 = W W B B W, 2 = W B W B W
    assert white_of(two([W, W, B, B, W], [W, B, W, B, W])) == 1


@pytest.mark.parametrize(("upper", "white"), [(True, 2), (False, 1)])
def test_lim_12_4_identical_histories_the_higher_ranked_above_the_median_the_lower_ranked_below(upper, white):
    ctx = two([W, B, W], [W, B, W], score_a=2.0, score_b=1.0)
    # both due Black; 1 ranks higher (more points)
    assert white_of(ctx, upper=upper) == white


def test_lim_12_6_both_due_the_same_equalising_colour_the_history_decides():
    # Even round: 1 = W B W (due B), 2 = W W B (due B, equalising; alternation would say W).
    ctx = two([W, B, W], [W, W, B])
    assert white_of(ctx) == 2  # 1 had White last, 2 Black: 1 alternates to Black


def test_lim_12_7_maxi_an_exchange_for_colour_needs_ratings_within_100_points():
    ev = Event(8, ratings={1: 2600, 2: 2550, 3: 2400, 4: 2250, 5: 2200, 6: 2150, 7: 2100, 8: 2050})
    ev.round((1, 5, 1), (6, 2, 0), (3, 7, 1), (8, 4, 0))
    # Score-group 1 = {1, 2, 3, 4}: proposed 1-3 (both due Black), 2-4 (both due White).
    rp = pair(ev.state())
    assert {frozenset((1, 4)), frozenset((2, 3))} <= pairs_of(rp)
    assert "Lim 12.2" in [s.article for s in rp.explanation]
    rp = pair(ev.state(options={"maxi": True}))  # 2400 v 2250 and 2550 v 2400: 150 points
    assert {frozenset((1, 3)), frozenset((2, 4))} <= pairs_of(rp)


def test_lim_12_1_a_no_player_gets_the_same_colour_three_times_running_when_it_can_be_helped():
    # 1 and 2 had White twice; they are not paired together though both have 2 points.
    st = Event(6).round((1, 4, 1), (2, 5, 1), (6, 3, 0)).round((1, 5, 1), (2, 6, 1), (3, 4, 1)).state()
    rp = pair(st)
    cols = colours_of(rp)
    assert cols[1] is B and cols[2] is B
    assert frozenset((1, 2)) not in pairs_of(rp)
