"""Round records for a paired Olympiad round: simulated, or round 1's no-shows.

- :func:`simulate_round` plays a pairing from the teams' ratings (benchmark,
  randomized tests, demonstrations).
- :func:`no_show_records` builds round 1's records under rules 52-53: a team
  paired but absent one hour after the start loses 0-4 (men) / 0-3 (women),
  i.e. 0 to the number of boards; its opponent wins by forfeit (and so has
  "scored without playing", rule 14(b)). A team not paired at all (rule 52)
  simply has an absent round.
"""

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


def no_show_records(
    state: TournamentState, pairing: RoundPairing, no_shows: set[int]
) -> dict[int, RoundRecord]:
    """Rule 53: records of round 1 for the no-show teams and their opponents.

    The no-show loses 0 - (number of boards), the opponent wins by forfeit
    with all the boards' game points and a match win. Both absent: both lose.
    """
    rnd = pairing.round
    boards = state.boards
    s = state.scoring
    out: dict[int, RoundRecord] = {}
    for p in pairing.pairs:
        for me, opp in ((p.white, p.black), (p.black, p.white)):
            if me in no_shows and opp in no_shows:
                out[me] = RoundRecord(rnd, Outcome.DOUBLE_FORFEIT, opp, None, s.match_loss, 0.0)
            elif me in no_shows:
                out[me] = RoundRecord(rnd, Outcome.FORFEIT_LOSS, opp, None, s.match_loss, 0.0)
            elif opp in no_shows:
                out[me] = RoundRecord(rnd, Outcome.FORFEIT_WIN, opp, None, s.match_win, float(boards))
    unknown = no_shows - set(out)
    if unknown:
        raise ValueError(
            f"teams {sorted(unknown)} are not paired in round {rnd}: no forfeit to record (rule 52)"
        )
    return out
