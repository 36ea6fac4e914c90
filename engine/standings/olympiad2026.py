"""The tie-breaks of the 2026 Chess Olympiad (the event's regulations, not the pairing rules D.02).

Teams equal on match points are ranked by, in order:

``OSB-C1``
    The Olympiad Sonneborn-Berger: each opponent's match points multiplied by the
    game points the team scored against that opponent, summed, the contribution of
    the opponent with the fewest match points left out (cut 1).
``GP``
    The game points.
``BH/MP-C1``
    The opponents' match points, the opponent with the fewest left out (Buchholz
    on match points, Cut-1; the registry's ``BH/MP-C1``).

Readings (docs/interpretations/standings.md, "Chess Olympiad 2026"):

- A round without a match over the board (the pairing-allocated bye, a forfeit
  either side, an absence, the rounds after a withdrawal) counts as C.07 (2023)
  counts an unplayed round, under the state's ``tiebreak_unplayed`` policy
  (:mod:`.contributions`): by default a dummy opponent with the team's own final
  match points, multiplied in the Olympiad SB by the game points the round gave
  the team (2 for the bye, 0 for a forfeit loss). ``"zero"``: an opponent with
  0 match points; ``"skip"``: the round is left out and cannot be cut.
- An opponent that withdrew counts with the match points it finished with.
- The cut removes the contribution of the opponent with the fewest match
  points; a voluntary unplayed round (a forfeit loss, an absence) is cut
  first, as C.07 cuts; among opponents equal on match points the smaller
  product goes, so the team keeps the better of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.standings.contributions import Contribution, opponent_scores
from engine.standings.primitives import buchholz
from engine.state import Participant, ScoreKind, TournamentState

NAME = "olympiad2026"
LABEL = "Chess Olympiad 2026 (MP, Olympiad SB cut 1, GP, opponents' MP cut 1)"
COLUMNS = ("OSB-C1", "GP", "BH/MP-C1")


@dataclass(frozen=True)
class SonnebornBergerEntry:
    """One round's contribution to the Olympiad Sonneborn-Berger."""

    contribution: Contribution  # the opponent's match points (or the unplayed round's dummy)
    game_points: float  # what the team scored in that round
    counted: bool

    @property
    def product(self) -> float:
        return self.contribution.value * self.game_points


def _cut_order(entry: SonnebornBergerEntry) -> tuple:
    """Which entry the cut takes: a voluntary unplayed round first, then the fewest match points,
    then the smaller product, then the earlier round."""
    c = entry.contribution
    return (not c.voluntary, c.value, entry.product, c.round)


def sonneborn_berger_entries(state: TournamentState, participant: Participant) -> list[SonnebornBergerEntry]:
    """The team's Olympiad SB entries, one per round that counts, the one cut marked ``counted=False``."""
    game_points = {r.round: r.game_points for r in participant.history}
    entries = [
        SonnebornBergerEntry(c, game_points[c.round], True)
        for c in opponent_scores(state, participant, ScoreKind.MATCH_POINTS)
    ]
    if not entries:
        return entries
    cut = min(entries, key=_cut_order)
    return [
        e if e is not cut else SonnebornBergerEntry(e.contribution, e.game_points, False) for e in entries
    ]


def olympiad_sonneborn_berger(state: TournamentState) -> dict[int, float]:
    """``OSB-C1`` of every participant (see the module)."""
    return {
        p.tpn: sum(e.product for e in sonneborn_berger_entries(state, p) if e.counted)
        for p in state.participants
    }


def values(state: TournamentState) -> dict[int, tuple[float, float, float]]:
    """(OSB-C1, GP, BH/MP-C1) of every participant, the order the 2026 regulations apply them in."""
    osb = olympiad_sonneborn_berger(state)
    opponents_mp = buchholz(state, ScoreKind.MATCH_POINTS, lowest=1)
    return {p.tpn: (osb[p.tpn], p.game_points, opponents_mp[p.tpn]) for p in state.participants}
