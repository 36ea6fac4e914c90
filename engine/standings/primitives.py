"""The tie-break values themselves, one function per tie-break (FIDE C.07, 2023, for teams).

Each function takes the state and returns ``{tpn: value}`` for every
participant. "Score" means the primary score of the competition
(``state.scoring.primary``) unless a :class:`ScoreKind` is passed.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.standings.contributions import cut, opponent_scores
from engine.state import Outcome, ScoreKind, TournamentState


def round_score(rec, kind: ScoreKind) -> float:
    """A round record's points of ``kind`` (match or game points)."""
    return rec.match_points if kind is ScoreKind.MATCH_POINTS else rec.game_points


def score(state: TournamentState, kind: ScoreKind) -> dict[int, float]:
    """Match points (MP) or game points (GP) as a tie-break (C.07 team scores)."""
    return {p.tpn: p.score(kind) for p in state.participants}


def buchholz(
    state: TournamentState, kind: ScoreKind | None = None, lowest: int = 0, highest: int = 0
) -> dict[int, float]:
    """Buchholz (C.07 8.1) with its Cut-N / Median-N modifiers (C.07 8.2).

    The sum of the opponents' scores; ``lowest``/``highest`` contributions cut.
    Unplayed rounds contribute as :mod:`.contributions` says.
    """
    kind = kind or state.scoring.primary
    return {
        p.tpn: sum(c.value for c in cut(opponent_scores(state, p, kind), lowest, highest))
        for p in state.participants
    }


def sonneborn_berger(state: TournamentState, kind: ScoreKind | None = None) -> dict[int, float]:
    """Sonneborn-Berger for teams (C.07 9.1): sum over matches played of the
    opponent's score times the score the team made against that opponent, both
    in the same unit (match points when match points rank). Unplayed rounds
    contribute nothing."""
    kind = kind or state.scoring.primary
    out = {}
    for p in state.participants:
        total = 0.0
        for rec in p.history:
            if rec.played and rec.opponent in state.by_tpn:
                total += state.by_tpn[rec.opponent].score(kind) * round_score(rec, kind)
        out[p.tpn] = total
    return out


def extended_sonneborn_berger(state: TournamentState) -> dict[int, float]:
    """Extended (match-game) Sonneborn-Berger for teams: sum over matches played
    of the opponent's match points times the game points the team scored in
    that match. Unplayed rounds contribute nothing."""
    out = {}
    for p in state.participants:
        total = 0.0
        for rec in p.history:
            if rec.played and rec.opponent in state.by_tpn:
                total += state.by_tpn[rec.opponent].match_points * rec.game_points
        out[p.tpn] = total
    return out


def matches_won(state: TournamentState) -> dict[int, float]:
    """Number of matches won, over the board or by forfeit (C.07 7.1 "WON" for teams)."""
    win = state.scoring.match_win
    return {
        p.tpn: float(
            sum(
                1
                for r in p.history
                if (r.played and r.match_points >= win) or r.outcome is Outcome.FORFEIT_WIN
            )
        )
        for p in state.participants
    }


def direct_encounter(
    state: TournamentState, group: Iterable[int], kind: ScoreKind | None = None
) -> dict[int, float]:
    """Direct encounter (C.07 6) within a group of tied participants.

    The score each made in its matches against the others of the group
    (forfeits counted as scored). It separates them only when every pair of
    the group has met; otherwise every member gets 0 (no separation), the
    reading written in ``docs/interpretations/standings.md``.
    """
    kind = kind or state.scoring.primary
    members = set(group)
    if len(members) < 2:
        return dict.fromkeys(members, 0.0)
    totals = dict.fromkeys(members, 0.0)
    met: dict[int, set[int]] = {t: set() for t in members}
    for t in members:
        for rec in state.by_tpn[t].history:
            if rec.outcome.had_opponent and rec.opponent in members:
                totals[t] += round_score(rec, kind)
                met[t].add(rec.opponent)
    if any(met[t] != members - {t} for t in members):
        return dict.fromkeys(members, 0.0)
    return totals
