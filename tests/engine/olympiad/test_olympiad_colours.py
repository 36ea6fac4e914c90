"""Board-1 colours: limits (rules 17-18) and allocation (rules 19-24)."""

from engine import api
from engine.olympiad.colours import allocate
from engine.olympiad.options import parse_options
from engine.state import Colour

from .builders import pairs_of, search, tournament, tv

W, B = Colour.WHITE, Colour.BLACK
OPTS = parse_options({"version": "1998"})


def colours_of(a, b, rnd=5):
    white, black, article, _ = allocate(
        a, b, rnd=rnd, initial=W, higher=lambda x, y: x if x.tpn < y.tpn else y, opts=OPTS
    )
    return white, article


def test_olympiad_1998_rule_17a_board_1_colour_difference_stays_within_two():
    assert not tv(1, colours="wbww").may_receive(W)  # +2 would become +3
    assert tv(1, colours="wbww").may_receive(B)
    assert not tv(1, colours="bwbb").may_receive(B)


def test_olympiad_1998_rule_17b_no_board_1_colour_three_times_in_a_row():
    assert not tv(1, colours="bww").may_receive(W)
    assert tv(1, colours="wbw").may_receive(W)


def test_olympiad_1998_rule_17_teams_that_both_need_black_are_not_paired_together():
    teams = [
        tv(1, 2, colours="bww"),
        tv(2, 2, colours="wbb"),
        tv(3, 2, colours="bww"),
        tv(4, 2, colours="wbb"),
    ]
    pairs, _ = search(teams)
    assert pairs == pairs_of((1, 4), (2, 3))


def test_olympiad_1998_rule_18a_pairing_made_without_rule_17_when_only_that_way_possible():
    teams = [tv(1, 2, colours="bww"), tv(2, 2, colours="bww")]
    pairs, gs = search(teams)
    assert pairs == pairs_of((1, 2))
    assert any(s.article == "Olympiad 1998 rule 18(a)" for s in gs.steps)


def test_olympiad_1998_rule_19_equalisation_comes_before_alternation():
    a, b = tv(1, colours="bbw"), tv(2, colours="wwb")
    assert colours_of(a, b) == (1, "Olympiad 1998 rule 19")


def test_olympiad_1998_rule_17_decides_when_only_one_allocation_keeps_the_limits():
    a, b = tv(1, colours="bwbb"), tv(2, colours="bwb")  # -2 and -1: both want white
    assert colours_of(a, b) == (1, "Olympiad 1998 rule 17")


def test_olympiad_1998_rule_19_when_rule_17_is_relaxed_the_larger_imbalance_is_equalised():
    a, b = tv(1, colours="bbwb"), tv(2, colours="wbwbb")  # -2 and -1, both ending Black-Black
    assert colours_of(a, b) == (1, "Olympiad 1998 rule 19")


def test_olympiad_1998_rule_20_opposite_colours_last_round_both_alternate():
    a, b = tv(1, colours="wb"), tv(2, colours="bw")
    assert colours_of(a, b) == (1, "Olympiad 1998 rule 20")


def test_olympiad_1998_rule_22a_same_history_higher_ranked_team_is_balanced():
    a, b = tv(1, colours="wbw"), tv(2, colours="wbw")
    assert colours_of(a, b) == (2, "Olympiad 1998 rule 22(a)")


def test_olympiad_1998_rule_23_same_balanced_history_higher_ranked_team_alternates():
    a, b = tv(1, colours="wb"), tv(2, colours="wb")
    assert colours_of(a, b) == (1, "Olympiad 1998 rule 23")
    a, b = tv(1, colours="bw"), tv(2, colours="bw")
    assert colours_of(a, b) == (2, "Olympiad 1998 rule 23")


def test_olympiad_1998_rule_24_round_1_lot_for_no_1_and_odd_numbers_of_the_top_half_alike():
    state = tournament(8)
    from dataclasses import replace

    state = replace(state, initial_colour=B)
    pairing = api.pair(state)
    white_of = {frozenset((p.white, p.black)): p.white for p in pairing.pairs}
    assert white_of[frozenset((1, 5))] == 5  # No. 1 drew Black
    assert white_of[frozenset((3, 7))] == 7  # 3 is odd: Black like No. 1
    assert white_of[frozenset((2, 6))] == 2
    assert white_of[frozenset((4, 8))] == 4
    assert all(p.colour_article == "Olympiad 1998 rule 24" for p in pairing.pairs)


def test_olympiad_1998_rule_19_pair_white_is_the_team_with_white_on_board_1():
    state = tournament(4, [[(1, 3, 2), (2, 4, 2)]])
    pairing = api.pair(state)
    # One 2-point group; 1-3 have met, so 1 x 4 (rule 36); 1 had White, 4 Black: both alternate.
    assert [(p.white, p.black) for p in pairing.pairs if 1 in (p.white, p.black)] == [(4, 1)]
    assert "board 3 like board 1" in pairing.explanation_text()


def test_olympiad_1998_rule_18a_colour_limits_never_send_a_team_out_of_its_group():
    top = [tv(t, 2, colours="bww") for t in (1, 2, 3, 4)]  # all four may only have Black
    below = [tv(t, 1, colours="wb" if t % 2 else "bw") for t in range(5, 13)]
    pairs, gs = search(top + below)
    assert pairs >= pairs_of((1, 3), (2, 4))
    assert any(s.article == "Olympiad 1998 rule 18(a)" for s in gs.steps)


def test_olympiad_1998_rule_21_when_rule_17_cannot_be_kept_the_lower_same_colour_sequences_decide():
    # Both 3 whites, last two White; 1 ends W W W, 2 ends W W: White to 2 gives runs 3 and 1, not 4 and 1.
    a, b = tv(1, colours="bbwww"), tv(2, colours="bwbww")
    assert colours_of(a, b) == (2, "Olympiad 1998 rule 21")
    assert colours_of(b, a) == (2, "Olympiad 1998 rule 21")


def test_olympiad_1998_rule_22b_same_history_the_higher_ranked_team_alternates_once_22a_has_nothing_to_balance():
    # Rule 22: same whites, exactly the same sequence; priority to (a) balancing, or (b)
    # alternating the higher-ranked team (No. 1) from the last round.
    # W W B: (a) gives No. 1 Black (balance), (b) would give it White (alternation): (a) first.
    a, b = tv(1, colours="wwb"), tv(2, colours="wwb")
    assert colours_of(a, b) == (2, "Olympiad 1998 rule 22(a)")
    # W B W B: balanced, so (a) has nothing to balance and (b) decides: No. 1 had Black, takes
    # White. This is rule 23's very case (the same balanced history), and is cited as rule 23.
    a, b = tv(1, colours="wbwb"), tv(2, colours="wbwb")
    assert colours_of(a, b) == (1, "Olympiad 1998 rule 23")
    a, b = tv(1, colours="bwbw"), tv(2, colours="bwbw")
    assert colours_of(a, b) == (2, "Olympiad 1998 rule 23")
    # The higher-ranked team is the one that alternates, whichever is listed first.
    assert colours_of(b, a) == (2, "Olympiad 1998 rule 23")


def test_olympiad_1998_rule_19_different_histories_rules_20_to_23_leave_open_the_higher_ranked_team_alternates():
    # Both balanced, both last Black, equally long runs either way, but different sequences:
    # rules 22 and 23 (exactly the same sequence) do not apply; rule 19(2) alternation goes
    # to the higher-ranked team, as in 22(b)/23 (docs/interpretations/olympiad.md).
    a, b = tv(1, colours="wbwb"), tv(2, colours="bwwb")
    assert colours_of(a, b) == (1, "Olympiad 1998 rule 19")
    assert colours_of(b, a) == (1, "Olympiad 1998 rule 19")
