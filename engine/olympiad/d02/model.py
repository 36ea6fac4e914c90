"""The per-team facts D.02 pairs on, built once per round.

A :class:`D02Team` carries what the pairing card of a team holds under the
Olympiad Pairing Rules in force since 1 January 2022 (FIDE Handbook D.02):
matchpoints (3.2.1), the initial pairing number (3.1, the TPN), the teams
met (6.1: a match with at least one board played; the arbiters' forbidden
pairs count as met), the board-1 colour of every round (7.1, 7.7: a round
without a played match gives no colour) and why the team may not receive
the bye (4.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from engine.common.colours import colour_difference, within_limits
from engine.state import Colour, Outcome, Participant, TournamentState

W, B = Colour.WHITE, Colour.BLACK

# 4.2.3: a team that joined after round 1 (a Late Entry) has no round-1 record or is absent from it.
# A bye it requested for round 1 says it had already joined: it is no Late Entry.
_NOT_JOINED = (Outcome.ABSENT,)


@dataclass(frozen=True)
class D02Team:
    tpn: int
    name: str
    mp: float  # matchpoints (3.2.1)
    rating: float  # the team's strength: the average of its four highest ratings (3.1.1, 11.1)
    met: frozenset[int]  # 6.1, and the forbidden pairs
    round_colours: tuple[Colour | None, ...]  # board-1 colour per round, None: no played match
    had_bye: bool = False  # 4.2.1
    default_win: bool = False  # 4.2.2: won a match because the opponents did not appear
    late_entry: bool = False  # 4.2.3 (the description's reading): not paired in round 1

    @property
    def label(self) -> str:
        return f"{self.name} ({self.tpn})" if self.name else str(self.tpn)

    @property
    def rank_key(self) -> tuple[float, int]:
        """3.2: matchpoints, highest first, then the initial pairing number (3.1)."""
        return (-self.mp, self.tpn)

    @cached_property
    def colours(self) -> tuple[Colour, ...]:
        """Board-1 colours of the matches played, oldest first (7.7: only played matches count)."""
        return tuple(c for c in self.round_colours if c is not None)

    @property
    def colour_difference(self) -> int:
        """Whites minus blacks on board 1."""
        return colour_difference(self.colours)

    def may_receive(self, colour: Colour) -> bool:
        """7.3: board-1 colour difference within +-2, never the same colour three times running."""
        return within_limits(self.colours, colour)


def compatible(a: D02Team, b: D02Team) -> bool:
    """7.3: some allocation of board 1's colours keeps both teams within the limits."""
    return (a.may_receive(W) and b.may_receive(B)) or (a.may_receive(B) and b.may_receive(W))


def _round_colours(p: Participant, rounds: int) -> tuple[Colour | None, ...]:
    by_round = {r.round: r for r in p.history}
    out: list[Colour | None] = []
    for rnd in range(1, rounds + 1):
        rec = by_round.get(rnd)
        out.append(rec.colour if rec is not None and rec.played else None)
    return tuple(out)


def build_teams(state: TournamentState) -> dict[int, D02Team]:
    """Every participant's card for pairing ``state.next_round``."""
    forbidden: dict[int, set[int]] = {}
    for pair in state.forbidden_pairs:
        a, b = tuple(pair)
        forbidden.setdefault(a, set()).add(b)
        forbidden.setdefault(b, set()).add(a)
    rounds = state.rounds_played
    out: dict[int, D02Team] = {}
    for p in state.participants:
        first = next((r for r in p.history if r.round == 1), None)
        out[p.tpn] = D02Team(
            tpn=p.tpn,
            name=p.name,
            mp=round(p.match_points, 6),
            rating=p.rating,
            met=frozenset(p.played_opponents | forbidden.get(p.tpn, set())),
            round_colours=_round_colours(p, rounds),
            had_bye=any(
                r.outcome in (Outcome.PAIRING_ALLOCATED_BYE, Outcome.FULL_POINT_BYE) for r in p.history
            ),
            default_win=any(r.outcome is Outcome.FORFEIT_WIN for r in p.history),
            late_entry=rounds >= 1 and (first is None or first.outcome in _NOT_JOINED),
        )
    return out


def ranked(teams) -> list[D02Team]:
    """The teams in the order of 3.2."""
    return sorted(teams, key=lambda t: t.rank_key)
