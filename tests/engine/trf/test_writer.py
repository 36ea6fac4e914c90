"""Writing TRF-2026: what the reader reads, written back, reads to an equal state."""

from dataclasses import replace

import pytest

from engine.result import Pair, RoundPairing
from engine.state import (
    Colour,
    ColourPreferenceType,
    Outcome,
    Participant,
    Player,
    RoundRecord,
    ScoreKind,
    Scoring,
    TournamentState,
)
from engine.trf import format_pairs, parse_pairs, read, write


def test_writing_the_hand_written_team_file_reads_back_to_an_equal_state(team_text):
    state = read(team_text, "c0406").state
    assert read(write(state), "c0406").state == state


def test_writing_the_hand_written_individual_file_reads_back_to_an_equal_state(dubov_text):
    state = read(dubov_text).state
    assert read(write(state)).state == state


def test_the_writers_player_level_results_keep_each_teams_colour_and_points(team_text):
    doc = read(team_text, "c0406")
    again = read(write(doc.state), "c0406")
    assert again.pairings[1].pairs == doc.pairings[1].pairs
    assert set(again.pairings[2].pairs) == set(doc.pairings[2].pairs)  # the 330 keeps the forfeit's colours


def team(tpn, numbers, *records, name=None):
    roster = tuple(Player(n, f"Player {n}", 2000 - n) for n in numbers)
    return Participant(
        tpn=tpn, name=name or f"Team {tpn}", rating=2000.0 - tpn, history=records, roster=roster
    )


R = RoundRecord


def test_a_state_with_every_kind_of_round_survives_write_then_read():
    state = TournamentState(
        participants=(
            team(
                1, [1, 2, 3], R(1, Outcome.PLAYED, 2, Colour.BLACK, 2, 2.0), R(2, Outcome.DOUBLE_FORFEIT, 3)
            ),
            team(2, [4, 5, 6], R(1, Outcome.PLAYED, 1, Colour.WHITE, 0, 1.0), R(2, Outcome.ZERO_POINT_BYE)),
            team(
                3,
                [7, 8, 9],
                R(1, Outcome.FULL_POINT_BYE, None, None, 2, 3.0),
                R(2, Outcome.DOUBLE_FORFEIT, 1),
            ),
            team(
                4, [10, 11, 12], R(1, Outcome.ABSENT), R(2, Outcome.PAIRING_ALLOCATED_BYE, None, None, 1, 1.5)
            ),
        ),
        name="Every outcome",
        rounds_total=6,
        boards=3,
        board_colour_sequence="BWB",
        initial_colour=Colour.BLACK,
        colour_preferences=ColourPreferenceType.NONE,
        scoring=Scoring(primary=ScoreKind.GAME_POINTS, secondary_for_colours=False),
        unavailable=frozenset({2}),
        forbidden_pairs=frozenset({frozenset({1, 3}), frozenset({2, 4})}),
        options={"acceleration": "baku"},
    )
    assert read(write(state), "c0406").state == state


def test_explicit_pab_points_are_written_in_320_and_read_back():
    scoring = Scoring(bye_match_points=2.0, bye_game_points=2.0)
    state = TournamentState(
        participants=(
            team(1, [1, 2], R(1, Outcome.PAIRING_ALLOCATED_BYE, None, None, 2, 2)),
            team(2, [3, 4], R(1, Outcome.PLAYED, 3, Colour.WHITE, 1, 1)),
            team(3, [5, 6], R(1, Outcome.PLAYED, 2, Colour.BLACK, 1, 1)),
        ),
        boards=2,
        board_colour_sequence="WB",
        scoring=scoring,
    )
    text = write(state)
    assert "320  2.0  2.0 001" in text
    assert read(text, "c0406").state == state


def test_individual_events_write_individual_codes_and_read_back():
    def player(tpn, *records):
        return Participant(
            tpn=tpn, name=f"P{tpn}", rating=2100.0, history=records, roster=(Player(tpn, f"P{tpn}", 2100),)
        )

    from engine.trf.games import GamePoints

    state = TournamentState(
        participants=(
            player(
                1,
                R(1, Outcome.PLAYED, 2, Colour.WHITE, 0.5, 0.5),
                R(2, Outcome.FULL_POINT_BYE, None, None, 1, 1),
            ),
            player(
                2, R(1, Outcome.PLAYED, 1, Colour.BLACK, 0.5, 0.5), R(2, Outcome.FORFEIT_WIN, 3, None, 1, 1)
            ),
            player(3, R(1, Outcome.PAIRING_ALLOCATED_BYE, None, None, 1, 1), R(2, Outcome.FORFEIT_LOSS, 2)),
        ),
        system="lim",
        team=False,
        boards=1,
        board_colour_sequence="W",
        scoring=GamePoints().individual_scoring(),
        unavailable=frozenset({3}),
    )
    text = write(state)
    assert "192 FIDE_LIM" in text
    assert read(text).state == state


def test_a_roster_without_player_results_gets_board_results_that_keep_the_game_points():
    state = TournamentState(
        participants=(
            team(1, [1, 2, 3, 4], R(1, Outcome.PLAYED, 2, Colour.WHITE, 2, 2.5)),
            team(2, [5, 6, 7, 8], R(1, Outcome.PLAYED, 1, Colour.BLACK, 0, 1.5)),
        ),
    )
    lines = [ln for ln in write(state).splitlines() if ln.startswith("001")]
    assert [ln[98] for ln in lines[:4]] == ["1", "1", "=", "0"]
    assert read(write(state), "c0406").state == state


def test_game_points_that_no_board_results_can_give_are_refused():
    state = TournamentState(
        participants=(
            team(1, [1, 2], R(1, Outcome.PLAYED, 2, Colour.WHITE, 2, 2.0)),
            team(2, [3, 4], R(1, Outcome.PLAYED, 1, Colour.BLACK, 0, 2.0)),
        ),
        boards=2,
        board_colour_sequence="WB",
    )
    with pytest.raises(ValueError, match="cannot be spread"):
        write(state)


def test_a_rating_with_decimals_is_kept_in_the_strength_field():
    state = TournamentState(participants=(replace(team(1, [1]), rating=2012.5), team(2, [2])), boards=1)
    assert read(write(state), "c0406").state.by_tpn[1].rating == 2012.5


# -- the pair output ------------------------------------------------------------------


def test_pair_output_gives_the_number_of_pairs_then_white_black_by_board_and_the_pab_as_number_0():
    pairing = RoundPairing(round=3, pairs=[Pair(4, 1), Pair(2, 5)], bye=3)
    assert format_pairs(pairing) == "3\n4 1\n2 5\n3 0\n"


def test_pair_output_without_a_bye_counts_only_the_pairs():
    assert format_pairs(RoundPairing(round=1, pairs=[Pair(1, 2)])) == "1\n1 2\n"


def test_pair_output_reads_back():
    pairing = RoundPairing(round=3, pairs=[Pair(4, 1), Pair(2, 5)], bye=3)
    again = parse_pairs(format_pairs(pairing))
    assert again.pairs == pairing.pairs and again.bye == 3


@pytest.mark.parametrize("text", ["2\n1 2\n", "x\n", "1\n1 2 3\n", ""])
def test_a_malformed_pair_output_is_refused(text):
    from engine.trf import TrfError

    with pytest.raises(TrfError):
        parse_pairs(text)
