"""C.04.6 1.6.1: the generator records a match whose every board was forfeited as not played.

It is a forfeit (no colour, no meeting; a forfeit win bars the PAB, C2) written
with a ``330`` record, so the engine's reader and FIDE's tool read the file the
same way; a match in which each team won a board by forfeit counts as played
(docs/interpretations/foundation.md, "A match with every board forfeited").
"""

from engine import generator, trf
from engine.checker import check_document
from engine.state import Outcome

FORFEITS = (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT)


def every_board_forfeited(boards: int) -> generator.GeneratorConfig:
    return generator.GeneratorConfig(
        participants=8,
        rounds=4,
        boards=boards,
        forfeit_rate=0.0,
        board_forfeit_rate=1.0,  # every board forfeited, by one side or the other
        absence_rate=0.0,
    )


def test_c0406_1_6_1_a_generated_one_board_match_forfeited_is_a_forfeit_written_with_330_and_read_back():
    state, games = generator.generate("c0406", every_board_forfeited(1), seed=4)
    records = [r for p in state.participants for r in p.history]
    assert records and all(r.outcome in FORFEITS and r.colour is None for r in records)
    text = trf.write(state, games)
    assert sum(line.startswith("330 ") for line in text.splitlines()) == 4 * 4  # 4 matches a round
    doc = trf.read(text, "c0406")
    assert doc.state == state
    assert all(check.same for check in check_document(doc))


def test_c0406_2_1_2_a_generated_match_won_on_every_board_by_forfeit_bars_the_winner_from_the_bye():
    state, _ = generator.generate("c0406", every_board_forfeited(1), seed=4)
    winners = {p.tpn for p in state.participants if p.history[0].outcome is Outcome.FORFEIT_WIN}
    assert len(winners) == 4
    assert all(state.by_tpn[t].had_bye_or_forfeit_win for t in winners)


def test_c0406_1_6_1_generated_matches_forfeited_on_every_board_both_ways_round_trip_as_the_reader_reads_them():
    # Two boards each forfeited by a random side: one-sided matches are forfeits, matches where
    # each team won a board count as played (FIDE's tool's reading), both read back as generated.
    state, games = generator.generate("c0406", every_board_forfeited(2), seed=7)
    outcomes = {r.outcome for p in state.participants for r in p.history}
    assert Outcome.PLAYED in outcomes and Outcome.FORFEIT_WIN in outcomes
    played = [r for p in state.participants for r in p.history if r.outcome is Outcome.PLAYED]
    assert all(r.game_points == 1.0 and r.colour is not None for r in played)
    doc = trf.read(trf.write(state, games), "c0406")
    assert doc.state == state
    assert all(check.same for check in check_document(doc))
