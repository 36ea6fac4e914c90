"""Scrutiny and exchanges inside a score-group (Lim 9.4, 9.5, 10.6-10.8, 11.1-11.4, 12.2, 12.7).

The players of a score-group are listed in *scrutiny order*: the floaters
first (Lim 10.6, 10.7), then the residents from the highest numbered player
when pairing downward (Lim 11.1(a)) or from the lowest numbered when pairing
upward (Lim 11.1(b)); pairing upward is the mirror image of pairing downward.

The first player not yet paired is scrutinised; his candidates are, for a
resident, the opponent 9.4 proposes and then the exchanges of Lim 11.2: the
rest of the bottom half in order, then the top half from its foot upwards
(:func:`exchange_candidates`); for a floater, the residents from the
highest numbered (downward) or lowest numbered (upward), Lim 10.8. Among
them the colour scrutiny (Lim 12.2, 10.8) prefers opponents with whom both
get the colour they are due, within the Maxi limit (Lim 12.7). A candidate
is taken if compatible (Lim 9.1) and if the players below can still all be
paired (Lim 11.4); otherwise the search backs up, exactly as the tables of
Lim 11.2 and 11.3 do. :func:`search` without an oracle is that literal
depth-first search (used to print the exchange tables); with the oracle it
reaches the same pairing without backing up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from engine.common.completion import Completion


class PairRules(Protocol):
    last_round: bool

    def compatible(self, a: int, b: int) -> bool: ...
    def colour_fine(self, a: int, b: int) -> bool: ...
    def colour_legal(self, a: int, b: int) -> bool: ...
    def within_limit(self, a: int, b: int) -> bool: ...


def exchange_candidates(remaining: list[int]) -> list[int]:
    """Lim 9.4 / 11.2: the opponents tried, in order, for ``remaining[0]``.

    ``remaining`` is the unpaired residents in scrutiny order. The proposed
    opponent is the first of the bottom half; then the rest of the bottom
    half; then the top half from its foot upwards (11.2: 4, 5, 6, 3, 2).
    """
    h = len(remaining) // 2
    return remaining[h:] + remaining[1:h][::-1]


@dataclass
class Level:
    """One scrutiny: who was scrutinised, whom he got, what was passed over."""

    player: int
    opponent: int
    floater: bool
    proposed: int | None  # the 9.4 / 10.8 first candidate
    rejected: list[tuple[int, str]] = field(default_factory=list)
    colour_exchange: bool = False
    default: int | None = None  # the first compatible candidate (the one a colour exchange passes over)
    isolates: dict[int, int] = field(default_factory=dict)  # candidate -> a player it would leave alone


@dataclass
class Member:
    tpn: int
    floater: str = ""  # "", "DF" (from a higher group) or "UF" (from a lower group)


class ColourOrder:
    """Candidates re-ordered by the colour scrutiny (Lim 12.2, 10.8, 12.7, 13).

    Tier 0: both get their due colour, without breaking 12.1 and, in a
    Maxi-tournament, within the rating limit of the default opponent (the
    first compatible one); tier 1: colours legal; tier 2: the rest (only in
    the last round, Lim 13). Iteration is lazy, tier by tier.
    """

    def __init__(self, rules: PairRules, p: int, plain: list[int]) -> None:
        self.rules, self.p, self.plain = rules, p, plain
        self.default = next((c for c in plain if rules.compatible(p, c)), None)
        self._tiers: dict[int, int] = {}

    def tier(self, c: int) -> int:
        t = self._tiers.get(c)
        if t is None:
            r, p, d = self.rules, self.p, self.default
            legal = r.colour_legal(p, c)
            if legal and r.colour_fine(p, c) and (c == d or (d is not None and r.within_limit(c, d))):
                t = 0
            else:
                t = 1 if legal else 2
            self._tiers[c] = t
        return t

    def __iter__(self):
        if self.default is None:
            yield from self.plain
            return
        for level in (0, 1, 2):
            for c in self.plain:
                if self.tier(c) == level:
                    yield c

    def is_colour_exchange(self, chosen: int) -> bool:
        d = self.default
        return d is not None and chosen != d and self.tier(chosen) < self.tier(d)


class Search:
    """Pairs the members completely, in scrutiny order, or reports it cannot."""

    def __init__(
        self,
        rules: PairRules,
        members: list[Member],
        *,
        downward: bool = True,
        use_oracle: bool = True,
        trace: list[tuple[tuple[int, int], ...]] | None = None,
    ) -> None:
        self.rules = rules
        self.downward = downward
        self.floaters = [m for m in members if m.floater]
        self.kind = {m.tpn: m.floater for m in members}
        self.residents = [m.tpn for m in members if not m.floater]
        self.order = [m.tpn for m in members]
        self.seq = [m.tpn for m in self.floaters] + self.residents  # scrutiny order (10.6, 10.7, 11.1)
        self.use_oracle = use_oracle
        self.trace = trace
        self.found_incompatible: set[frozenset[int]] = set()
        self.levels: list[Level] = []

    # -- candidates ---------------------------------------------------------
    def _candidates(self, p: int, open_: list[int], is_open: set[int] | None = None) -> list[int]:
        is_open = set(open_) if is_open is None else is_open
        res = [t for t in self.residents if t in is_open and t != p]
        if self.kind[p]:
            # Lim 10.8: a floater meets the resident nearest his own group first.
            if (self.kind[p] == "UF") == self.downward:
                res = res[::-1]
            others = [f.tpn for f in self.floaters if f.tpn in is_open and f.tpn != p]
            return res + others
        return exchange_candidates([p] + res)

    def _next(self, open_: list[int], is_open: set[int] | None = None) -> int:
        is_open = set(open_) if is_open is None else is_open
        for t in self.seq:
            if t in is_open:
                return t
        raise ValueError("nobody left to scrutinise")

    def _ok(self, p: int, c: int) -> bool:
        key = frozenset((p, c))
        if key in self.found_incompatible:
            return False
        if self.rules.compatible(p, c):
            return True
        self.found_incompatible.add(key)
        return False

    # -- the trace of arrangements (for the printed tables) ----------------
    def _arrangement(self, fixed: list[tuple[int, int]], open_: list[int]) -> tuple[tuple[int, int], ...]:
        pairs = list(fixed)
        rest = list(open_)
        while len(rest) > 1:
            p = self._next(rest)
            cands = self._candidates(p, rest)
            c = next((x for x in cands if frozenset((p, x)) not in self.found_incompatible), cands[0])
            pairs.append((p, c))
            rest = [t for t in rest if t not in (p, c)]
        pos = {t: i for i, t in enumerate(self.order)}
        norm = [tuple(sorted(pq, key=pos.__getitem__)) for pq in pairs]
        return tuple(sorted(norm, key=lambda pq: pos[pq[0]]))  # type: ignore[return-value]

    def _record(self, fixed: list[tuple[int, int]], p: int, c: int, open_: list[int]) -> None:
        if self.trace is None:
            return
        rest = [t for t in open_ if t not in (p, c)]
        arr = self._arrangement(fixed + [(p, c)], rest)
        if not self.trace or self.trace[-1] != arr:
            self.trace.append(arr)

    # -- the search ----------------------------------------------------------
    def run(self) -> list[tuple[int, int]] | None:
        if len(self.order) % 2:
            return None
        if self.use_oracle:
            return self._run_with_oracle()
        return self._dfs([], list(self.order))

    def _dfs(self, fixed: list[tuple[int, int]], open_: list[int]) -> list[tuple[int, int]] | None:
        if not open_:
            return fixed
        p = self._next(open_)
        order = ColourOrder(self.rules, p, self._candidates(p, open_))
        for c in list(order):
            known_bad = frozenset((p, c)) in self.found_incompatible
            if not known_bad:
                self._record(fixed, p, c, open_)
            if not self._ok(p, c):
                continue
            got = self._dfs(fixed + [(p, c)], [t for t in open_ if t not in (p, c)])
            if got is not None:
                self.levels.insert(0, self._make_level(p, c, order, []))
                return got
        return None

    def _run_with_oracle(self) -> list[tuple[int, int]] | None:
        compat: Callable[[int, int], bool] = self.rules.compatible
        oracle = Completion(self.order, compat)
        if not oracle.perfect:
            return None
        fixed: list[tuple[int, int]] = []
        open_ = list(self.order)
        is_open = set(open_)
        start = 0
        while is_open:
            while self.seq[start] not in is_open:
                start += 1
            p = self.seq[start]
            order = ColourOrder(self.rules, p, self._candidates(p, open_, is_open))
            rejected: list[tuple[int, str]] = []
            isolates: dict[int, int] = {}
            chosen = None
            for c in order:
                if not compat(p, c):
                    rejected.append((c, "incompatible"))
                elif oracle.fix(p, c):
                    chosen = c
                    break
                else:
                    rejected.append((c, "rest unpairable"))
                    rest = is_open - {p, c}
                    alone = next((x for x in self.seq if x in rest and not oracle.adj[x] & rest), None)
                    if alone is not None:
                        isolates[c] = alone
            if chosen is None:  # cannot happen: the oracle said the rest was pairable
                return None
            level = self._make_level(p, chosen, order, rejected)
            level.isolates = isolates
            self.levels.append(level)
            fixed.append((p, chosen))
            is_open -= {p, chosen}
            open_ = [t for t in open_ if t in is_open]
        return fixed

    def _make_level(self, p: int, c: int, order: ColourOrder, rejected: list[tuple[int, str]]) -> Level:
        proposed = order.plain[0] if order.plain else None
        lvl = Level(player=p, opponent=c, floater=bool(self.kind[p]), proposed=proposed, rejected=rejected)
        lvl.colour_exchange = order.is_colour_exchange(c)
        lvl.default = order.default
        return lvl


def search(
    rules: PairRules,
    members: list[Member],
    *,
    downward: bool = True,
    use_oracle: bool = True,
    trace: list[tuple[tuple[int, int], ...]] | None = None,
) -> tuple[list[tuple[int, int]] | None, list[Level]]:
    """Pair ``members`` (in scrutiny order) completely; ``None`` if impossible."""
    s = Search(rules, members, downward=downward, use_oracle=use_oracle, trace=trace)
    pairs = s.run()
    return pairs, s.levels
