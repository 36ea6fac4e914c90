"""Round 1's absent teams (rules 52-53).

A team not present and not announced (rule 52) is not paired: the caller
lists it in ``TournamentState.unavailable`` and it simply has an absent
round. A team paired but absent one hour after the start of round 1 loses
0-4 (men's teams) / 0-3 (women's teams) (rule 53), i.e. 0 to the number of
boards; its opponent wins by forfeit, which is no meeting (they may be
paired again, rule 14(a)) but is "scoring without playing" (rule 14(b): no
bye later).
"""

from __future__ import annotations

from engine.result import RoundPairing
from engine.state import Outcome, RoundRecord, TournamentState


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
