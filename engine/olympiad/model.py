"""The per-team facts the Olympiad pairing reads, built once per round.

A :class:`TeamView` is what a Technical Administration Panel member writes on
the pairing card of a team: pairing number, pairing score (rule 1, amended
rule 1, imaginary points of amended rule 25), Extended Buchholz (rule 45),
the teams already met (rule 14a), board-1 colours (rules 17-23) and whether
it has scored without playing (rule 14b).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from engine.common.colours import colour_difference, within_limits
from engine.olympiad.options import OlympiadOptions
from engine.state import Colour, Participant, ScoreKind, TournamentState


@dataclass(frozen=True)
class TeamView:
    tpn: int
    name: str
    score: float  # pairing score, imaginary points included
    real_score: float
    eb: float  # Extended Buchholz: own score + opponents' scores (rule 45)
    met: frozenset[int]  # rule 14a: met over the board, or forbidden
    colours: tuple[Colour, ...]  # board-1 colours of matches played
    scored_without_playing: bool  # rule 14b
    imaginary: bool = False

    @property
    def label(self) -> str:
        return f"{self.name} ({self.tpn})" if self.name else str(self.tpn)

    @property
    def colour_difference(self) -> int:
        return colour_difference(self.colours)

    @property
    def whites(self) -> int:
        return sum(1 for c in self.colours if c is Colour.WHITE)

    @cached_property
    def _allowed(self) -> tuple[bool, bool]:
        return within_limits(self.colours, Colour.WHITE), within_limits(self.colours, Colour.BLACK)

    def may_receive(self, colour: Colour) -> bool:
        """Rule 17: board-1 colour difference within +-2, never 3 alike in a row."""
        return self._allowed[0] if colour is Colour.WHITE else self._allowed[1]


def top_half(state: TournamentState) -> frozenset[int]:
    """The top half of the initial list (Section C): the first floor(n/2) TPNs.

    With an odd number of teams the middle team belongs to neither half.
    """
    tpns = sorted(p.tpn for p in state.participants)
    return frozenset(tpns[: len(tpns) // 2])


def opponents_paired(p: Participant) -> list[int]:
    """Opponents of every match the team was paired in (played or forfeited)."""
    return [r.opponent for r in p.history if r.outcome.had_opponent and r.opponent is not None]


def build_views(state: TournamentState, opts: OlympiadOptions) -> dict[int, TeamView]:
    """Every participant's view for pairing ``state.next_round``."""
    kind: ScoreKind = opts.score_kind
    rnd = state.next_round
    imaginary = top_half(state) if opts.imaginary_in(rnd) else frozenset()
    bonus = 1.0 if kind is ScoreKind.MATCH_POINTS else 2.0
    # Scores are sums of halves; rounding keeps float noise out of the groups.
    real = {p.tpn: round(p.score(kind), 6) for p in state.participants}
    views: dict[int, TeamView] = {}
    forbidden: dict[int, set[int]] = {}
    for pair in state.forbidden_pairs:
        a, b = tuple(pair)
        forbidden.setdefault(a, set()).add(b)
        forbidden.setdefault(b, set()).add(a)
    for p in state.participants:
        eb = round(real[p.tpn] + sum(real.get(o, 0.0) for o in opponents_paired(p)), 6)
        views[p.tpn] = TeamView(
            tpn=p.tpn,
            name=p.name,
            score=real[p.tpn] + (bonus if p.tpn in imaginary else 0.0),
            real_score=real[p.tpn],
            eb=eb,
            met=frozenset(p.played_opponents | forbidden.get(p.tpn, set())),
            colours=p.colours,
            scored_without_playing=p.had_bye_or_forfeit_win,
            imaginary=p.tpn in imaginary,
        )
    return views
