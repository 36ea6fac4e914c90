"""What a whole event carries through TRF-2026 beyond its games (docs/engine-cli.md).

Withdrawals and announced absences, the tie-break list, PABs whose value
differs from the 320 record, and boards one side left empty.
"""

from dataclasses import replace

import pytest

from engine.state import Colour, Outcome, Participant, Player, RoundRecord, Scoring, TournamentState
from engine.trf import TrfError, read, write
from engine.trf.games import GamePoints

R = RoundRecord


def team(tpn, *records, withdrawn=False):
    roster = tuple(Player(2 * tpn - 1 + i, f"Player {2 * tpn - 1 + i}", 2000 - tpn) for i in range(2))
    return Participant(
        tpn=tpn, name=f"Team {tpn}", rating=2000.0 - tpn, history=records, roster=roster, withdrawn=withdrawn
    )


def four_teams(**kw) -> TournamentState:
    """Four teams of two boards after round 1: 1 beat 2, 3 drew with 4."""
    base = dict(
        participants=(
            team(1, R(1, Outcome.PLAYED, 2, Colour.WHITE, 2, 2.0)),
            team(2, R(1, Outcome.PLAYED, 1, Colour.BLACK, 0, 0.0)),
            team(3, R(1, Outcome.PLAYED, 4, Colour.WHITE, 1, 1.0)),
            team(4, R(1, Outcome.PLAYED, 3, Colour.BLACK, 1, 1.0), withdrawn=kw.pop("withdrawn", False)),
        ),
        rounds_total=4,
        boards=2,
        board_colour_sequence="WB",
    )
    return TournamentState(**{**base, **kw})


# -- withdrawals and absences -------------------------------------------------------


def test_a_withdrawal_is_an_extension_line_and_zero_byes_for_every_remaining_round():
    state = four_teams(withdrawn=True, unavailable=frozenset({3, 4}))
    text = write(state, withdrawals={4: 2}, absences={3: {2}})
    assert "### engine-withdrawn 4 2\n" in text
    assert "240 Z 002    3    4\n" in text  # the round to be paired: absent and withdrawn
    assert "240 Z 003    2    4\n" in text  # an absence announced for round 3
    assert "240 Z 004    4\n" in text
    doc = read(text)
    assert doc.state == state
    assert doc.withdrawals == {4: 2}
    assert doc.absences == {2: {3, 4}, 3: {2, 4}, 4: {4}}


def test_a_withdrawal_from_a_later_round_leaves_the_team_paired_until_then():
    state = four_teams()
    doc = read(write(state, withdrawals={2: 3}))
    assert not doc.state.by_tpn[2].withdrawn and doc.state.unavailable == frozenset()
    assert doc.withdrawals == {2: 3} and doc.absences == {3: {2}, 4: {2}}


def test_a_withdrawn_participant_without_its_round_is_written_as_withdrawn_from_the_round_to_be_paired():
    state = four_teams(withdrawn=True, unavailable=frozenset({4}))
    text = write(state)
    assert "### engine-withdrawn 4 2\n" in text
    assert read(text).state == state


@pytest.mark.parametrize(
    ("line", "message", "column"),
    [
        ("### engine-withdrawn 4", "expected '### engine-withdrawn TPN ROUND'", 22),
        ("### engine-withdrawn 4 x", "withdrawal round 'x' is not a positive whole number", 24),
        ("### engine-withdrawn 9 2", "engine-withdrawn names 9, who is not a participant", 22),
        ("### engine-withdrawn 4 1", "participant 4 withdrew from round 1 but is paired in round 1", 24),
        ("### engine-tiebreaks MP XYZ", "unknown tie-break 'XYZ'", 25),
        ("### engine-pab 1 1 x", "PAB game points 'x' is not a number", 20),
        ("### engine-event close {", "event setting close: '{' is not a JSON value", 24),
        ("### engine-pab 1 1 1", "engine-pab gives a value to round 1, which had no PAB", 16),
    ],
)
def test_a_malformed_extension_line_is_refused_with_its_line_and_column(line, message, column):
    lines = write(four_teams()).splitlines()
    lines.insert(2, line)
    with pytest.raises(TrfError, match=message) as err:
        read("\n".join(lines) + "\n")
    assert (err.value.line, err.value.column) == (3, column)


# -- tie-breaks ------------------------------------------------------------------------


def test_the_tie_break_list_is_an_extension_line_and_reads_back_in_order():
    text = write(four_teams(), tiebreaks=["MP", "SB", "GP"])
    assert "### engine-tiebreaks MP SB GP\n" in text
    assert read(text).tiebreaks == ["MP", "SB", "GP"]
    assert read(write(four_teams())).tiebreaks == []


def test_event_settings_the_engine_does_not_use_are_carried_as_json():
    settings = {"lineup_close_time": "18:00:00", "lineups_open_on_publication": False}
    text = write(four_teams(), event_settings=settings)
    assert '### engine-event lineup_close_time "18:00:00"\n' in text
    assert read(text).event_settings == settings


# -- PAB values ------------------------------------------------------------------------


def three_teams_with_byes(first: tuple[float, float], second: tuple[float, float], **kw) -> TournamentState:
    pab = Outcome.PAIRING_ALLOCATED_BYE
    return TournamentState(
        participants=(
            team(1, R(1, pab, None, None, *first), R(2, Outcome.PLAYED, 2, Colour.WHITE, 2, 2.0)),
            team(
                2,
                R(1, Outcome.PLAYED, 3, Colour.WHITE, 1, 1.0),
                R(2, Outcome.PLAYED, 1, Colour.BLACK, 0, 0.0),
            ),
            team(3, R(1, Outcome.PLAYED, 2, Colour.BLACK, 1, 1.0), R(2, pab, None, None, *second)),
        ),
        rounds_total=3,
        boards=2,
        board_colour_sequence="WB",
        **kw,
    )


def test_a_pab_worth_other_points_than_the_scoring_says_survives_write_then_read():
    state = three_teams_with_byes((2.0, 2.0), (1.0, 1.0))  # round 1's bye was a win; the rule is a draw
    text = write(state)
    assert "320  1.0  1.0 001 003" in text and "### engine-pab 1 2 2\n" in text
    assert read(text).state == state


def test_pabs_of_different_values_in_different_rounds_keep_each_value():
    state = three_teams_with_byes((1.0, 2.0), (2.0, 1.5), scoring=Scoring(bye_game_points=2.0))
    text = write(state)
    assert "### engine-pab 1" not in text and "### engine-pab 2 2 1.5\n" in text
    again = read(text).state
    assert again == state
    assert [p.match_points for p in again.participants] == [3.0, 1.0, 3.0]


def test_an_individual_pab_worth_other_points_than_p_of_162_survives_write_then_read():
    def player(tpn, *records):
        return Participant(
            tpn=tpn, name=f"P{tpn}", rating=2000.0, history=records, roster=(Player(tpn, f"P{tpn}", 2000),)
        )

    pab = Outcome.PAIRING_ALLOCATED_BYE
    state = TournamentState(
        participants=(
            player(1, R(1, pab, None, None, 0.5, 0.5)),
            player(2, R(1, Outcome.PLAYED, 3, Colour.WHITE, 1.0, 1.0)),
            player(3, R(1, Outcome.PLAYED, 2, Colour.BLACK, 0.0, 0.0)),
        ),
        system="dubov",
        team=False,
        rounds_total=3,
        boards=1,
        board_colour_sequence="W",
        scoring=GamePoints().individual_scoring(),  # a PAB is worth P of 162: a win
    )
    text = write(state)
    assert "### engine-pab 1 0.5 0.5\n" in text
    assert read(text).state == state


# -- empty boards ----------------------------------------------------------------------


@pytest.mark.parametrize("empty", [1, 2])
def test_a_board_the_opponent_left_empty_is_a_forfeit_win_that_reads_back(empty):
    """Team 1 fields both boards; team 2 leaves board ``empty`` empty: team 1 wins 2-0, the match is played."""
    played = 2 if empty == 1 else 1
    mine, theirs = {1: (1, 3), 2: (2, 4)}[played]
    white = "w" if played == 1 else "b"  # sequence WB: team 1 has White on board 1
    games = {
        mine: [(theirs, white, "1")],
        theirs: [(mine, "b" if white == "w" else "w", "0")],
        {1: 1, 2: 2}[empty]: [(0, "-", "F")],
        {1: 3, 2: 4}[empty]: [(0, "-", " ")],
    }
    lineup = [0, 4] if empty == 1 else [3, 0]
    state = TournamentState(
        participants=(
            team(1, R(1, Outcome.PLAYED, 2, Colour.WHITE, 2, 2.0)),
            team(2, R(1, Outcome.PLAYED, 1, Colour.BLACK, 0, 0.0)),
        ),
        rounds_total=3,
        boards=2,
        board_colour_sequence="WB",
    )
    text = write(state, games, {(1, 2): lineup})
    assert f"{empty:>4}" in text and "0000 - F" in text
    doc = read(text)
    assert doc.state == state
    assert [(p.white, p.black) for p in doc.pairings[1].pairs] == [(1, 2)]


def test_a_team_withdrawn_in_the_file_is_not_paired_in_the_next_round():
    from engine import api, generator

    state, games = generator.generate(
        "c0406", generator.GeneratorConfig(participants=8, rounds=2, absence_rate=0, forfeit_rate=0), seed=3
    )
    state = replace(state, unavailable=frozenset())
    text = write(state, games, withdrawals={8: 3})
    doc = read(text)
    assert doc.state.by_tpn[8].withdrawn and doc.state.unavailable == {8}
    pairing = api.pair(doc.state)
    paired = {t for p in pairing.pairs for t in (p.white, p.black)} | {pairing.bye}
    assert paired == {1, 2, 3, 4, 5, 6, 7}
