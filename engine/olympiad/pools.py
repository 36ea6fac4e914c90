"""One score group's candidate pairings, in the order the rules try them.

A *pool* is a score group with the teams that came into it (floaters,
or a whole group merged into it by rule 50; ``engine.olympiad.pool_context``).
Each generator yields :class:`Candidate` pairings of the pool in the rules'
priority order; the search (``engine.olympiad.search``) takes the first whose
floaters can be placed in the groups that follow.

- ``engine.olympiad.section_i`` — rounds 1-4 (1998) / 1-3 (2007): rules 25-44.
- :func:`section_j` — rounds 5+ (1998) / 4+ (2007): rules 45-51.

Every candidate carries its causes: a :class:`PairNote` per pair (the rule
that chose the opponent and why, in plain words) and a
:class:`~engine.olympiad.pool_context.Leave` per team that leaves the group
(the rule and the cause).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial

from engine.messages import English, Message, msg, prose
from engine.olympiad.groups import BOTTOM
from engine.olympiad.model import TeamView
from engine.olympiad.orders import Combination, combinations, rule47_opponents
from engine.olympiad.pool_context import ABOVE, BELOW, Incoming, Leave, PoolContext
from engine.olympiad.wording import group_message, names, names_message, passed_over_message, points_message

__all__ = [  # the pool's context is read from here too (engine.olympiad.pool_context)
    "ABOVE",
    "BELOW",
    "Candidate",
    "Incoming",
    "Leave",
    "PairNote",
    "PoolContext",
    "combination_said",
    "order_reason",
    "section_j",
]


@dataclass(frozen=True)
class PairNote:
    """Why ``a`` meets ``b``: the rule that chose the opponent, and the reason in plain words.

    ``make`` is the reason or a function writing it: most candidates are never
    taken, so their reasons are written only when asked for.
    """

    a: TeamView
    b: TeamView
    article: str
    make: str | Message | Callable[[], str | Message]

    @property
    def reason(self) -> str | Message:
        return self.make if isinstance(self.make, (str, Message)) else self.make()


def order_reason(
    ctx: PoolContext, a: TeamView, b: TeamView, order: Message, where: Message, passed
) -> Message:
    """Why two teams of one pool meet: the order of their group that paired them.

    All of it in the reader's language (a cause the engine has not structured is
    ``engine.messages.English`` prose).
    """
    opts = ctx.opts
    lead = ctx.came(a, b)
    both = (
        msg("Both teams have {points}", points=points_message(a.score, opts.score_name))
        if a.score == b.score
        else msg(
            "{team} has {points}, {other} {score}",
            team=a.label,
            points=points_message(a.score, opts.score_name),
            other=b.label,
            score=float(b.score),
        )
    )
    said = msg(
        "{both}; in {group}{order} ({where}){passed}.",
        both=both,
        group=group_message(ctx.score),
        order=order,
        where=where,
        passed=passed_over_message(a, passed),
    )
    if lead is None:
        return said
    return msg("{lead} {reason}", lead=lead if isinstance(lead, Message) else English(lead), reason=said)


@dataclass
class Candidate:
    pairs: list[tuple[TeamView, TeamView]]
    outgoing: tuple[TeamView, ...]
    article: str
    message: Message  # the combination, as the explanation says it (``str()``: the English)
    relaxed: bool = False
    number: int = 0  # the combination's number in its rule's printed order
    drops: tuple[TeamView, ...] = ()  # teams leaving for parity (rules 25-32, 48)
    notes: tuple[PairNote, ...] = ()  # one per pair: the rule that chose it and why
    leaving: dict[int, Leave] = field(default_factory=dict)  # why each outgoing team leaves
    extra: int = 0  # teams leaving beyond the one an odd group sends (rule 44)
    parts: dict[str, object] = field(default_factory=dict)  # the choices, for comparing two candidates

    @property
    def out_key(self) -> frozenset[int]:
        return frozenset(t.tpn for t in self.outgoing)


_names = names


def _reject_logger(ctx: PoolContext, article: str):
    def on_reject(lo: int, hi: int, partial: tuple, reason: str) -> None:
        if ctx.quiet():
            return
        span = f"({lo})" if lo == hi else f"({lo})-({hi})"
        text = [
            msg("{a} x {b}", a=a.label, b=b.label) if b is not None else msg("{team} floater", team=a.label)
            for a, b in partial
        ]
        ctx.log(
            article,
            msg(
                "combination {span} [{pairs} ...] not valid: {reason}",
                span=span,
                pairs=text,
                reason=prose(reason),
            ),
        )

    return on_reject


# -- Section J -----------------------------------------------------------------


def section_j(
    pool: list[TeamView], incoming: dict[int, Incoming], side: str, ctx: PoolContext
) -> Iterator[Candidate]:
    """Rules 45-51: the pool in Extended Buchholz order (floaters included).

    Median group and above: rule 46/47 order, an odd pool floats one team by
    rule 49's order, never a floater from another scoregroup (rule 48).
    Below the median: the same with the order reversed (rule 51).
    """
    opts = ctx.opts
    seq = list(reversed(pool)) if side == BOTTOM else list(pool)
    odd = len(seq) % 2 == 1
    if odd and not ctx.can_float:
        return
    rule = (49 if odd else 47) if side != BOTTOM else 51
    article = opts.cite(rule)

    def float_check(t: TeamView) -> Message | None:
        inc = incoming.get(t.tpn)
        if inc is not None and not inc.merged:
            return msg(
                "{team} is a floater from another scoregroup ({rule})", team=t.label, rule=opts.cite(48)
            )
        if frozenset({t.tpn}) in ctx.failed:
            return msg(
                "{team} could not be paired in the next group ({rule})", team=t.label, rule=opts.cite(50)
            )
        return None

    def rest_check(rest: Sequence[TeamView], can_float: bool) -> str | Message | None:
        if len(rest) == 1 and can_float:
            return float_check(rest[0])
        if len(rest) == 2 and not can_float:
            return ctx.pair_reason(rest[0], rest[1])
        floaters = [t for t in rest if float_check(t) is None] if can_float else []
        if ctx.pairable(rest, floaters):
            return None
        return msg(
            "the remaining teams {teams} cannot all be paired ({why}; {rule})",
            teams=names_message(rest),
            why=ctx.blocking_message(rest),
            rule=opts.cite(50),
        )

    combos = combinations(
        seq,
        rule47_opponents,
        floating=odd,
        pair_check=ctx.pair_reason,
        float_check=float_check,
        rest_check=rest_check,
        on_reject=_reject_logger(ctx, article),
    )
    order = msg(
        ", ordered by Extended Buchholz, {order}",
        order=msg(
            "below the middle group the team with the lowest Extended Buchholz is paired first, "
            "with the highest it has not played"
            if side == BOTTOM
            else "the team with the highest Extended Buchholz meets the lowest it has not played"
        ),
    )
    pair_rule = 51 if side == BOTTOM else 46
    for comb in combos:
        out = (comb.floater,) if comb.floater is not None else ()
        key = frozenset(t.tpn for t in out)
        if key in ctx.failed:
            if not odd:
                return  # an even pool sends nothing: every combination fails alike
            continue
        where = msg("combination ({number}) of {rule}", number=comb.number, rule=opts.cite(rule))
        notes = [
            PairNote(a, b, opts.cite(pair_rule), partial(order_reason, ctx, a, b, order, where, passed))
            for (a, b), passed in zip(comb.pairs, comb.passed or [()] * len(comb.pairs), strict=False)
        ]
        leaving = {}
        if comb.floater is not None:
            f = comb.floater
            leaving[f.tpn] = Leave(
                48,
                msg(
                    "its group has an odd number of teams; ordered by Extended Buchholz, {team} is the floater of "
                    "combination ({number}) of {rule}, the first that could be paired",
                    team=f.label,
                    number=comb.number,
                    rule=opts.cite(rule),
                ),
                ctx.score,
            )
        yield Candidate(
            pairs=list(comb.pairs),
            outgoing=out,
            article=article,
            message=combination_said(_labelled(comb), opts.cite(rule)),
            relaxed=not ctx.strict,
            number=comb.number,
            drops=out,
            notes=tuple(notes),
            leaving=leaving,
            parts={"number": comb.number, "floater": key},
        )


def combination_said(comb: Combination, rule: str) -> Message:
    """ "combination (3) of the order of <rule>: T1 x T5, T2 x T4, T3 floater" (``orders.printed``);
    ``comb`` is labelled (``_labelled``)."""
    parts = [msg("{a} x {b}", a=a, b=b) for a, b in comb.pairs]
    if comb.floater is not None:
        parts.append(msg("{team} floater", team=comb.floater))
    return msg(
        "combination ({number}) of the order of {rule}: {combination}",
        number=comb.number,
        rule=rule,
        combination=parts,
    )


def _labelled(comb: Combination) -> Combination:
    return Combination(
        comb.number,
        tuple((a.label, b.label) for a, b in comb.pairs),
        comb.floater.label if comb.floater is not None else None,
    )
