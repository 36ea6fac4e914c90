"""Dubov 2: the pairing limitations.

2.1 no second meeting (and no forbidden pair); 2.2 no bye after a point won
without playing; 2.3 colour difference within -2..2; 2.4 never the same colour
three times in a row; 2.5 upfloat limits (not twice running, at most 3 or 4
times by tournament length, not applied in the last round); 2.6 no transfer
between colour subgroups that would break 2.3 or 2.4.

The procedure first seeks a pairing respecting all of them; if none exists
a limitation gives way only for the participants ``engine.dubov.relaxation``
finds (``departures``: the fewest, 2.5 before 2.4 before 2.3). 2.1 and 2.2
are never set aside. The levels (2.5 for everybody, then 2.3/2.4 too) remain
for callers that ask for them; the procedure no longer does.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.common.colours import beyond_difference, third_in_a_row, within_limits
from engine.dubov.profile import Profile
from engine.dubov.relaxation import Departures
from engine.options import in_force
from engine.state import Colour, TournamentState

STRICT = 0
NO_UPFLOAT_LIMITS = 1
NO_COLOUR_LIMITS = 2
LEVELS = (STRICT, NO_UPFLOAT_LIMITS, NO_COLOUR_LIMITS)


def max_upfloats(state: TournamentState) -> int:
    """Dubov 2.5: three times if fewer than 10 rounds, four times otherwise.

    ``state.options["max_upfloats"]`` overrides the number (checked by its
    spec in ``engine/dubov/options.py``: a bad value is refused naming it).
    """
    given = in_force("dubov", state.options)["max_upfloats"]
    if given is not None:
        return given
    return 3 if state.rounds_total < 10 else 4


def colour_allowed(p: Profile, colour: Colour) -> bool:
    """Dubov 2.3 and 2.4 for one participant receiving ``colour``."""
    return within_limits(p.colours, colour)


@dataclass(frozen=True)
class Limits:
    """The limitations in force for one round at one level."""

    state: TournamentState
    profiles: dict[int, Profile]
    level: int = STRICT
    exempt: frozenset[int] = frozenset()  # 2.5 set aside for these only
    departures: Departures = Departures()  # 2.3 / 2.4 / 2.5 set aside for these only

    def __post_init__(self) -> None:
        # Per-participant facts, computed once: the colours 2.3/2.4 allow, and 2.5.
        last = self.state.is_last_round
        limit = max_upfloats(self.state)
        allowed = {}
        upfloat_ok = {}
        dep = self.departures
        for t, p in self.profiles.items():
            allowed[t] = tuple(
                self.level >= NO_COLOUR_LIMITS
                or (
                    (t in dep.difference or not beyond_difference(p.colours, c))
                    and (t in dep.third or not third_in_a_row(p.colours, c))
                )
                for c in (Colour.WHITE, Colour.BLACK)
            )
            upfloat_ok[t] = (
                self.level >= NO_UPFLOAT_LIMITS
                or last
                or t in self.exempt
                or t in dep.upfloat
                or (not p.upfloated_last_round and p.upfloats < limit)
            )
        object.__setattr__(self, "_allowed", allowed)
        object.__setattr__(self, "_upfloat_ok", upfloat_ok)

    @property
    def upfloat_limit(self) -> int:
        return max_upfloats(self.state)

    def may_upfloat(self, p: Profile) -> bool:
        """Dubov 2.5 (not in the last round, nor from level 1 on, nor for the exempt)."""
        return self._upfloat_ok[p.tpn]  # type: ignore[attr-defined]

    def may_have(self, p: Profile, colour: Colour) -> bool:
        return self._allowed[p.tpn][0 if colour is Colour.WHITE else 1]  # type: ignore[attr-defined]

    def colour_options(self, a: Profile, b: Profile) -> list[Colour]:
        """The colours ``a`` may have against ``b`` under 2.3 and 2.4."""
        aw, ab = self._allowed[a.tpn]  # type: ignore[attr-defined]
        bw, bb = self._allowed[b.tpn]  # type: ignore[attr-defined]
        out = []
        if aw and bb:
            out.append(Colour.WHITE)
        if ab and bw:
            out.append(Colour.BLACK)
        return out

    def compatible(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` may be paired: 2.1, 2.3/2.4, 2.5."""
        if a == b:
            return False
        aw, ab = self._allowed[a]  # type: ignore[attr-defined]
        bw, bb = self._allowed[b]  # type: ignore[attr-defined]
        if not ((aw and bb) or (ab and bw)):
            return False
        sa, sb = self.profiles[a].score, self.profiles[b].score
        if sa != sb and not self._upfloat_ok[a if sa < sb else b]:  # type: ignore[attr-defined]
            return False
        return not self.state.have_met(a, b)

    def adjacency(self, tpns: list[int]) -> dict[int, set[int]]:
        """Everyone's possible opponents among ``tpns`` (as ``compatible``, computed by classes)."""
        classes: dict[tuple, set[int]] = {}
        for t in tpns:
            key = (*self._allowed[t], self.profiles[t].score, self._upfloat_ok[t])  # type: ignore[attr-defined]
            classes.setdefault(key, set()).add(t)
        keys = list(classes)
        adj: dict[int, set[int]] = {t: set() for t in tpns}
        for i, k1 in enumerate(keys):
            for k2 in keys[i:]:
                (aw, ab, sa, ua), (bw, bb, sb, ub) = k1, k2
                if not ((aw and bb) or (ab and bw)):
                    continue
                if sa != sb and not (ua if sa < sb else ub):
                    continue
                for t in classes[k1]:
                    adj[t] |= classes[k2]
                if k1 != k2:
                    for t in classes[k2]:
                        adj[t] |= classes[k1]
        for t in tpns:
            adj[t].discard(t)
            for o in self.state.by_tpn[t].played_opponents:
                adj[t].discard(o)
                if o in adj:
                    adj[o].discard(t)
        for pair in self.state.forbidden_pairs:
            a, b = tuple(pair) if len(pair) == 2 else (next(iter(pair)),) * 2
            if a in adj and b in adj:
                adj[a].discard(b)
                adj[b].discard(a)
        return adj

    def may_get_bye(self, p: Profile) -> bool:
        """Dubov 2.2."""
        return not p.had_unplayed_point

    def may_change_subgroup(self, p: Profile, due: Colour) -> bool:
        """Dubov 2.6: moving ``p`` from the ``due`` subgroup to the other."""
        return self.may_have(p, due.opposite)
