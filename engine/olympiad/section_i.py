"""One score group's candidate pairings in rounds 1-4 (1998) / 1-3 (2007): rules 25-44.

Order of work in a group (own teams in pairing-number order):

1. Teams that came in take their opponents first, in the order of the group
   they come from: from above the strongest first (rule 34), from below the
   weakest first (rule 35); teams from above before teams from below. A dropped team meets the strongest team it has
   not played (rule 25), an elevated team the weakest (rule 29); a team
   that has played the whole group goes on to the next one (rules 41-42).
   In the middle group, with the default reading of rules 34 and 39, a team
   of the group that has played all its other teams meets the strongest
   team come up from below it has not played (see
   docs/interpretations/olympiad.md, option ``middle_group_all_met``).
2. A team that has played all the other teams of its group leaves it
   (rules 39-43).
3. An odd group drops its weakest (above the middle group, rules 25-28) or
   elevates its strongest (below, rules 29-32), the next one when the rest
   cannot be paired; the rest is paired in the order of rule 36 (rule 38
   below the middle group).

Rule 44: the search asks first for candidates in which only the team an odd
group must send leaves (``ctx.extra`` 0), and only when none of them can be
completed for two more teams to leave (``ctx.extra`` 2). Within one level,
the choice of an incoming team's opponent comes before the choice of the
team that drops, so a dropped team meets the strongest team with which the
rest of the group can still be paired.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations as subsets

from engine.olympiad.groups import BOTTOM, MEDIAN
from engine.olympiad.model import TeamView
from engine.olympiad.orders import LATER_FAILED, combinations, printed, rule36_opponents
from engine.olympiad.pools import (
    ABOVE,
    BELOW,
    Candidate,
    Incoming,
    Leave,
    PairNote,
    PoolContext,
    _labelled,
    _reject_logger,
    order_reason,
)
from engine.olympiad.wording import group_name, names, passed_over, played_list, short_reason

REST_UNPAIRABLE = "no pairing of the rest of the group could then be completed"

Then = Callable[[list[TeamView], "_Partial"], Iterator[Candidate]]


@dataclass(frozen=True)
class _Partial:
    """The choices made so far in a group: pairs with teams that came in, and who goes on."""

    pairs: tuple[tuple[TeamView, TeamView], ...] = ()
    notes: tuple[PairNote, ...] = ()
    texts: tuple[str, ...] = ()
    passing: tuple[TeamView, ...] = ()
    leaving: tuple[tuple[int, Leave], ...] = ()
    entries: tuple[tuple[int, int], ...] = ()  # (incoming TPN, opponent TPN): compared by the checker

    def with_pair(self, a: TeamView, b: TeamView, note: PairNote, text: str) -> _Partial:
        return replace(
            self,
            pairs=self.pairs + ((a, b),),
            notes=self.notes + (note,),
            texts=self.texts + (text,),
            entries=self.entries + ((a.tpn, b.tpn),),
        )

    def going_on(self, team: TeamView, leave: Leave) -> _Partial:
        return replace(
            self,
            passing=self.passing + (team,),
            leaving=self.leaving + ((team.tpn, leave),),
            entries=self.entries + ((team.tpn, 0),),
        )


def entry_order(incoming: Sequence[Incoming], side: str, middle_reading: str = "rule39") -> list[Incoming]:
    """The order in which teams that came into a group take their opponents.

    Each team is paired as part of the pairing of the group it comes from, so
    that group's order decides: teams from above first (the groups above are
    paired first, rule 16), the strongest first (rule 34); then teams from
    below, the weakest first (rule 35). Strength is the pairing score, then
    the pairing number. With the middle group's other reading
    (``middle_group_all_met = "rule29"``) teams that came up into the middle
    group are taken in the middle group's own order, the strongest first
    (rule 34), as the engine did before 25 Nov 2026.
    """
    above = sorted((i for i in incoming if i.origin == ABOVE), key=lambda i: (-i.team.score, i.team.tpn))
    if side == MEDIAN and middle_reading == "rule29":
        key = lambda i: (-i.team.score, i.team.tpn)  # noqa: E731
    else:
        key = lambda i: (i.team.score, -i.team.tpn)  # noqa: E731
    below = sorted((i for i in incoming if i.origin != ABOVE), key=key)
    return above + below


def section_i(
    own: list[TeamView], incoming: list[Incoming], side: str, ctx: PoolContext
) -> Iterator[Candidate]:
    """Rules 25-44 for one group; see the module docstring for the order."""
    reading = ctx.opts.middle_group_all_met
    ordered = entry_order(incoming, side, reading)
    ctx.came_in = {i.team.tpn: i for i in incoming}
    if side == MEDIAN and reading == "rule39":
        above = [i for i in ordered if i.origin == ABOVE]
        below = [i for i in ordered if i.origin == BELOW]

        def then(rest_own: list[TeamView], partial: _Partial) -> Iterator[Candidate]:
            yield from _middle_forced(rest_own, below, partial, ctx)

        yield from _take(above, list(own), _Partial(), side, ctx, then)
        return

    def own_then(rest_own: list[TeamView], partial: _Partial) -> Iterator[Candidate]:
        yield from _own(rest_own, partial, side, ctx)

    yield from _take(ordered, list(own), _Partial(), side, ctx, own_then)


def _pair_rule(inc: Incoming) -> int | str:
    """The rule that chooses an incoming team's opponent."""
    rule = inc.leave.rule if inc.leave is not None else None
    if rule in (39, 40, 43, 41, 42):
        return rule
    return 25 if inc.origin == ABOVE else 29


def _take(
    queue: Sequence[Incoming], own: list[TeamView], partial: _Partial, side: str, ctx: PoolContext, then: Then
) -> Iterator[Candidate]:
    """The teams that came in, one by one, each with the opponent its rule gives."""
    if not queue:
        yield from then(own, partial)
        return
    opts = ctx.opts
    inc, rest = queue[0], queue[1:]
    f = inc.team
    strongest = inc.origin == ABOVE
    opponents = sorted(own, key=lambda t: t.tpn if strongest else -t.tpn)
    rule = _pair_rule(inc)
    which = "strongest" if strongest else "weakest"
    passed: list[tuple[TeamView, str]] = []
    for opp in opponents:
        why = ctx.pair_reason(f, opp)
        if why is not None:
            passed.append((opp, why))
            continue
        skipped = "; ".join(f"{o.label}: {short_reason(w)}" for o, w in passed)
        with_44 = any(w in (LATER_FAILED, REST_UNPAIRABLE) for _, w in passed)
        cited = opts.cite(rule) + (f" with {opts.cite(44)}" if with_44 else "")
        text = f"{f.label} x {opp.label} ({cited}{'; passed over ' + skipped if skipped else ''})"
        note = PairNote(
            f, opp, opts.cite(rule), functools.partial(_entry_reason, ctx, inc, opp, which, tuple(passed))
        )
        offered = False
        for cand in _take(
            rest, [t for t in own if t is not opp], partial.with_pair(f, opp, note, text), side, ctx, then
        ):
            offered = True
            yield cand
        passed.append((opp, LATER_FAILED if offered else REST_UNPAIRABLE))
    # Rules 41-42: only a team that has played every team of the group goes
    # on; one kept out by the colour limits alone stays (rule 18(a)).
    if all(t.tpn in f.met for t in own) and ctx.can_float:
        go_rule = 41 if inc.origin == ABOVE else 42
        cause = f"{f.label} has played every team of {group_name(ctx.score)} ({names(own)}) too"
        ctx.say(
            opts.cite(go_rule),
            f"{f.label} cannot meet any team of this group: it goes on to the next group ({cause})",
        )
        leave = Leave(go_rule, cause, ctx.score)
        yield from _take(rest, own, partial.going_on(f, leave), side, ctx, then)


def _entry_reason(ctx: PoolContext, inc: Incoming, opp: TeamView, which: str, passed) -> str:
    """Why a team that came in meets ``opp`` (rules 25, 29, 39-44), in plain words."""
    opts = ctx.opts
    f = inc.team
    rest_too = (
        f" and with which the rest of the group can still be paired ({opts.cite(44)})" if passed else ""
    )
    way = "down" if inc.origin == ABOVE else "up"
    return (
        f"{inc.said(opts)} A team that comes {way} meets the {which} team of {group_name(ctx.score)} it has "
        f"not played{rest_too}: {opp.label}{passed_over(f, passed)}."
    ).strip()


def _middle_forced(
    own: list[TeamView], below: list[Incoming], partial: _Partial, ctx: PoolContext
) -> Iterator[Candidate]:
    """Rules 34 and 39 in the middle group: a team that has played all the other
    teams of the group meets the strongest team come up from below it has not
    played (the strongest such team first; rule 43 for the others)."""
    prio = sorted(own, key=lambda t: t.tpn)
    forced = [t for t in prio if len(prio) > 1 and all(u.tpn in t.met for u in prio if u is not t)]

    def own_then(rest_own: list[TeamView], p: _Partial) -> Iterator[Candidate]:
        yield from _own(rest_own, p, MEDIAN, ctx)

    if not forced or not below:
        yield from _take(below, own, partial, MEDIAN, ctx, own_then)
        return
    yield from _forced_pick(forced, prio, below, own, partial, ctx, own_then)


def _forced_pick(forced, prio, below, own, partial, ctx, own_then) -> Iterator[Candidate]:
    if not forced:
        yield from _take(below, own, partial, MEDIAN, ctx, own_then)
        return
    opts = ctx.opts
    t = forced[0]
    rule = 39 if t is prio[0] else 43
    candidates = sorted(below, key=lambda i: (-i.team.score, i.team.tpn))
    passed: list[tuple[TeamView, str]] = []
    mates = played_list(t, prio)
    ctx.say(
        opts.cite(rule),
        f"{t.label} has played every other team of the middle group ({mates}): it meets the strongest "
        "team come up from below it has not played",
    )
    for inc in candidates:
        e = inc.team
        why = ctx.pair_reason(t, e)
        if why is not None:
            passed.append((e, why))
            continue
        text = f"{t.label} x {e.label} ({opts.cite(rule)}: {t.label} has played {mates})"
        reason = (
            f"{t.label} has already played every other team of the middle group ({mates}), so it meets the "
            f"strongest team come up from the group below it has not played: {e.label}"
            f"{passed_over(t, passed)}. {inc.said(opts)}"
        )
        note = PairNote(t, e, opts.cite(rule), reason.strip())
        offered = False
        for cand in _forced_pick(
            forced[1:],
            prio,
            [i for i in below if i is not inc],
            [u for u in own if u is not t],
            partial.with_pair(t, e, note, text),
            ctx,
            own_then,
        ):
            offered = True
            yield cand
        passed.append((e, LATER_FAILED if offered else REST_UNPAIRABLE))


@dataclass
class _DropTry:
    """A drop tried before the one taken, and why it was not taken (words, or a function writing them)."""

    teams: tuple[TeamView, ...]
    why: str | Callable[[], str]

    @property
    def text(self) -> str:
        return self.why if isinstance(self.why, str) else self.why()


def _own(own: list[TeamView], partial: _Partial, side: str, ctx: PoolContext) -> Iterator[Candidate]:
    opts = ctx.opts
    prio = sorted(own, key=lambda t: t.tpn if side != BOTTOM else -t.tpn)
    if not ctx.can_float:
        if len(prio) % 2 == 0 and ctx.extra == 0:
            yield from _finish(prio, tuple(partial.passing), partial, "", (), {}, side, ctx)
        return
    # Rules 39-43: teams that have played every other team of the group (the
    # colour limits alone never send a team away: rule 18(a)). Rule 39 (40
    # below the median) speaks of the strongest (weakest) team, rule 43 of
    # the other teams of the group.
    forced = [t for t in prio if len(prio) > 1 and all(u.tpn in t.met for u in prio if u is not t)]
    leaving: dict[int, Leave] = dict(partial.leaving)
    head_rule = 40 if side == BOTTOM else 39
    for t in forced:
        rule = head_rule if t is prio[0] else 43
        cause = f"{t.label} has already played every other team of its group ({played_list(t, prio)})"
        leaving[t.tpn] = Leave(rule, cause, ctx.score)
        if rule == 43:
            ctx.say(
                opts.cite(43),
                f"{t.label} cannot be paired within the group and leaves it as {opts.cite(head_rule)} says for "
                f"the {'weakest' if side == BOTTOM else 'strongest'} team: it has played {played_list(t, prio)}",
            )
        else:
            ctx.say(
                opts.cite(rule),
                f"{t.label} cannot be paired within the group and leaves it: it has played {played_list(t, prio)}",
            )
    base = [t for t in prio if t not in forced]
    weakest_first = list(reversed(base))  # above: weakest first; below: strongest first
    drop_rule = 26 if side != BOTTOM else 30
    first_rule = 25 if side != BOTTOM else 29
    verb = "elevated" if side == BOTTOM else "dropped"
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
                    f"{names(drop)} moved back: the groups {'below' if side != BOTTOM else 'above'} could not "
                    f"take {names(outgoing)}",
                )
                tried.append(
                    _DropTry(drop, ctx.why_failed.get(key, "the groups that follow could not take it"))
                )
            continue
        if not ctx.pairable(rest):
            if drop:
                ctx.say(
                    opts.cite(drop_rule),
                    lambda drop=drop, rest=rest: (
                        f"dropping {names(drop)} leaves {names(rest)} that cannot all be paired "
                        f"({ctx.blocking(rest)})"
                    ),
                )
                tried.append(
                    _DropTry(
                        drop, lambda rest=rest: f"the rest could not all be paired ({ctx.blocking(rest)})"
                    )
                )
            continue
        what = ""
        drop_leaving = dict(leaving)
        if drop:
            if ctx.extra:
                rule: int | str = 44
                if size - ctx.extra:
                    cause = (
                        f"no pairing in which only one team leaves {group_name(ctx.score)} could be completed "
                        f"with the groups that follow, so two more teams leave it, the {which} first"
                    )
                else:
                    cause = (
                        f"no pairing of {group_name(ctx.score)} within itself could be completed with the "
                        f"groups that follow, so two of its teams leave it, the {which} first"
                    )
            elif drop[0] is weakest_first[0]:
                rule = first_rule
                cause = f"its group has an odd number of teams and {drop[0].label} is its {which} team"
            else:
                rule = drop_rule
                before = "; ".join(f"not {names(d.teams)}: {d.text}" for d in tried[:3])
                cause = (
                    f"its group has an odd number of teams; {drop[0].label} is the {which} team that can "
                    f"leave it{' (' + before + ')' if before else ''}"
                )
            what = f"{names(drop)} {verb} ({opts.cite(rule)}), {cause}"
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
    partial: _Partial,
    what: str,
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
    order = (
        "below the middle group the weakest team is paired first, the bottom half of the group against "
        "the top half in pairing-number order"
        if side == BOTTOM
        else "the strongest team is paired first, the top half of the group against the bottom half in "
        "pairing-number order"
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
            parts.append(
                f"combination ({comb.number}) of the order of {order_article}: {printed(_labelled(comb))}"
            )
        elif not parts:
            parts.append("no team is left to pair in the group")
        where = f"combination ({comb.number}) of {order_article}"
        notes = list(partial.notes) + [
            PairNote(
                a, b, order_article, functools.partial(order_reason, ctx, a, b, " " + order, where, passed)
            )
            for (a, b), passed in zip(comb.pairs, comb.passed or [()] * len(comb.pairs), strict=False)
        ]
        yield Candidate(
            pairs=list(partial.pairs) + list(comb.pairs),
            outgoing=outgoing,
            article=order_article,
            message="; ".join(parts),
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
