"""A score group's own teams in rounds 1-4 (1998) / 1-3 (2007), once the teams that came in have their opponents.

Rules 39-43: a team that has played every other team of the group leaves it.
Rules 25-32: an odd group drops its weakest team (above the middle group) or
elevates its strongest (below), the next one when the rest cannot be paired.
The rest is paired in the order of rule 36 (rule 38 below the middle group).
Rule 44: two more teams leave only when no candidate in which only the team
the group must send leaves can be completed. ``engine.olympiad.section_i``
calls :func:`pair_own_teams` after its step 1.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations as subsets

from engine.messages import English, Message, joined, msg, prose
from engine.olympiad.groups import BOTTOM
from engine.olympiad.model import TeamView
from engine.olympiad.orders import combinations, rule36_opponents
from engine.olympiad.pools import (
    Candidate,
    Leave,
    PairNote,
    PoolContext,
    _labelled,
    _reject_logger,
    combination_said,
    order_reason,
)
from engine.olympiad.section_i_partial import Partial
from engine.olympiad.wording import (
    group_message,
    names,
    names_message,
    played_list,
    played_message,
)


@dataclass
class _DropTry:
    """A drop tried before the one taken, and why it was not taken (words, or a function writing them)."""

    teams: tuple[TeamView, ...]
    why: str | Message | Callable[[], str | Message]

    @property
    def text(self) -> str | Message:
        return self.why if isinstance(self.why, (str, Message)) else self.why()


def pair_own_teams(own: list[TeamView], partial: Partial, side: str, ctx: PoolContext) -> Iterator[Candidate]:
    opts = ctx.opts
    prio = sorted(own, key=lambda t: t.tpn if side != BOTTOM else -t.tpn)
    if not ctx.can_float:
        if len(prio) % 2 == 0 and ctx.extra == 0:
            yield from _finish(prio, tuple(partial.passing), partial, "", (), {}, side, ctx)
        return
    # Rules 39-43: teams that have played every other team of the group (the
    # colour limits alone never send a team away: rule 18(a)). Rule 39 (40
    # below the median) speaks of the strongest (weakest) team, rule 43 of
    # the other teams of the group. "The group" is the whole group (its own
    # teams and those that came in): a team that only cannot meet the teams
    # left once the teams that came in have their opponents has not played
    # them all, and leaving it would send a team out that rule 44 keeps in
    # (it leaves, if at all, as one of rule 44's extra teams).
    whole = ctx.group or tuple(prio)
    forced = [t for t in prio if len(prio) > 1 and ctx.met_whole_group(t, prio)]
    leaving: dict[int, Leave] = dict(partial.leaving)
    head_rule = 40 if side == BOTTOM else 39
    for t in forced:
        rule = head_rule if t is prio[0] else 43
        cause = msg(
            "{team} has already played every other team of its group ({teams})",
            team=t.label,
            teams=played_message(t, whole),
        )
        leaving[t.tpn] = Leave(rule, cause, ctx.score)
        if rule == 43:
            ctx.say(
                opts.cite(43),
                msg(
                    "{team} cannot be paired within the group and leaves it as {rule} says for the weakest team: "
                    "it has played {teams}"
                    if side == BOTTOM
                    else "{team} cannot be paired within the group and leaves it as {rule} says for the strongest "
                    "team: it has played {teams}",
                    team=t.label,
                    rule=opts.cite(head_rule),
                    teams=played_list(t, whole),
                ),
            )
        else:
            ctx.say(
                opts.cite(rule),
                msg(
                    "{team} cannot be paired within the group and leaves it: it has played {teams}",
                    team=t.label,
                    teams=played_list(t, whole),
                ),
            )
    base = [t for t in prio if t not in forced]
    weakest_first = list(reversed(base))  # above: weakest first; below: strongest first
    drop_rule = 26 if side != BOTTOM else 30
    first_rule = 25 if side != BOTTOM else 29
    which = "strongest" if side == BOTTOM else "weakest"
    size = len(base) % 2 + ctx.extra
    if size > len(base):
        return
    tried: list[_DropTry] = []
    for drop in _drops(weakest_first, size, ctx):
        outgoing = tuple(partial.passing) + tuple(forced) + drop
        key = frozenset(t.tpn for t in outgoing)
        rest = [t for t in base if t not in drop]
        if key in ctx.failed:
            if drop:
                ctx.say(
                    opts.cite(27 if side != BOTTOM else 31),
                    msg(
                        "{teams} moved back: the groups below could not take {outgoing}"
                        if side != BOTTOM
                        else "{teams} moved back: the groups above could not take {outgoing}",
                        teams=names(drop),
                        outgoing=names(outgoing),
                    ),
                )
                tried.append(
                    _DropTry(drop, ctx.why_failed.get(key, msg("the groups that follow could not take it")))
                )
            continue
        if not ctx.pairable(rest):
            if drop:
                ctx.say(
                    opts.cite(drop_rule),
                    lambda drop=drop, rest=rest: msg(
                        "dropping {teams} leaves {rest} that cannot all be paired ({cause})",
                        teams=names(drop),
                        rest=names(rest),
                        cause=ctx.blocking_message(rest),
                    ),
                )
                tried.append(
                    _DropTry(
                        drop,
                        lambda rest=rest: msg(
                            "the rest could not all be paired ({why})", why=ctx.blocking_message(rest)
                        ),
                    )
                )
            continue
        what = ""
        drop_leaving = dict(leaving)
        if drop:
            if ctx.extra:
                rule: int | str = 44
                strongest = which == "strongest"
                if size - ctx.extra:
                    cause = msg(
                        "no pairing in which only one team leaves {group} could be completed with the groups that "
                        "follow, so two more teams leave it, the strongest first"
                        if strongest
                        else "no pairing in which only one team leaves {group} could be completed with the groups "
                        "that follow, so two more teams leave it, the weakest first",
                        group=group_message(ctx.score),
                    )
                else:
                    cause = msg(
                        "no pairing of {group} within itself could be completed with the groups that follow, so "
                        "two of its teams leave it, the strongest first"
                        if strongest
                        else "no pairing of {group} within itself could be completed with the groups that follow, "
                        "so two of its teams leave it, the weakest first",
                        group=group_message(ctx.score),
                    )
            elif drop[0] is weakest_first[0]:
                rule = first_rule
                cause = msg(
                    "its group has an odd number of teams and {team} is its strongest team"
                    if which == "strongest"
                    else "its group has an odd number of teams and {team} is its weakest team",
                    team=drop[0].label,
                )
            else:
                rule = drop_rule
                tries = [
                    msg("not {teams}: {why}", teams=names_message(d.teams), why=_said(d.text))
                    for d in tried[:3]
                ]
                before = joined(tries) if tries else ""
                cause = msg(
                    "its group has an odd number of teams; {team} is the strongest team that can leave it{before}"
                    if which == "strongest"
                    else "its group has an odd number of teams; {team} is the weakest team that can leave it{before}",
                    team=drop[0].label,
                    before=msg(" ({before})", before=before) if before else "",
                )
            what = msg(
                "{teams} elevated ({rule}), {cause}"
                if side == BOTTOM
                else "{teams} dropped ({rule}), {cause}",
                teams=names(drop),
                rule=opts.cite(rule),
                cause=prose(cause),
            )
            for t in drop:
                drop_leaving[t.tpn] = Leave(rule, cause, ctx.score)
        offered = False
        for cand in _finish(rest, outgoing, partial, what, drop, drop_leaving, side, ctx):
            offered = True
            yield cand
        if offered and drop:
            tried.append(
                _DropTry(drop, ctx.why_failed.get(key, "the groups that follow could not then be paired"))
            )


def _said(why: str | Message) -> Message:
    """A cause as a message: a plain string is English prose."""
    return why if isinstance(why, Message) else msg("{text}", text=English(why))


def _drops(weakest_first: list[TeamView], size: int, ctx: PoolContext) -> Iterator[tuple[TeamView, ...]]:
    """The sets of ``size`` teams that may leave, in the order of rules 25-26 / 29-30 (and 44).

    Following the checker's proposal (``ctx.only``) only one set can agree with it: the
    teams whose partner in the proposal is not in the group.
    """
    if ctx.only is None:
        yield from subsets(weakest_first, size)
        return
    here = {t.tpn for t in weakest_first}
    partner = ctx.partner_of
    leaving = tuple(t for t in weakest_first if partner(t.tpn) not in here)
    if len(leaving) == size:
        yield leaving


def _finish(
    rest: list[TeamView],
    outgoing: tuple[TeamView, ...],
    partial: Partial,
    what: str | Message,
    drop: tuple[TeamView, ...],
    leaving: dict[int, Leave],
    side: str,
    ctx: PoolContext,
) -> Iterator[Candidate]:
    """The rest of the group in the order of rule 36 (rule 38 below the middle group)."""
    opts = ctx.opts
    order_rule = 38 if side == BOTTOM else 36
    order_article = opts.cite(order_rule)
    key = frozenset(t.tpn for t in outgoing)
    order = msg(
        " {order}",
        order=msg(
            "below the middle group the weakest team is paired first, the bottom half of the group against "
            "the top half in pairing-number order"
            if side == BOTTOM
            else "the strongest team is paired first, the top half of the group against the bottom half in "
            "pairing-number order"
        ),
    )

    def rest_check(sub, _can_float):
        if len(sub) == 2:
            return ctx.pair_reason(sub[0], sub[1])
        if ctx.pairable(sub):
            return None
        return f"the subgroup {names(sub)} is unsolvable ({ctx.blocking(sub)}; {order_article})"

    for comb in combinations(
        rest,
        rule36_opponents,
        pair_check=ctx.pair_reason,
        rest_check=rest_check,
        on_reject=_reject_logger(ctx, order_article),
    ):
        if key in ctx.failed:
            return
        parts = list(partial.texts)
        if what:
            parts.append(what)
        if comb.pairs:
            parts.append(combination_said(_labelled(comb), order_article))
        elif not parts:
            parts.append(msg("no team is left to pair in the group"))
        where = msg("combination ({number}) of {rule}", number=comb.number, rule=order_article)
        notes = list(partial.notes) + [
            PairNote(a, b, order_article, functools.partial(order_reason, ctx, a, b, order, where, passed))
            for (a, b), passed in zip(comb.pairs, comb.passed or [()] * len(comb.pairs), strict=False)
        ]
        yield Candidate(
            pairs=list(partial.pairs) + list(comb.pairs),
            outgoing=outgoing,
            article=order_article,
            message=joined([prose(p) for p in parts]),
            relaxed=not ctx.strict,
            number=comb.number,
            drops=tuple(drop),
            notes=tuple(notes),
            leaving=leaving,
            extra=ctx.extra,
            parts={
                "entries": partial.entries,
                "leaving": key,
                "drops": frozenset(t.tpn for t in drop),
                "number": comb.number,
            },
        )
