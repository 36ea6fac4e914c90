"""Dubov 6.3's look-ahead: a pairing of the open rows with the most White-against-Black pairs.

6.3 pairs a White with a White only "if the White No. k has already played
with all the Blacks", after changes of rows k-1, k-2, ... have been tried.
:class:`RowPlan` keeps one pairing of the rows still open that pairs them
all and holds the most White-against-Black pairs; a choice of row is taken
only if it keeps that number (``engine.dubov.rows``). When it does not, the
plan says why in words: a set of Whites below with fewer possible Blacks
than themselves (Hall's condition, found by König's construction).
"""

from __future__ import annotations

from engine.common.bipartite import bipartite_matching
from engine.common.pairable import maximum_matching
from engine.dubov.causes import bars_message
from engine.dubov.context import RoundContext
from engine.messages import Message, joined, msg, msgn


class RowPlan:
    """A pairing of the open rows: all paired, the most White-against-Black pairs (6.3).

    ``value`` is (pairs, White-against-Black pairs) of the best pairing of
    the participants still open; :meth:`check` says whether pairing ``a``
    with ``b`` keeps it. Among equally good pairings the plan prefers pairs
    of the same row, so the rows 6.2 makes are checked without a new
    matching.
    """

    def __init__(self, adj: dict[int, set[int]], whites: list[int], blacks: list[int]) -> None:
        self.white = set(whites)
        self.row = {t: i for i, t in enumerate(whites)} | {t: i for i, t in enumerate(blacks)}
        self.nodes = set(whites) | set(blacks)
        self.adj = {t: adj.get(t, set()) & self.nodes for t in self.nodes}
        self.cross_weight = len(self.nodes) + 2  # outweighs every count of same-row pairs
        self.mate = self._solve(self.nodes)
        self.value = self._value(self.mate)

    def is_cross(self, a: int, b: int) -> bool:
        return (a in self.white) != (b in self.white)

    def _solve(self, nodes: set[int]) -> dict[int, int]:
        order = sorted(nodes)
        white, row, cross = self.white, self.row, 1 + self.cross_weight
        edges = [
            (a, b, 1 if (a in white) == (b in white) else cross + (row[a] == row[b]))
            for a in order
            for b in self.adj[a] & nodes
            if a < b
        ]
        return maximum_matching(order, edges)

    def _value(self, mate: dict[int, int]) -> tuple[int, int]:
        cross = sum(1 for a, b in mate.items() if a < b and self.is_cross(a, b))
        return len(mate) // 2, cross

    def _after(self, a: int, b: int) -> tuple[int, int]:
        return self.value[0] - 1, self.value[1] - (1 if self.is_cross(a, b) else 0)

    def check(self, a: int, b: int) -> dict[int, int] | None:
        """The plan of the others once ``a`` meets ``b``, if it keeps ``value``; else None."""
        if a not in self.nodes or b not in self.nodes or b not in self.adj[a]:
            return None
        if self.mate.get(a) == b:
            return self.mate  # the plan already pairs them: the rest of it stands
        rest = self._solve(self.nodes - {a, b})
        return rest if self._value(rest) == self._after(a, b) else None

    def commit(self, a: int, b: int, rest: dict[int, int]) -> None:
        self.value = self._after(a, b)
        self.nodes -= {a, b}
        if rest is self.mate:
            del rest[a], rest[b]
        self.mate = rest

    # -- causes ------------------------------------------------------------------
    def shortfall(self, ctx: RoundContext, a: int, b: int) -> tuple[Message, list[int]]:
        """Why ``a`` - ``b`` loses the plan's value, in words, and the rows (1-based) it harms."""
        rest = self.nodes - {a, b}
        pairs_needed, cross_needed = self._after(a, b)
        whites = sorted((t for t in rest if t in self.white), key=self.row.__getitem__)
        blacks = sorted((t for t in rest if t not in self.white), key=self.row.__getitem__)
        owner = bipartite_matching(whites, blacks, lambda w, b: b in self.adj[w])  # {black: white}
        if len(owner) < cross_needed:
            s, t = _konig(self.adj, whites, blacks, owner)
            return self._hall_text(ctx, s, t, blacks), sorted(self.row[x] + 1 for x in s)
        lonely = [x for x in sorted(rest, key=self.row.__getitem__) if not (self.adj[x] & rest)]
        if lonely:
            x = lonely[0]
            bars = bars_message(ctx.limits, x, sorted(rest - {x}))
            return (
                msg(
                    "would leave White No. {row} {team} without an opponent in the rows{bars}"
                    if x in self.white
                    else "would leave Black No. {row} {team} without an opponent in the rows{bars}",
                    row=self.row[x] + 1,
                    team=x,
                    bars=msg(" ({team} {bars})", team=x, bars=bars) if bars else "",
                ),
                [self.row[x] + 1] if x in self.white else [],
            )
        if self._value(self._solve(rest))[0] < pairs_needed:
            return msg("would leave the rows without a complete pairing"), []
        return (
            msgn(
                "would leave {count} fewer White-against-Black pairings than the rows allow",
                "would leave {count} fewer White-against-Black pairings than the rows allow",
                count=self.value[1] - cross_needed,
            ),
            [],
        )

    def _hall_text(self, ctx: RoundContext, s: list[int], t: list[int], blacks: list[int]) -> Message:
        whites: Message | None = None
        for x in s:
            one = msg("{team} (row {row})", team=x, row=self.row[x] + 1)
            whites = one if whites is None else msg("{first} and {second}", first=whites, second=one)
        together = len(s) > 1
        if not t:
            got = msg("no Black")
        elif len(t) == 1:
            got = msg("only Black {tpns} between them" if together else "only Black {tpns}", tpns=list(t))
        else:
            got = msg("only Blacks {tpns} between them" if together else "only Blacks {tpns}", tpns=list(t))
        outside = [y for y in blacks if y not in t]
        bars = [
            msg("{team} {bars}", team=x, bars=bar)
            for x in s
            for bar in [bars_message(ctx.limits, x, outside)]
            if bar
        ]
        return msg(
            "would leave White {whites} {got}{bars}"
            if len(s) == 1
            else "would leave Whites {whites} {got}{bars}",
            whites=whites,
            got=got,
            bars=msg(" ({bars})", bars=joined(bars)) if bars else "",
        )


def _konig(
    adj: dict[int, set[int]], whites: list[int], blacks: list[int], owner: dict[int, int]
) -> tuple[list[int], list[int]]:
    """Whites S with fewer possible Blacks T than themselves (Hall), from the unmatched Whites."""
    matched = set(owner.values())
    frontier = [w for w in whites if w not in matched]
    s, t = set(frontier), set()
    while frontier:
        w = frontier.pop()
        for v in blacks:
            if v in adj[w] and v not in t:
                t.add(v)
                u = owner.get(v)
                if u is not None and u not in s:
                    s.add(u)
                    frontier.append(u)
    order = {x: i for i, x in enumerate(whites)}
    border = {x: i for i, x in enumerate(blacks)}
    return sorted(s, key=order.__getitem__), sorted(t, key=border.__getitem__)
