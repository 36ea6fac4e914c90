"""Float histories: in which rounds a participant met a higher or a lower score.

A participant paired against an opponent whose score before that round was
higher has floated up; against a lower score, down (C.04.6 1.5 "floater";
Olympiad 1998 rules 25 and 29; Dubov 2.5 and 6.4; Lim 10.10). A forfeited
pairing counts, since the pairing was made; a round without an opponent
(a bye, an absence) is no float. Which of these a system counts is its own.
"""

from __future__ import annotations

from enum import IntEnum

from engine.state import Participant, ScoreKind, TournamentState


class Float(IntEnum):
    """One round of a participant's float history."""

    DOWN = -1  # met a lower score
    NONE = 0  # met the same score
    UP = 1  # met a higher score


def scores_before_rounds(state: TournamentState, kind: ScoreKind) -> dict[int, list[float]]:
    """Each participant's ``kind`` score before round 1, 2, ... (index r-1), and after the last."""
    out: dict[int, list[float]] = {}
    for p in state.participants:
        acc, seq = 0.0, [0.0]
        for r in p.history:
            acc += r.match_points if kind is ScoreKind.MATCH_POINTS else r.game_points
            seq.append(acc)
        out[p.tpn] = seq
    return out


def float_history(
    state: TournamentState, p: Participant, before: dict[int, list[float]] | None = None
) -> list[Float | None]:
    """Per round played so far: UP, DOWN or NONE, or None where ``p`` had no opponent.

    Scores are the competition's primary score; ``before`` (from
    :func:`scores_before_rounds`) saves recomputing them for every participant.
    """
    before = before or scores_before_rounds(state, state.scoring.primary)
    out: list[Float | None] = []
    for i, rec in enumerate(p.history):
        if not rec.outcome.had_opponent or rec.opponent not in state.by_tpn:
            out.append(None)
            continue
        mine, theirs = before[p.tpn][i], before[rec.opponent][i]
        out.append(Float.UP if theirs > mine else Float.DOWN if theirs < mine else Float.NONE)
    return out
