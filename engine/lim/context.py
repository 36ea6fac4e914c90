"""What the Lim rules read about each participant, and compatibility (Lim 7, 9.1, 12, 13).

A :class:`LimPlayer` is one participant as the Lim text sees it: pairing number
(Lim 7: the TPN, No. 1 being "the highest pairing number"), score (the primary
score), rating (the team strength for teams; only the Maxi limits read it),
played colours (a bye or forfeit gives no colour, Lim 8.3) and the colour the
player is due (Lim 12). :class:`LimContext` holds them for one round together
with the options and a cache of the compatibility relation (Lim 9.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from engine.common.colours import beyond_difference, colour_difference, due_colour, third_in_a_row
from engine.common.floats import Float, float_history, scores_before_rounds
from engine.messages import Message, msg
from engine.state import Colour, ScoreKind, TournamentState

W, B = Colour.WHITE, Colour.BLACK


@dataclass(frozen=True)
class LimOptions:
    """``state.options`` keys read by the Lim system.

    - ``maxi`` (bool, default False): a Maxi-tournament; the 100-point rating
      limits of Lim 10.2, 10.8 and 12.7 apply.
    - ``maxi_limit`` (number, default 100): the rating limit of those articles.
    """

    maxi: bool = False
    maxi_limit: float = 100.0

    @classmethod
    def from_state(cls, state: TournamentState) -> LimOptions:
        opts = state.options or {}
        maxi = opts.get("maxi", False)
        limit = opts.get("maxi_limit", 100)
        if not isinstance(maxi, bool):
            raise ValueError(f"Lim option 'maxi' must be true or false, not {maxi!r}")
        if isinstance(limit, bool) or not isinstance(limit, int | float) or limit < 0:
            raise ValueError(f"Lim option 'maxi_limit' must be a non-negative number, not {limit!r}")
        return cls(maxi=maxi, maxi_limit=float(limit))


@dataclass(frozen=True)
class LimPlayer:
    tpn: int
    score: float
    rating: float
    colours: tuple[Colour, ...]
    floated_last_round: bool = False
    bye_barred: bool = False

    @cached_property
    def diff(self) -> int:
        """Whites minus blacks."""
        return colour_difference(self.colours)

    @property
    def last(self) -> Colour | None:
        return self.colours[-1] if self.colours else None

    @cached_property
    def due(self) -> Colour | None:
        """The colour the player is due (Lim 12.1, 12.5, 12.6).

        With unequal colours, the equalising colour; with equal colours, the
        alternate colour; none before the first game (interpretation Lim-12-due).
        """
        return due_colour(self.colours)

    def breaks(self, colour: Colour) -> list[str]:
        """The articles receiving ``colour`` would break: Lim 12.1(a), 12.1(b)."""
        out = []
        if third_in_a_row(self.colours, colour):
            out.append("12.1(a)")
        if beyond_difference(self.colours, colour):
            out.append("12.1(b)")
        return out

    @cached_property
    def forbidden(self) -> frozenset[Colour]:
        """Colours forbidden by Lim 12.1(a)/(b); waived if both are (Lim-9.1-none)."""
        bad = frozenset(c for c in (W, B) if self.breaks(c))
        return frozenset() if len(bad) == 2 else bad

    @cached_property
    def must(self) -> bool:
        """The due colour is compulsory (Lim 12.3, 12.1): the other one is forbidden."""
        return bool(self.forbidden)


def _win_value(state: TournamentState) -> float:
    sc = state.scoring
    if not state.team:
        return sc.game_win
    if sc.primary is ScoreKind.MATCH_POINTS:
        return sc.match_win
    return state.boards * sc.game_win


@dataclass
class LimContext:
    state: TournamentState
    options: LimOptions
    players: dict[int, LimPlayer]
    median: float
    last_round: bool
    relaxed: bool = False  # no pairing keeps 12.1(a)/(b): colours yield (interpretation Lim-9.1-relax)
    _compat: dict[tuple[int, int], bool] = field(default_factory=dict)
    # The plain "why this opponent" of each pair, {pair: {tpn: (text, article)}}, and why a player
    # floated, {tpn: text}; RoundPairing.explain_why gets them once the colours are known.
    pair_why: dict[frozenset[int], dict[int, tuple[Message, str]]] = field(default_factory=dict)
    float_why: dict[int, Message] = field(default_factory=dict)

    @classmethod
    def build(cls, state: TournamentState, *, relaxed: bool = False) -> LimContext:
        opts = LimOptions.from_state(state)
        kind = state.scoring.primary
        rp = state.rounds_played
        players: dict[int, LimPlayer] = {}
        before = scores_before_rounds(state, kind)
        for p in state.participants:
            floats = float_history(state, p, before)
            floated = bool(floats) and floats[-1] in (Float.UP, Float.DOWN)
            players[p.tpn] = LimPlayer(
                tpn=p.tpn,
                score=p.score(kind),
                rating=p.rating,
                colours=p.colours,
                floated_last_round=floated,
                bye_barred=p.had_bye_or_forfeit_win,
            )
        return cls(
            state=state,
            options=opts,
            players=players,
            median=rp * _win_value(state) / 2,
            last_round=state.is_last_round,
            relaxed=relaxed,
        )

    def score(self, tpn: int) -> float:
        return self.players[tpn].score

    def met(self, a: int, b: int) -> bool:
        return self.state.have_met(a, b)

    def colours_allow(self, a: int, b: int) -> bool:
        """Lim 9.1: some colour allocation breaks neither 12.1(a) nor 12.1(b)."""
        fa, fb = self.players[a].forbidden, self.players[b].forbidden
        return (W not in fa and B not in fb) or (B not in fa and W not in fb)

    def compatible(self, a: int, b: int) -> bool:
        """Lim 9.1 (colour part waived in the last round, Lim 13)."""
        key = (a, b) if a < b else (b, a)
        hit = self._compat.get(key)
        if hit is None:
            hit = not self.met(a, b) and (self.colours_yield or self.colours_allow(a, b))
            self._compat[key] = hit
        return hit

    @property
    def colours_yield(self) -> bool:
        """Lim 13 (last round), or no pairing at all keeps 12.1(a)/(b)."""
        return self.last_round or self.relaxed

    def colour_fine(self, a: int, b: int) -> bool:
        """Both players can get the colour they are due (Lim 12.2)."""
        da, db = self.players[a].due, self.players[b].due
        return da is None or db is None or da is not db

    def colour_legal(self, a: int, b: int) -> bool:
        """Lim 12.1(a)/(b) can be kept (only differs from compatible in the last round)."""
        return self.colours_allow(a, b)

    def rank_key(self, tpn: int) -> tuple[float, int]:
        """Higher rank first: higher score, then higher pairing number (lower TPN)."""
        return (-self.players[tpn].score, tpn)

    def within_limit(self, a: int, b: int) -> bool:
        """Maxi-tournament rating limit (Lim 10.2, 10.8, 12.7); always true otherwise."""
        if not self.options.maxi:
            return True
        return abs(self.players[a].rating - self.players[b].rating) <= self.options.maxi_limit

    def why_incompatible(self, a: int, b: int) -> Message:
        """Why ``a`` and ``b`` are not compatible (Lim 9.1), in words."""
        if self.met(a, b):
            if b in self.state.by_tpn[a].played_opponents:
                return msg("already met (Lim 9.1)")
            return msg("a forbidden pair (Lim 9.1)")
        return msg("no colour allocation keeps Lim 12.1(a)/(b) (Lim 9.1)")
