"""Reading a hand-written TRF-2026 team file (tests/engine/trf/files/team_small.trf), field by field."""

from engine.result import Pair
from engine.state import Colour, ColourPreferenceType, Outcome, Player, RoundRecord, ScoreKind
from engine.trf import Overrides, read

P, FW, FL = Outcome.PLAYED, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
W, B = Colour.WHITE, Colour.BLACK


def test_header_records_set_the_competition_rules(team_text):
    state = read(team_text, "c0406").state
    assert state.name == "Small Team Swiss"
    assert state.team and state.system == "c0406"
    assert state.rounds_total == 5  # 142
    assert state.initial_colour is Colour.WHITE  # 152
    assert state.boards == 2 and state.board_colour_sequence == "WB"  # 352
    assert (state.scoring.match_win, state.scoring.match_draw, state.scoring.match_loss) == (3, 1, 0)  # 362


def test_192_fide_team_typeb_gp_mp_sets_type_b_game_points_primary_and_match_points_for_colours(team_text):
    state = read(team_text, "c0406").state
    assert state.colour_preferences is ColourPreferenceType.B
    assert state.scoring.primary is ScoreKind.GAME_POINTS
    assert state.scoring.secondary_for_colours


def test_310_records_give_tpn_name_strength_nickname_and_members_in_board_order(team_text):
    alpha = read(team_text, "c0406").state.by_tpn[1]
    assert (alpha.name, alpha.rating, alpha.federation) == ("Alpha", 2350.0, "ALP")
    assert [p.number for p in alpha.roster] == [1, 2]
    assert alpha.roster[0] == Player(1, "Alpha, Ann", 2400, "1001", "", "ENG", "m", "2000/01/01")


def test_c0406_1_6_1_team_colour_is_its_first_boards_colour(team_text):
    state = read(team_text, "c0406").state
    assert state.by_tpn[1].history[0] == RoundRecord(1, P, 3, W, 3.0, 1.5)
    assert state.by_tpn[3].history[0] == RoundRecord(1, P, 1, B, 0.0, 0.5)
    # Delta's first board had White against Bravo's second-listed board order
    assert state.by_tpn[4].history[0] == RoundRecord(1, P, 2, W, 0.0, 0.5)
    assert state.by_tpn[2].history[0] == RoundRecord(1, P, 4, B, 3.0, 1.5)


def test_300_lineup_out_of_order_decides_who_was_on_the_first_board(team_text):
    # Echo fielded player 10 on board 1 (Black) and 9 on board 2 in round 2.
    echo = read(team_text, "c0406").state.by_tpn[5]
    assert echo.history[1] == RoundRecord(2, P, 3, B, 1.0, 1.0)


def test_330_forfeited_match_gives_no_colour_and_the_players_game_points(team_text):
    state = read(team_text, "c0406").state
    assert state.by_tpn[2].history[1] == RoundRecord(2, FW, 1, None, 3.0, 2.0)
    assert state.by_tpn[1].history[1] == RoundRecord(2, FL, 2, None, 0.0, 0.0)


def test_320_pairing_allocated_bye_records_its_match_and_game_points(team_text):
    state = read(team_text, "c0406").state
    assert state.by_tpn[5].history[0] == RoundRecord(1, Outcome.PAIRING_ALLOCATED_BYE, None, None, 3.0, 1.0)
    assert state.scoring.bye_match_points == 3.0
    assert state.scoring.bye_game_points is None  # 1.0 is the C.04.6 1.4 default for 2 boards


def test_240_bye_in_a_played_round_is_in_the_history_and_in_the_next_round_makes_absent(team_text):
    state = read(team_text, "c0406").state
    assert state.by_tpn[4].history[1] == RoundRecord(2, Outcome.HALF_POINT_BYE, None, None, 1.0, 1.0)
    assert state.unavailable == frozenset({3})
    assert state.next_round == 3


def test_260_forbidden_pairing_in_force_for_the_round_to_be_paired(team_text):
    assert read(team_text, "c0406").state.forbidden_pairs == frozenset({frozenset({1, 2})})


def test_totals_match_the_310_match_and_game_points(team_text):
    state = read(team_text, "c0406").state
    assert [(p.match_points, p.game_points) for p in state.participants] == [
        (3, 1.5),
        (6, 3.5),
        (1, 1.5),
        (1, 1.5),
        (4, 2.0),
    ]


def test_the_pairing_each_round_had_is_read_with_colours_and_bye(team_text):
    doc = read(team_text, "c0406")
    assert doc.pairings[1].pairs == [Pair(1, 3), Pair(4, 2)] and doc.pairings[1].bye == 5
    assert set(doc.pairings[2].pairs) == {Pair(2, 1), Pair(3, 5)} and doc.pairings[2].bye is None


def test_state_before_a_round_cuts_history_and_applies_that_rounds_forbidden_pairs(team_text):
    doc = read(team_text, "c0406")
    before2 = doc.state_before(2)
    assert before2.rounds_played == 1
    assert before2.unavailable == frozenset({4})  # Delta's half-point bye
    assert before2.forbidden_pairs == frozenset({frozenset({1, 2})})


def test_command_line_overrides_win_over_the_192_record(team_text):
    ov = Overrides(
        colour_preferences=ColourPreferenceType.NONE,
        primary=ScoreKind.MATCH_POINTS,
        secondary_for_colours=False,
    )
    state = read(team_text, "c0406", ov).state
    assert state.colour_preferences is ColourPreferenceType.NONE
    assert state.scoring.primary is ScoreKind.MATCH_POINTS
    assert not state.scoring.secondary_for_colours


def test_olympiad_system_reads_the_same_team_file(team_text):
    state = read(team_text, "olympiad", Overrides(options={"version": "1998"})).state
    assert state.system == "olympiad" and state.team
    assert state.options["version"] == "1998"


def test_old_013_team_records_number_teams_in_order_of_appearance(team_text):
    lines = []
    for line in team_text.splitlines():
        if line.startswith("310"):
            members = line[73:].split()
            line = f"013 {line[8:40].strip():<32}" + "".join(f"{int(m):>4} " for m in members).rstrip()
        if not line.startswith(("300", "320", "330", "240", "260")):
            lines.append(line)
    lines.append("320  3.0  1.0 005 000")
    lines.append("330 +- 002   2   1")
    lines.append("240 H 002    4")
    lines.append("300 002   5   3   10    9")
    state = read("\n".join(lines), "c0406").state
    assert [p.name for p in state.participants] == ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]
    assert state.by_tpn[5].history[1].colour is Colour.BLACK
    assert state.by_tpn[1].rating == 2350  # no strength: the mean of the boards' ratings


def test_a_forfeited_match_without_player_results_gives_the_winner_all_the_boards(team_text):
    lines = team_text.splitlines()
    for i in (7, 8, 9, 10):  # players 1-4: drop their round 2 games, which the 330 record covers
        lines[i] = lines[i][:101].rstrip()
    lines[9] = lines[9][:80] + " 1.0" + lines[9][84:]  # player 3 loses the forfeit point
    lines[10] = lines[10][:80] + " 0.5" + lines[10][84:]  # player 4 too
    state = read("\n".join(lines), "c0406").state
    assert state.by_tpn[2].history[1] == RoundRecord(2, FW, 1, None, 3.0, 2.0)  # 2 boards x 1 point
    assert state.by_tpn[1].history[1] == RoundRecord(2, FL, 2, None, 0.0, 0.0)


def test_players_marked_u_without_a_320_record_give_their_team_the_pab(team_text):
    lines = [ln for ln in team_text.splitlines() if not ln.startswith("320")]
    lines[15] = lines[15][:91] + "0000 - U" + lines[15][99:]  # player 9, round 1
    lines[15] = lines[15][:80] + " 2.0" + lines[15][84:]
    lines[21] = lines[21][:54] + "   2.0    2.0" + lines[21][67:]  # Echo: PAB worth a draw (C.04.6 1.4)
    state = read("\n".join(lines), "c0406").state
    assert state.by_tpn[5].history[0] == RoundRecord(1, Outcome.PAIRING_ALLOCATED_BYE, None, None, 1.0, 1.0)
    assert state.scoring.bye_match_points is None
