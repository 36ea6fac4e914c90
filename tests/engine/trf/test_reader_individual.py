"""Reading a hand-written individual TRF file (tests/engine/trf/files/dubov_small.trf) for Dubov / Lim."""

from engine.result import Pair
from engine.state import Colour, Outcome, Player, RoundRecord, ScoreKind
from engine.trf import read


def test_each_001_record_is_a_participant_numbered_by_its_starting_rank(dubov_text):
    state = read(dubov_text).state
    assert state.system == "dubov" and not state.team  # 192 FIDE_DUBOV
    assert [p.tpn for p in state.participants] == [1, 2, 3, 4, 5]
    ann = state.by_tpn[1]
    assert (ann.name, ann.rating, ann.federation) == ("Able, Ann", 2500.0, "FRA")
    assert ann.roster == (Player(1, "Able, Ann", 2500, "4100001", "GM", "FRA", "m", "1990/05/17"),)
    assert state.by_tpn[4].roster[0].title == "WFM"
    assert state.by_tpn[5].rating == 0.0  # unrated


def test_xxr_gives_the_number_of_rounds(dubov_text):
    assert read(dubov_text).state.rounds_total == 7


def test_round_fields_become_played_games_forfeits_and_byes(dubov_text):
    state = read(dubov_text).state
    assert state.by_tpn[1].history == (
        RoundRecord(1, Outcome.PLAYED, 4, Colour.WHITE, 1.0, 1.0),
        RoundRecord(2, Outcome.FORFEIT_LOSS, 3, None, 0.0, 0.0),
    )
    assert state.by_tpn[3].history == (
        RoundRecord(1, Outcome.PAIRING_ALLOCATED_BYE, None, None, 1.0, 1.0),
        RoundRecord(2, Outcome.FORFEIT_WIN, 1, None, 1.0, 1.0),
    )
    assert state.by_tpn[2].history[1] == RoundRecord(2, Outcome.HALF_POINT_BYE, None, None, 0.5, 0.5)


def test_a_zero_point_bye_entered_for_the_round_to_be_paired_makes_the_player_absent(dubov_text):
    state = read(dubov_text).state
    assert state.rounds_played == 2
    assert state.unavailable == frozenset({4})


def test_individual_scoring_uses_the_game_score_and_a_pab_worth_a_win_by_default(dubov_text):
    s = read(dubov_text).state.scoring
    assert s.primary is ScoreKind.GAME_POINTS
    assert (s.game_win, s.game_draw, s.bye_game_points) == (1.0, 0.5, 1.0)


def player_line(number: int, name: str, points: str, rounds: str) -> str:
    """A 001 record: number 5-8, name 15-47, points 81-84, rank 86-89, rounds from 92."""
    return f"001 {number:>4}      {name:<33}{'':33}{points:>4} {number:>4}  {rounds}\n"


def test_162_changes_the_game_scoring():
    text = "162  W 3.0    D 1.0    L 0.0    P 1.0\n192 FIDE_LIM\n"
    text += player_line(1, "A", "3.0", "   2 w 1") + player_line(2, "B", "0.0", "   1 b 0")
    state = read(text).state
    assert state.system == "lim"
    assert state.by_tpn[1].history[0].game_points == 3.0
    assert state.scoring.bye_game_points == 1.0


def test_forfeits_keep_their_scheduled_colours_in_the_pairing_the_round_had(dubov_text):
    doc = read(dubov_text)
    assert doc.pairings[2].pairs == [Pair(3, 1), Pair(4, 5)]
    assert doc.pairings[1].bye == 3


def test_lim_flag_reads_the_file_for_the_lim_system(dubov_text):
    assert read(dubov_text, "lim").state.system == "lim"


def test_javafo_extensions_xxc_xxz_and_xxp_give_initial_colour_absentees_and_forbidden_pairs(dubov_text):
    text = dubov_text + "XXC black1\nXXZ 5\nXXP 1 2 3\n"
    state = read(text).state
    assert state.initial_colour is Colour.BLACK
    assert state.unavailable == frozenset({4, 5})
    assert state.forbidden_pairs == {frozenset({1, 2}), frozenset({1, 3}), frozenset({2, 3})}


def test_without_152_the_initial_colour_is_the_first_ranked_paired_players_round_1_colour(dubov_text):
    assert read(dubov_text).state.initial_colour is Colour.WHITE  # player 1 had White in round 1
    flipped = dubov_text.replace("     4 w 1", "     4 b 1").replace("     1 b 0", "     1 w 0")
    assert read(flipped).state.initial_colour is Colour.BLACK


def test_an_unfinished_game_counts_as_a_draw_for_pairing():
    # docs/interpretations.md: unfinished games count as draws until their result is entered
    text = (
        "192 FIDE_DUBOV\n" + player_line(1, "A", "0.0", "   2 w  ") + player_line(2, "B", "0.0", "   1 b  ")
    )
    rec = read(text).state.by_tpn[1].history[0]
    assert rec == RoundRecord(1, Outcome.PLAYED, 2, Colour.WHITE, 0.5, 0.5)


def test_a_double_forfeit_is_read_as_such():
    text = "192 FIDE_LIM\n" + player_line(1, "A", "0.0", "   2 w -") + player_line(2, "B", "0.0", "   1 b -")
    assert read(text).state.by_tpn[2].history[0].outcome is Outcome.DOUBLE_FORFEIT
