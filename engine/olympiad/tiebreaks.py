"""Final ranking and tie-breaks of the Olympiad (rule 12, 1998 and 2007).

1998 rule 12 (teams ranked by game points):
  (a) the sum of the game scores of all the team's opponents;
  (b) the number of match points won;
  (c) the sum of the game scores of the opponents defeated plus half the
      game scores of the opponents drawn with (matches);
  (d) as (a), excluding the two opponents with the highest and the two with
      the lowest game scores.

2007 amended rule 12 (teams ranked by match points):
  (a) the sum of the opponents' match points, each multiplied by the team's
      game points against that opponent, excluding the two opponents with
      the lowest match points;
  (b) the sum of the opponents' match points, excluding the same two;
  (c) the number of game points.

Opponents are the teams a team was paired with (played or forfeited). In
the 2007 text a round without an opponent (bye, absence) counts as an
opponent with 0 match points, so that the exclusion of the two lowest
"neutralises ... byes etc." as the amendment's note says; the 1998 text
counts real opponents only. Among opponents tied on match points, the ones
excluded in 2007 (a) are those whose product is smaller. The organiser's
"C" team (rule 2: ``Participant.unranked`` or option ``host_team``) is not
ranked, but its points count for its opponents.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.olympiad.options import OlympiadOptions, parse_options
from engine.state import Participant, TournamentState

NAMES_1998 = (
    "GP",
    "12(a) opponents' GP",
    "12(b) MP",
    "12(c) defeated + half drawn opponents' GP",
    "12(d) opponents' GP, 2 highest and 2 lowest cut",
)
NAMES_2007 = (
    "MP",
    "12(a) opponents' MP x GP scored, 2 lowest cut",
    "12(b) opponents' MP, 2 lowest cut",
    "12(c) GP",
)


@dataclass(frozen=True)
class StandingRow:
    rank: int
    tpn: int
    name: str
    values: tuple[float, ...]  # the score, then the tie-breaks in order
    names: tuple[str, ...]

    @property
    def score(self) -> float:
        return self.values[0]

    @property
    def tiebreaks(self) -> tuple[float, ...]:
        return self.values[1:]


def _opponent_rounds(p: Participant):
    """(round index, opponent TPN or None) for every round of the team."""
    for i, r in enumerate(p.history):
        yield i, (r.opponent if r.outcome.had_opponent else None)


def values_1998(state: TournamentState, p: Participant) -> tuple[float, ...]:
    gp = {q.tpn: q.game_points for q in state.participants}
    opp_scores: list[float] = []
    sb = 0.0
    for i, opp in _opponent_rounds(p):
        if opp is None or opp not in state.by_tpn:
            continue
        opp_scores.append(gp[opp])
        mine = p.history[i].game_points
        theirs = state.by_tpn[opp].history[i].game_points
        if mine > theirs:
            sb += gp[opp]
        elif mine == theirs:
            sb += gp[opp] / 2
    cut = sorted(opp_scores)[2:-2] if len(opp_scores) > 4 else []
    return (p.game_points, sum(opp_scores), p.match_points, sb, sum(cut))


def values_2007(state: TournamentState, p: Participant) -> tuple[float, ...]:
    mp = {q.tpn: q.match_points for q in state.participants}
    entries: list[tuple[float, float]] = []  # (opponent MP, product)
    for i, opp in _opponent_rounds(p):
        if opp is None or opp not in state.by_tpn:
            entries.append((0.0, 0.0))
            continue
        entries.append((mp[opp], mp[opp] * p.history[i].game_points))
    kept = sorted(entries)[2:]
    return (p.match_points, sum(prod for _, prod in kept), sum(m for m, _ in kept), p.game_points)


def standings(state: TournamentState, options: OlympiadOptions | None = None) -> list[StandingRow]:
    """The ranking list after the rounds played, tie-breaks of rule 12 applied."""
    opts = options or parse_options(state.options)
    compute = values_1998 if opts.version == "1998" else values_2007
    names = NAMES_1998 if opts.version == "1998" else NAMES_2007
    ranked = [p for p in state.participants if not p.unranked and p.tpn != opts.host_team]
    rows = sorted(
        ((compute(state, p), p) for p in ranked), key=lambda vp: (tuple(-v for v in vp[0]), vp[1].tpn)
    )
    out: list[StandingRow] = []
    for i, (vals, p) in enumerate(rows):
        rank = out[-1].rank if out and out[-1].values == vals else i + 1
        out.append(StandingRow(rank, p.tpn, p.name, vals, names))
    return out
