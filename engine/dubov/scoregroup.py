"""Dubov 6: the standard pairing procedure of one scoregroup.

Order: the floaters from above (8), the transfers (7.1-7.4), the two columns
(6.2), the improvements (6.3), and the players left over float down (6.4).
"""

from __future__ import annotations

from engine.common.completion import Completion
from engine.dubov.context import RoundContext
from engine.dubov.floaters import choose_floaters, floaters_for_the_round, pair_floaters
from engine.dubov.rows import Rows
from engine.dubov.transfers import balance_7_3_7_4, transfer_7_1, transfer_7_2
from engine.messages import Fixed, Message, joined, msg
from engine.state import Colour


def pair_scoregroup(ctx: RoundContext, score: float, floaters: list[int]) -> list[int]:
    """Pair scoregroup ``score`` with the floaters from above; return the floaters for below."""
    natives = ctx.group(score)
    if not natives and not floaters:
        return []
    ctx.explain(
        "Dubov 6.1",
        "scoregroup",
        msg(
            "scoregroup {score}: {teams}{floaters}",
            score=float(score),
            teams=ctx.teams(natives) if natives else msg("nobody"),
            floaters=msg("; floaters from above: {teams}", teams=ctx.teams(floaters)) if floaters else "",
        ),
        score=score,
        tpns=natives,
        floaters=list(floaters),
    )
    going_down = pair_floaters(ctx, floaters, natives, score)
    group = [t for t in natives if t in ctx.remaining]
    if not group:
        return going_down
    due = ctx.subgroup_colours(group)
    group = transfer_7_1(ctx, group, score, due)
    extra = transfer_7_2(ctx, group, score, due)
    if extra is not None:
        whites = sum(1 for t in group if due[t] is Colour.WHITE)
        smaller = Colour.WHITE if 2 * whites <= len(group) else Colour.BLACK
        due[extra] = ctx.p(extra).due or smaller  # no colour yet: the smaller subgroup (Dubov 9)
        group.append(extra)
    side = balance_7_3_7_4(ctx, group, due)
    mark = _Mark(ctx)
    local = Completion(group, adj=ctx.completion.adj)
    leaving = choose_floaters(ctx, local, group, score)
    left = _pair_rows(ctx, group, leaving, side, score)
    if left and local.perfect:
        # The group could be paired whole by itself but not with the rest of the round:
        # 6.4 again, with the pairs the round allows (docs/interpretations/dubov.md, Dubov 6.4).
        again = mark.restore_and(lambda: floaters_for_the_round(ctx, group, score))
        if again is not None:
            leaving = again
            left = _pair_rows(ctx, group, leaving, side, score)
        else:
            mark.restore_and(lambda: None)
            local = Completion(group, adj=ctx.completion.adj)
            leaving = choose_floaters(ctx, local, group, score)
            left = _pair_rows(ctx, group, leaving, side, score)
    # A player transferred up by 7.2 and left unpaired goes back to his own scoregroup.
    return going_down + [t for t in leaving + left if ctx.score(t) >= score]


class _Mark:
    """What the round had decided before a scoregroup's 6.4/6.2/6.3, to go back to it."""

    def __init__(self, ctx: RoundContext) -> None:
        self.ctx = ctx
        self.remaining = set(ctx.remaining)
        self.pairs = len(ctx.pairs)
        self.steps = len(ctx.pairing.explanation)
        comp = ctx.completion
        self.completion = (set(comp.nodes), dict(comp.mate), comp.target)

    def restore_and(self, then):
        ctx = self.ctx
        ctx.remaining = set(self.remaining)
        del ctx.pairs[self.pairs :]
        del ctx.pairing.explanation[self.steps :]
        nodes, mate, target = self.completion
        ctx.completion.nodes, ctx.completion.mate, ctx.completion.target = set(nodes), dict(mate), target
        return then()


def _pair_rows(ctx: RoundContext, group: list[int], leaving: list[int], side, score: float) -> list[int]:
    """Dubov 6.2-6.3 for those who stay; return those left unpaired (they float, 6.4)."""
    stay = [t for t in group if t not in leaving]
    if not stay:
        return []
    whites = sorted((t for t in stay if side[t] is Colour.WHITE), key=lambda t: ctx.p(t).sort_white())
    blacks = sorted((t for t in stay if side[t] is Colour.BLACK), key=lambda t: ctx.p(t).sort_black())
    ctx.explain(
        "Dubov 6.2",
        "rows",
        msg(
            "White column (increasing ARO) against Black column (decreasing R): {rows}",
            rows=joined(
                [
                    msg(
                        "{row}. {white} - {black}",
                        row=i + 1,
                        white=_cell(ctx, whites, i, True),
                        black=_cell(ctx, blacks, i, False),
                    )
                    for i in range(max(len(whites), len(blacks)))
                ]
            ),
        ),
        whites=whites,
        blacks=blacks,
        white_aro={t: ctx.p(t).aro for t in whites},
        black_rating={t: ctx.p(t).rating for t in blacks},
    )
    Rows(ctx, whites, blacks, score).run()
    left = [t for t in stay if t in ctx.remaining]
    for t in left:
        ctx.explain(
            "Dubov 6.4",
            "floater",
            msg(
                "{team} is left unpaired in scoregroup {score} (no opponent left in the rows that keeps the rest "
                "of the round pairable) and floats down",
                team=ctx.team(t),
                score=float(score),
            ),
            tpn=t,
            score=score,
        )
        ctx.float_reasons[t] = msg(
            "No opponent was left for you in the rows of your {score}-point group", score=float(score)
        )
    return left


def _cell(ctx: RoundContext, column: list[int], i: int, white: bool) -> str | Message:
    if i >= len(column):
        return "-"
    p = ctx.p(column[i])
    if white:
        return msg("{team} (ARO {aro})", team=ctx.team(column[i]), aro=Fixed(p.aro))
    return msg("{team} (R {rating})", team=ctx.team(column[i]), rating=float(p.rating))
