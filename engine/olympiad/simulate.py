"""Simulated results of a paired Olympiad round (benchmark, randomized tests, demonstrations)."""

from __future__ import annotations

import random

from engine.olympiad.bye import bye_points
from engine.olympiad.options import parse_options
from engine.result import RoundPairing
from engine.state import Colour, Outcome, RoundRecord, TournamentState


def _match_points(gp: float, opp_gp: float, state: TournamentState) -> float:
    s = state.scoring
    return s.match_win if gp > opp_gp else s.match_draw if gp == opp_gp else s.match_loss


def simulate_round(state: TournamentState, pairing: RoundPairing, rng: random.Random) -> TournamentState:
    """The state with ``pairing`` played: each board an Elo-weighted game."""
    opts = parse_options(state.options)
    rnd = state.next_round
    boards = state.boards
    records: dict[int, RoundRecord] = {}
    for p in pairing.pairs:
        rw = state.by_tpn[p.white].rating or 2000.0
        rb = state.by_tpn[p.black].rating or 2000.0
        expected = 1.0 / (1.0 + 10 ** ((rb - rw) / 400.0))
        gw = 0.0
        for _ in range(boards):
            draw = 0.35
            x = rng.random()
            if x < draw:
                gw += 0.5
            elif x < draw + (1 - draw) * expected:
                gw += 1.0
        gb = boards - gw
        records[p.white] = RoundRecord(
            rnd, Outcome.PLAYED, p.black, Colour.WHITE, _match_points(gw, gb, state), gw
        )
        records[p.black] = RoundRecord(
            rnd, Outcome.PLAYED, p.white, Colour.BLACK, _match_points(gb, gw, state), gb
        )
    if pairing.bye is not None:
        mp, gp = bye_points(opts, boards)
        records[pairing.bye] = RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, mp, gp)
    for part in state.participants:
        records.setdefault(part.tpn, RoundRecord(rnd, Outcome.ABSENT))
    return state.with_round(records)
