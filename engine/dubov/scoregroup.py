"""Dubov 6: the standard pairing procedure of one scoregroup.

Order: the floaters from above (8), the transfers (7.1-7.4), the two columns
(6.2), the improvements (6.3), and the players left over float down (6.4).
"""

from __future__ import annotations

from engine.common.completion import Completion
from engine.dubov.context import RoundContext
from engine.dubov.floaters import choose_floaters, floaters_for_the_round, pair_floaters
from engine.dubov.transfers import balance_7_3_7_4, transfer_7_1, transfer_7_2
from engine.state import Colour


class Rows:
    """Dubov 6.2-6.3: pair White seekers against Black seekers, row by row.

    Row k pairs White No. k, among the Blacks still free and such that the
    rest can still be paired, with the Black of row k; else the first of
    the lower rows he may play (6.3, first paragraph); else the Black of
    row k-1, then of row k-2, ... (6.3: "we change the pairing in row No.
    k-1, if this does not work, in row No. k-2, etc."). The look-ahead
    makes the earlier row take, when it is paired, the lower Black the
    change would give it, so a Black of an upper row is free exactly when
    its row was changed. A White who can meet no Black is paired with a
    White: No. k+1 down to the end of the column, then No. k-1 up to No. 1
    (6.3, last paragraph); likewise for Blacks left over.
    """

    def __init__(self, ctx: RoundContext, local: Completion, whites: list[int], blacks: list[int]) -> None:
        self.ctx, self.local, self.whites, self.blacks = ctx, local, whites, blacks

    def _fix(self, a: int, b: int) -> bool:
        if not self.local.could_fix(a, b):
            return False
        if not self.ctx.completion.fix(a, b):
            return False
        self.local.fix(a, b)
        return True

    def run(self) -> None:
        ctx, whites, blacks = self.ctx, self.whites, self.blacks
        deferred: list[int] = []
        for k, w in enumerate(whites):
            if w not in ctx.remaining:
                continue
            row_black = blacks[k] if k < len(blacks) else None
            # Own row, the lower rows, then rows k-1, k-2, ... (a White below the last
            # Black, in unequal columns, takes the Blacks in column order as before).
            order = blacks[k:] + list(reversed(blacks[:k])) if row_black is not None else list(blacks)
            chosen = next((b for b in order if b in ctx.remaining and self._fix(w, b)), None)
            if chosen is None:
                deferred.append(w)
                continue
            row = blacks.index(chosen) + 1
            if chosen == row_black:
                ctx.record_pair(w, chosen, "Dubov 6.2", f"row {k + 1}: {ctx.label(w)} - {ctx.label(chosen)}")
            elif row > k + 1:
                ctx.record_pair(
                    w,
                    chosen,
                    "Dubov 6.3",
                    f"row {k + 1}: {self._why(w, row_black)}; "
                    f"{ctx.label(w)} plays the first Black of the lower rows he may play, {ctx.label(chosen)}",
                    row=k + 1,
                    black_row=row,
                )
            else:
                ctx.record_pair(
                    w,
                    chosen,
                    "Dubov 6.3",
                    f"row {k + 1}: {self._why(w, row_black)}; {ctx.label(w)} may play no Black of the "
                    f"lower rows, so row {row} is changed (row k-1, then k-2, ...): "
                    f"{ctx.label(w)} plays {ctx.label(chosen)}",
                    row=k + 1,
                    black_row=row,
                    changed_row=row,
                )
        for w in deferred:
            self._same_colour(w, whites, "White")
        for b in blacks:
            self._same_colour(b, blacks, "Black")

    def _why(self, w: int, row_black: int | None) -> str:
        ctx = self.ctx
        if row_black is None:
            return "no Black in this row"
        if ctx.state.have_met(w, row_black):
            return f"{ctx.label(w)} and {ctx.label(row_black)} have played each other"
        if row_black not in ctx.remaining:
            return f"{ctx.label(row_black)} is already paired in an earlier row"
        if not ctx.completion.can_pair(w, row_black):
            return f"{ctx.label(w)} and {ctx.label(row_black)} may not meet (limitations 2.3-2.5)"
        return (
            f"pairing {ctx.label(w)} with {ctx.label(row_black)} would leave a later row "
            "(or the rest of the round) without a possible pairing, so an earlier row is changed"
        )

    def _same_colour(self, t: int, column: list[int], name: str) -> None:
        ctx = self.ctx
        if t not in ctx.remaining:
            return
        k = column.index(t)
        order = column[k + 1 :] + list(reversed(column[:k]))
        chosen = next((o for o in order if o in ctx.remaining and self._fix(t, o)), None)
        if chosen is not None:
            ctx.record_pair(
                t,
                chosen,
                "Dubov 6.3",
                f"{name} No. {k + 1} {ctx.label(t)} can meet no {'Black' if name == 'White' else 'White'}: "
                f"paired with {name} No. {column.index(chosen) + 1} {ctx.label(chosen)}",
            )


def pair_scoregroup(ctx: RoundContext, score: float, floaters: list[int]) -> list[int]:
    """Pair scoregroup ``score`` with the floaters from above; return the floaters for below."""
    natives = ctx.group(score)
    if not natives and not floaters:
        return []
    ctx.explain(
        "Dubov 6.1",
        "scoregroup",
        f"scoregroup {score:g}: {', '.join(ctx.label(t) for t in natives) or 'nobody'}"
        + (f"; floaters from above: {', '.join(ctx.label(t) for t in floaters)}" if floaters else ""),
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
    left = _pair_rows(ctx, local, group, leaving, side, score)
    if left and local.perfect:
        # The group could be paired whole by itself but not with the rest of the round:
        # 6.4 again, with the pairs the round allows (docs/interpretations/dubov.md, Dubov 6.4).
        again = mark.restore_and(lambda: floaters_for_the_round(ctx, group, score))
        if again is not None:
            leaving = again
            stay = [t for t in group if t not in leaving]
            local = Completion(stay, adj=ctx.completion.adj)
            left = _pair_rows(ctx, local, group, leaving, side, score)
        else:
            mark.restore_and(lambda: None)
            local = Completion(group, adj=ctx.completion.adj)
            leaving = choose_floaters(ctx, local, group, score)
            left = _pair_rows(ctx, local, group, leaving, side, score)
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


def _pair_rows(
    ctx: RoundContext, local: Completion, group: list[int], leaving: list[int], side, score: float
) -> list[int]:
    """Dubov 6.2-6.3 for those who stay; return those left unpaired (they float, 6.4)."""
    stay = [t for t in group if t not in leaving]
    if not stay:
        return []
    whites = sorted((t for t in stay if side[t] is Colour.WHITE), key=lambda t: ctx.p(t).sort_white())
    blacks = sorted((t for t in stay if side[t] is Colour.BLACK), key=lambda t: ctx.p(t).sort_black())
    ctx.explain(
        "Dubov 6.2",
        "rows",
        "White column (increasing ARO) against Black column (decreasing R): "
        + "; ".join(
            f"{i + 1}. {_cell(ctx, whites, i, True)} - {_cell(ctx, blacks, i, False)}"
            for i in range(max(len(whites), len(blacks)))
        ),
        whites=whites,
        blacks=blacks,
        white_aro={t: ctx.p(t).aro for t in whites},
        black_rating={t: ctx.p(t).rating for t in blacks},
    )
    Rows(ctx, local, whites, blacks).run()
    left = [t for t in stay if t in ctx.remaining]
    for t in left:
        ctx.explain(
            "Dubov 6.4",
            "floater",
            f"{ctx.label(t)} is left unpaired in scoregroup {score:g} and floats down",
            tpn=t,
        )
    return left


def _cell(ctx: RoundContext, column: list[int], i: int, white: bool) -> str:
    if i >= len(column):
        return "-"
    p = ctx.p(column[i])
    return (
        f"{ctx.label(column[i])} ({'ARO ' + format(p.aro, '.1f') if white else 'R ' + format(p.rating, 'g')})"
    )
