"""C.04.6 1.6.1: a team match in which no board game was played over the board was not actually played.

Read from a TRF-2026 file without a ``330`` record: every board ``+``/``-`` (or
left empty) is a forfeit as ``330`` would say: no colour, no meeting (C1), and
the team that won boards while the other won none won the match by forfeit (C2).
When each team won a board by forfeit the match counts as played, as FIDE's tool
(Gacrux) reads it. docs/interpretations/foundation.md, "A match with every board
forfeited".
"""

from engine.state import Colour, Outcome, RoundRecord
from engine.trf import read

P, FW, FL, FF = Outcome.PLAYED, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT


def with_round(text: str, rnd: int, results: dict[int, str]) -> str:
    """``text`` with the given players' results in round ``rnd`` and the points columns left blank
    (001: 81-84; 310: match and game points), so the file need not add them up again."""
    start = 91 + 10 * (rnd - 1)  # round ``rnd``'s opponent field, 0-based
    out = []
    for line in text.splitlines():
        if line.startswith("001"):
            number = int(line[4:8])
            if number in results:
                line = line[: start + 7] + results[number] + line[start + 8 :]
            line = line[:80] + "    " + line[84:]
        elif line.startswith("310"):
            line = line[:54] + " " * 14 + line[68:]
        out.append(line)
    return "\n".join(out) + "\n"


# Round 1 of team_small.trf: Alpha (TPN 1: players 1, 2) had White on board 1 against Charlie
# (TPN 3: players 5, 6); board 1 is 1 - 5, board 2 is 6 (White) - 2.


def test_c0406_1_6_1_a_match_whose_every_board_was_forfeited_was_not_played_no_colour_no_meeting(team_text):
    state = read(with_round(team_text, 1, {1: "+", 5: "-", 2: "+", 6: "-"}), "c0406").state
    alpha, charlie = state.by_tpn[1], state.by_tpn[3]
    assert alpha.history[0] == RoundRecord(1, FW, 3, None, 3.0, 2.0)
    assert charlie.history[0] == RoundRecord(1, FL, 1, None, 0.0, 0.0)
    assert not state.have_met(1, 3)  # C1: they may be paired again
    assert alpha.colours == ()  # round 2 was a forfeit too: no colour at all
    assert charlie.colours == (Colour.WHITE,)  # round 2 only (White on board 1 against Echo)


def test_c0406_2_1_2_the_team_that_won_every_board_by_forfeit_won_the_match_by_forfeit_and_gets_no_bye(
    team_text,
):
    state = read(with_round(team_text, 1, {1: "+", 5: "-", 2: "+", 6: "-"}), "c0406").state
    assert state.by_tpn[1].had_bye_or_forfeit_win
    assert not state.by_tpn[3].had_bye_or_forfeit_win


def test_c0406_1_6_1_a_match_with_every_board_double_forfeited_is_a_double_forfeit_lost_by_both(team_text):
    state = read(with_round(team_text, 1, {1: "-", 5: "-", 2: "-", 6: "-"}), "c0406").state
    assert state.by_tpn[1].history[0] == RoundRecord(1, FF, 3, None, 0.0, 0.0)
    assert state.by_tpn[3].history[0] == RoundRecord(1, FF, 1, None, 0.0, 0.0)
    assert not state.by_tpn[1].had_bye_or_forfeit_win and not state.have_met(1, 3)


def test_c0406_1_6_1_boards_won_by_forfeit_and_double_forfeited_are_a_forfeit_win_of_the_team_that_scored(
    team_text,
):
    state = read(with_round(team_text, 1, {1: "-", 5: "-", 2: "-", 6: "+"}), "c0406").state
    assert state.by_tpn[3].history[0] == RoundRecord(1, FW, 1, None, 3.0, 1.0)
    assert state.by_tpn[1].history[0] == RoundRecord(1, FL, 3, None, 0.0, 0.0)


def test_c0406_1_6_1_a_board_left_empty_is_a_forfeited_board(team_text):
    # Charlie fields nobody on board 2: Alpha's player 2 wins it with F and no opponent.
    text = with_round(team_text, 1, {1: "+", 5: "-"})
    text = text.replace("    2     6 b =", "    2  0000 - F").replace("    6     2 w =", "    6  0000 -  ")
    state = read(text, "c0406").state
    assert state.by_tpn[1].history[0] == RoundRecord(1, FW, 3, None, 3.0, 2.0)
    assert state.by_tpn[3].history[0] == RoundRecord(1, FL, 1, None, 0.0, 0.0)


def test_c0406_1_6_1_a_match_where_each_team_won_a_board_by_forfeit_counts_as_played_as_fides_tool_reads_it(
    team_text,
):
    state = read(with_round(team_text, 1, {1: "+", 5: "-", 2: "-", 6: "+"}), "c0406").state
    assert state.by_tpn[1].history[0] == RoundRecord(1, P, 3, Colour.WHITE, 1.0, 1.0)
    assert state.by_tpn[3].history[0] == RoundRecord(1, P, 1, Colour.BLACK, 1.0, 1.0)
    assert state.have_met(1, 3)


def test_c0406_1_6_1_one_game_played_over_the_board_keeps_the_match_played(team_text):
    state = read(with_round(team_text, 1, {1: "+", 5: "-"}), "c0406").state  # board 2 drawn over the board
    assert state.by_tpn[1].history[0] == RoundRecord(1, P, 3, Colour.WHITE, 3.0, 1.5)
    assert state.have_met(1, 3)


def test_c0406_1_6_1_board_forfeits_without_a_330_record_read_as_the_330_record_says(team_text):
    # Round 2: Bravo won both boards against Alpha by forfeit, and the file says so with 330 +-.
    without = read(team_text.replace("330 +- 002   2   1\n", ""), "c0406")
    given = read(team_text, "c0406")
    assert without.state == given.state
    assert without.pairings[2] == given.pairings[2]  # Bravo had White on board 1
