"""Dubov 6.2-6.3: pair the White column against the Black column, row by row.

6.2 writes the Whites (increasing ARO) beside the Blacks (decreasing R) and
pairs row by row. 6.3 orders the remedies when a row fails:

1. White No. k takes the first Black of the lower rows he may play;
2. if he may play none of them, row k-1 is changed, then row k-2, ...;
3. only "if the White No. k has already played with all the Blacks" is he
   paired with another White: No. k+1 down to the end of the column, then
   No. k-1 up to No. 1.

So a White meets a White only when no change of rows lets every White meet
a Black. The engine reads the rows with a look-ahead (:class:`RowPlan`): it
keeps one pairing of the rows still open that pairs them all and holds the
most White-against-Black pairs, and row k takes, in the order above, the
first Black that keeps that number (and leaves the rest of the round
pairable, Dubov 9). An earlier row therefore takes, when it is paired, the
lower Black a later change would give it: a Black of an upper row is free
exactly when its row was changed, and the Step says which later rows made
the change necessary and why (docs/interpretations/dubov.md, 6.3 rows).
"""

from __future__ import annotations

from engine.dubov.causes import bar_cause, barred
from engine.dubov.context import RoundContext
from engine.dubov.rowplan import RowPlan
from engine.messages import Message, joined, msg

ROUND_CAUSE = msg(
    "would leave the rest of the round without a pairing (Dubov 9: every choice leaves the others pairable)"
)


Tried = list[
    tuple[int, str, Message, list[int]]
]  # (opponent, kind, cause, rows harmed) of each choice passed over


class Rows:
    """Dubov 6.2-6.3 for the participants who stay in one scoregroup.

    Row k: White No. k takes the Black of row k; else the first Black of the
    lower rows he may play; else the Black of row k-1, k-2, ... (freed by a
    change of that row); a Black that would leave the rows fewer
    White-against-Black pairs than a change of rows allows is passed over,
    which is the change of an earlier row the text orders. A White who can
    have no Black meets White No. k+1 ... end, then No. k-1 ... 1; Blacks
    left over meet each other likewise (6.3, last paragraph).
    """

    def __init__(self, ctx: RoundContext, whites: list[int], blacks: list[int], score: float) -> None:
        self.ctx, self.whites, self.blacks, self.score = ctx, whites, blacks, score
        self.plan = RowPlan(ctx.completion.adj, whites, blacks)
        self.taken_in_row: dict[int, int] = {}  # a Black -> the row (1-based) whose White took him

    # -- one choice ----------------------------------------------------------------
    def _try(self, a: int, b: int) -> tuple[str, Message, list[int]] | None:
        """Pair ``a`` with ``b`` if 6.3's look-ahead allows; else (kind, cause, rows harmed)."""
        ctx = self.ctx
        if b not in ctx.completion.adj.get(a, ()):
            return "barred", barred(ctx.limits, a, b) or msg("may not meet"), []
        rest = self.plan.check(a, b)
        if rest is None:
            cause, rows = self.plan.shortfall(ctx, a, b)
            return "rows", cause, rows
        if not ctx.completion.fix(a, b):
            return "round", ROUND_CAUSE, []
        self.plan.commit(a, b, rest)
        return None

    def run(self) -> None:
        ctx = self.ctx
        for k, w in enumerate(self.whites):
            if w not in ctx.remaining:
                continue
            row_black = self.blacks[k] if k < len(self.blacks) else None
            order = (
                self.blacks[k:] + list(reversed(self.blacks[:k]))
                if row_black is not None
                else list(self.blacks)
            )
            tried: Tried = []
            chosen = None
            for b in order:
                if b not in ctx.remaining:
                    continue
                failure = self._try(w, b)
                if failure is None:
                    chosen = b
                    break
                tried.append((b, *failure))
            if chosen is not None:
                self._record_row(k, w, row_black, chosen, tried)
            else:
                self._same_colour(w, self.whites, "White", tried)
        for b in self.blacks:
            if b in ctx.remaining:
                self._same_colour(b, self.blacks, "Black", [])

    # -- the Steps -------------------------------------------------------------------
    def _taken(self, b: int | None) -> Message | None:
        if b is None or b in self.ctx.remaining:
            return None
        row = self.taken_in_row.get(b)
        if row:
            return msg("{team} is already paired in row {row}", team=self.ctx.team(b), row=row)
        return msg("{team} is already paired", team=self.ctx.team(b))

    def _record_row(self, k: int, w: int, row_black: int | None, chosen: int, tried: Tried) -> None:
        ctx = self.ctx
        row = self.blacks.index(chosen) + 1
        self.taken_in_row[chosen] = k + 1
        moved = self._moved_up(w, chosen)
        if chosen == row_black:
            ctx.record_pair(
                w,
                chosen,
                "Dubov 6.2",
                msg("row {row}: {team} - {other}", row=k + 1, team=ctx.team(w), other=ctx.team(chosen)),
                why={
                    w: _after(moved.get(w), self._same_group(chosen, "White", k + 1)),
                    chosen: _after(moved.get(chosen), self._same_group(w, "Black", k + 1)),
                },
            )
            return
        causes = [self._taken(row_black)] if row_black is not None else []
        causes += [
            msg("{team} - {other}: {cause}", team=ctx.team(w), other=ctx.team(b), cause=cause)
            for b, _, cause, _ in tried
        ]
        lookahead = [t for t in tried if t[1] != "barred"]
        data: dict = {"row": k + 1, "black_row": row, "tried": [t[0] for t in tried]}
        you, he = self._plain(w, row_black, tried, True), self._plain(w, row_black, tried, False)
        if row > k + 1 and not lookahead:
            conclusion = msg(
                "{team} plays the first Black of the lower rows he may play, {other}",
                team=ctx.team(w),
                other=ctx.team(chosen),
            )
            why_w = msg(
                "{cause}, so you meet the first player due Black below your row you may meet, {other}.",
                cause=you,
                other=chosen,
            )
            why_b = msg(
                "{other}, first in row {row} of those due White, could not meet the Black of his row ({cause}), "
                "so he meets the first player due Black below it that he may meet: you.",
                other=w,
                row=k + 1,
                cause=he,
            )
        elif row > k + 1:
            data["changed_row"] = k + 1
            data["changed_for"] = sorted({r for t in lookahead for r in t[3]})
            conclusion = msg(
                "so row {row} is changed (6.3: a coincidence in a lower row is remedied by changing the rows above "
                "it, the nearest first): {team} plays {other}, the Black of row {black_row}",
                row=k + 1,
                team=ctx.team(w),
                other=ctx.team(chosen),
                black_row=row,
            )
            why_w = msg("{cause}, so your row was changed and you meet {other}.", cause=you, other=chosen)
            why_b = msg(
                "The row of {other} was changed so that the players due White below him can all meet players "
                "due Black; he meets you.",
                other=w,
            )
        else:
            data["changed_row"] = row
            conclusion = msg(
                "{team} can take no Black of the lower rows, so row {row} is changed (6.3: row k-1, then k-2, ...; "
                "its Black is free): {team} plays {other}"
                if k + 1 < len(self.blacks)
                else "{team} has no lower row, so row {row} is changed (6.3: row k-1, then k-2, ...; its Black is "
                "free): {team} plays {other}",
                team=ctx.team(w),
                row=row,
                other=ctx.team(chosen),
            )
            why_w = msg(
                "{cause}, so you meet {other}, the Black of row {row}, free because row {row} was changed.",
                cause=you,
                other=chosen,
                row=row,
            )
            why_b = msg(
                "{other}, of row {row}, could meet no player due Black below his row ({cause}), so he meets you; "
                "your row had been changed to free you.",
                other=w,
                row=k + 1,
                cause=he,
            )
        ctx.record_pair(
            w,
            chosen,
            "Dubov 6.3",
            msg(
                "row {row}: {causes}; {conclusion}",
                row=k + 1,
                causes=joined([c for c in causes if c]) if any(causes) else "",
                conclusion=conclusion,
            ),
            why={w: _after(moved.get(w), why_w), chosen: _after(moved.get(chosen), why_b)},
            **data,
        )

    def _plain(self, w: int, row_black: int | None, tried: Tried, you: bool) -> Message:
        """What kept ``w`` from the Blacks he passed over, in plain words (for explain_why)."""
        bits: list[Message] = []
        if row_black is not None and row_black not in self.ctx.remaining:
            bits.append(
                msg("{other}, the Black of your row, was already paired", other=row_black)
                if you
                else msg("{other}, the Black of his row, was already paired", other=row_black)
            )
        played = [b for b, kind, _, _ in tried if b in self.ctx.state.by_tpn[w].played_opponents]
        if played:
            bits.append(
                msg(
                    ("You have already played {others}" if not bits else "you have already played {others}")
                    if you
                    else "he has already played {others}",
                    others=_and(played),
                )
            )
        barred_by: dict[str, list[int]] = {}  # the limitation -> the Blacks it bars
        causes: dict[str, Message] = {}
        for b, kind, _, _ in tried:
            if kind == "barred" and b not in played:
                cause = bar_cause(self.ctx.limits, w, b)
                key = str(cause) if cause is not None else ""
                barred_by.setdefault(key, []).append(b)
                if cause is not None:
                    causes[key] = cause
        for why, tpns in barred_by.items():
            said = msg(
                ("You may not meet {others}" if not bits else "you may not meet {others}")
                if you
                else "he may not meet {others}",
                others=_and(tpns, "or"),
            )
            bits.append(msg("{reason} {rule}", reason=said, rule=causes[why]) if why else said)
        for b, kind, _, rows in tried:
            if b in played or kind == "barred":
                continue
            first = you and not bits  # the English starts with a capital, as it always did
            if rows:
                names = _and([self.whites[r - 1] for r in rows])
                bits.append(
                    msg(
                        "Meeting {other} would have left {others} without an opponent due Black"
                        if first
                        else "meeting {other} would have left {others} without an opponent due Black",
                        other=b,
                        others=names,
                    )
                )
            else:
                bits.append(
                    msg(
                        "Meeting {other} would have left the others without a complete pairing"
                        if first
                        else "meeting {other} would have left the others without a complete pairing",
                        other=b,
                    )
                )
        if not bits:
            return msg("You could meet no other Black" if you else "he could meet no other Black")
        text = bits[0]
        for bit in bits[1:]:
            text = msg("{first}; {second}", first=text, second=bit)
        return text

    def _same_group(self, other: int, colour: str, row: int) -> Message:
        return msg(
            "You and {other} are in the {score}-point group; you are due White and {other} Black, and in the "
            "Dubov lists (those due White by rising average rating of their opponents, those due Black by "
            "falling rating) you are both No. {row}."
            if colour == "White"
            else "You and {other} are in the {score}-point group; you are due Black and {other} White, and in "
            "the Dubov lists (those due White by rising average rating of their opponents, those due Black by "
            "falling rating) you are both No. {row}.",
            other=other,
            score=float(self.score),
            row=row,
        )

    def _moved_up(self, *tpns: int) -> dict[int, Message]:
        ctx = self.ctx
        return {
            t: msg(
                "You were moved up from the {score}-point group to make the {group}-point group even (Dubov 7.2).",
                score=float(ctx.score(t)),
                group=float(self.score),
            )
            for t in tpns
            if ctx.score(t) < self.score
        }

    def _same_colour(self, t: int, column: list[int], name: str, tried_other: Tried) -> None:
        ctx = self.ctx
        other = "Black" if name == "White" else "White"
        k = column.index(t)
        order = column[k + 1 :] + list(reversed(column[:k]))
        causes = []
        tried_tpns = {x for x, *_ in tried_other}
        other_column = self.blacks if name == "White" else self.whites
        taken = [b for b in other_column if b not in ctx.remaining and b not in tried_tpns]
        if taken:
            causes.append(msg("{teams} already paired", teams=ctx.teams(taken)))
        causes += [
            msg("{team} - {other}: {cause}", team=ctx.team(t), other=ctx.team(b), cause=cause)
            for b, _, cause, _ in tried_other
        ]
        chosen = None
        passed = []
        for o in order:
            if o not in ctx.remaining:
                continue
            failure = self._try(t, o)
            if failure is None:
                chosen = o
                break
            passed.append(
                msg("{team} - {other}: {cause}", team=ctx.team(t), other=ctx.team(o), cause=failure[1])
            )
        if chosen is None:
            return
        reason = (
            joined(causes) if causes else msg("no Black is left" if other == "Black" else "no White is left")
        )
        plain = (
            self._plain(t, None, tried_other, True)
            if tried_other
            else msg("No player due Black was left" if other == "Black" else "No player due White was left")
        )
        moved = self._moved_up(t, chosen)
        ctx.record_pair(
            t,
            chosen,
            "Dubov 6.3",
            msg(
                "White No. {row} {team} can meet no Black ({reason}): paired with White No. {partner_row} {other} "
                "(6.3: No. k+1 down to the end of the column, then No. k-1 up to No. 1){passed}"
                if name == "White"
                else "Black No. {row} {team} can meet no White ({reason}): paired with Black No. {partner_row} "
                "{other} (6.3: No. k+1 down to the end of the column, then No. k-1 up to No. 1){passed}",
                row=k + 1,
                team=ctx.team(t),
                reason=reason,
                partner_row=column.index(chosen) + 1,
                other=ctx.team(chosen),
                passed=msg("; passed over: {passed}", passed=joined(passed)) if passed else "",
            ),
            same_colour=name.lower(),
            row=k + 1,
            partner_row=column.index(chosen) + 1,
            why={
                t: _after(
                    moved.get(t),
                    msg(
                        "{cause}, so you meet another player due White, {other}, the next in the list you may meet."
                        if name == "White"
                        else "{cause}, so you meet another player due Black, {other}, the next in the list you "
                        "may meet.",
                        cause=plain,
                        other=chosen,
                    ),
                ),
                chosen: _after(
                    moved.get(chosen),
                    msg(
                        "{other}, due White like you, could be given no opponent due Black, so he meets the next "
                        "player due White in the list he may meet: you."
                        if name == "White"
                        else "{other}, due Black like you, could be given no opponent due White, so he meets the "
                        "next player due Black in the list he may meet: you.",
                        other=t,
                    ),
                ),
            },
        )


def _after(lead: Message | None, reason: Message) -> Message:
    """``reason`` after ``lead`` (a participant moved up first says so), or ``reason`` alone."""
    return reason if lead is None else msg("{lead} {reason}", lead=lead, reason=reason)


def _and(items: list[int], word: str = "and") -> str | Message:
    """ "3", "3 and 5", "3, 5 or 7" (``word``: "and" or "or"), in the reader's language."""
    names = [str(x) for x in items]
    if len(names) == 1:
        return names[0]
    return msg(
        "{first} and {second}" if word == "and" else "{first} or {second}", first=names[:-1], second=names[-1]
    )
