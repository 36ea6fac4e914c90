"""Colour allocation (Lim 12.1-12.6; Lim 13 in the last round; the lot of round 1).

For a pair, in order:

1. neither player breaks Lim 12.1(a)/(b) if that can be helped (in the last
   round it may not be, Lim 13);
2. if they are due different colours (or one has none), each gets his
   (Lim 12.1, 12.5, 12.6);
3. if only one of them must have his colour (Lim 12.3), he gets it;
4. otherwise the colour histories, going back in sequence to the latest
   game in which they had different colours, decide: colours alternate from
   that game (Lim 12.4, 12.6);
5. identical histories: the higher ranked player gets his due colour in
   the median score-group or above, the lower ranked below it (Lim 12.4);
6. neither has a colour yet: the lot (``state.initial_colour``) gives the
   higher ranked player of odd boards that colour, of even boards the other
   (interpretation Lim-12-lot).
"""

from __future__ import annotations

from engine.lim.context import LimContext
from engine.result import Pair
from engine.state import Colour


def allocate(ctx: LimContext, a: int, b: int, *, upper: bool, board: int) -> Pair:
    """The colours of the pair a-b; ``upper``: paired in the median score-group or above."""
    return allocation(ctx, a, b, upper=upper, board=board)[0]


def allocation(ctx: LimContext, a: int, b: int, *, upper: bool, board: int) -> tuple[Pair, str]:
    """The colours of the pair a-b and the step of the order above that decided them.

    The step is one of ``limits`` (1), ``lot`` (6), ``due`` (2), ``compulsory``
    (3), ``history`` (4) and ``rank`` (5); ``engine.lim.why`` words it.
    """
    pa, pb = ctx.players[a], ctx.players[b]
    hi, lo = sorted((a, b), key=ctx.rank_key)
    rule = ""

    def give(player: int, colour: Colour, article: str) -> tuple[Pair, str]:
        other = b if player == a else a
        white, black = (player, other) if colour is Colour.WHITE else (other, player)
        return Pair(white=white, black=black, colour_article=article), rule

    # 1. Lim 12.1(a)/(b) (Lim 13 in the last round: may be unavoidable).
    cost = {
        c: len(pa.breaks(c)) + len(pb.breaks(c.opposite)) if (pa.forbidden or pb.forbidden) else 0
        for c in (Colour.WHITE, Colour.BLACK)
    }
    if cost[Colour.WHITE] != cost[Colour.BLACK]:
        best = min(cost, key=cost.__getitem__)
        rule = "limits"
        art = (
            ("Lim 13" if ctx.last_round else "Lim 9.1")
            if cost[best]
            else ("Lim 12.3" if (pa.must or pb.must) else "Lim 12.1")
        )
        return give(a, best, art)

    da, db = pa.due, pb.due
    rule = "lot" if da is None and db is None else "due"
    if da is None and db is None:
        lot = ctx.state.initial_colour if board % 2 == 1 else ctx.state.initial_colour.opposite
        return give(hi, lot, "Lim 12 (lot: initial colour)")
    if da is None:
        return give(b, db, "Lim 12.1")  # type: ignore[arg-type]
    if db is None or da is not db:
        return give(a, da, "Lim 12.1" if ctx.state.next_round % 2 else "Lim 12.6")
    # Both due the same colour.
    rule = "compulsory"
    if pa.must != pb.must:
        return give(a if pa.must else b, da, "Lim 12.3")
    ca, cb = pa.colours, pb.colours
    rule = "history"
    for i in range(1, min(len(ca), len(cb)) + 1):
        if ca[-i] is not cb[-i]:
            # The one who had the other colour then gets the due colour now.
            winner = a if ca[-i] is da.opposite else b
            return give(winner, da, "Lim 12.4" if ca[-1] is cb[-1] else "Lim 12.6")
    winner = hi if upper else lo
    rule = "rank"
    return give(winner, da, "Lim 12.4")
