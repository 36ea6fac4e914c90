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

Steps 2 and 3, and rule 44 for them, are in ``engine.olympiad.section_i_own``.

Rule 44: the search asks first for candidates in which only the team an odd
group must send leaves (``ctx.extra`` 0), and only when none of them can be
completed for two more teams to leave (``ctx.extra`` 2). Within one level,
the choice of an incoming team's opponent comes before the choice of the
team that drops, so a dropped team meets the strongest team with which the
rest of the group can still be paired.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

from engine.messages import Message, msg
from engine.olympiad.groups import MEDIAN
from engine.olympiad.model import TeamView
from engine.olympiad.orders import LATER_FAILED
from engine.olympiad.pools import (
    ABOVE,
    BELOW,
    Candidate,
    Incoming,
    Leave,
    PairNote,
    PoolContext,
)
from engine.olympiad.section_i_own import pair_own_teams
from engine.olympiad.section_i_partial import Partial, Then
from engine.olympiad.wording import (
    REST_UNPAIRABLE,
    group_message,
    names_message,
    passed_over_message,
    played_list,
    played_message,
    short_reason,
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
    ctx.group = tuple(own) + tuple(i.team for i in incoming)
    if side == MEDIAN and reading == "rule39":
        above = [i for i in ordered if i.origin == ABOVE]
        below = [i for i in ordered if i.origin == BELOW]
        # The teams come up from below are those a team that met its whole group meets (rule 39).
        ctx.group = tuple(own) + tuple(i.team for i in above)

        def then(rest_own: list[TeamView], partial: Partial) -> Iterator[Candidate]:
            yield from _middle_forced(rest_own, below, partial, ctx)

        yield from _take(above, list(own), Partial(), side, ctx, then)
        return

    def own_then(rest_own: list[TeamView], partial: Partial) -> Iterator[Candidate]:
        yield from pair_own_teams(rest_own, partial, side, ctx)

    yield from _take(ordered, list(own), Partial(), side, ctx, own_then)


def _pair_rule(inc: Incoming) -> int | str:
    """The rule that chooses an incoming team's opponent."""
    rule = inc.leave.rule if inc.leave is not None else None
    if rule in (39, 40, 43, 41, 42):
        return rule
    return 25 if inc.origin == ABOVE else 29


def _take(
    queue: Sequence[Incoming], own: list[TeamView], partial: Partial, side: str, ctx: PoolContext, then: Then
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
        with_44 = any(w == LATER_FAILED or w.startswith(REST_UNPAIRABLE) for _, w in passed)
        cited = opts.cite(rule) + (f" with {opts.cite(44)}" if with_44 else "")
        text = f"{f.label} x {opp.label} ({cited}{'; passed over ' + skipped if skipped else ''})"
        note = PairNote(
            f, opp, opts.cite(rule), functools.partial(_entry_reason, ctx, inc, opp, which, tuple(passed))
        )
        offered = False
        left = [t for t in own if t is not opp]
        for cand in _take(rest, left, partial.with_pair(f, opp, note, text), side, ctx, then):
            offered = True
            yield cand
        passed.append((opp, LATER_FAILED if offered else _rest_unpairable(ctx, left, rest)))
    # Rules 41-42: only a team that has played every team of the group goes
    # on; one kept out by the colour limits alone stays (rule 18(a)).
    if all(t.tpn in f.met for t in own) and ctx.can_float:
        go_rule = 41 if inc.origin == ABOVE else 42
        cause = msg(
            "{team} has played every team of {group} ({teams}) too",
            team=f.label,
            group=group_message(ctx.score),
            teams=names_message(own),
        )
        ctx.say(
            opts.cite(go_rule),
            msg(
                "{team} cannot meet any team of this group: it goes on to the next group ({cause})",
                team=f.label,
                cause=cause,
            ),
        )
        leave = Leave(go_rule, cause, ctx.score)
        yield from _take(rest, own, partial.going_on(f, leave), side, ctx, then)


def _rest_unpairable(ctx: PoolContext, left: list[TeamView], queue: Sequence[Incoming]) -> str | Message:
    """Why no pairing of the group followed from an opponent (rule 44), with the meetings that
    block the teams left when they are few and no other team came in to take one of them."""
    if queue or len(left) % 2 or not 0 < len(left) <= 6:
        return REST_UNPAIRABLE
    return msg("{first}; {second}", first=Message(REST_UNPAIRABLE), second=ctx.blocking_message(left))


def _entry_reason(ctx: PoolContext, inc: Incoming, opp: TeamView, which: str, passed) -> Message:
    """Why a team that came in meets ``opp`` (rules 25, 29, 39-44), in plain words."""
    opts = ctx.opts
    f = inc.team
    said = msg(
        "A team that comes down meets the strongest team of {group} it has not played{rest}: {opponent}{passed}."
        if inc.origin == ABOVE
        else "A team that comes up meets the weakest team of {group} it has not played{rest}: {opponent}{passed}.",
        group=group_message(ctx.score),
        rest=msg(" and with which the rest of the group can still be paired ({rule})", rule=opts.cite(44))
        if passed
        else "",
        opponent=opp.label,
        passed=passed_over_message(f, passed),
    )
    lead = inc.said(opts)
    return msg("{lead} {reason}", lead=lead, reason=said) if lead else said


def _middle_forced(
    own: list[TeamView], below: list[Incoming], partial: Partial, ctx: PoolContext
) -> Iterator[Candidate]:
    """Rules 34 and 39 in the middle group: a team that has played all the other
    teams of the group meets the strongest team come up from below it has not
    played (the strongest such team first; rule 43 for the others)."""
    prio = sorted(own, key=lambda t: t.tpn)
    # Rule 44: a team that merely cannot meet the teams left once others have their opponents
    # has not "played all the other teams" of the group (it still belongs to it).
    forced = [t for t in prio if len(prio) > 1 and ctx.met_whole_group(t, prio)]

    def own_then(rest_own: list[TeamView], p: Partial) -> Iterator[Candidate]:
        yield from pair_own_teams(rest_own, p, MEDIAN, ctx)

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
    mates = played_list(t, ctx.group or prio)
    ctx.say(
        opts.cite(rule),
        msg(
            "{team} has played every other team of the middle group ({teams}): it meets the strongest "
            "team come up from below it has not played",
            team=t.label,
            teams=played_message(t, ctx.group or prio),
        ),
    )
    for inc in candidates:
        e = inc.team
        why = ctx.pair_reason(t, e)
        if why is not None:
            passed.append((e, why))
            continue
        text = f"{t.label} x {e.label} ({opts.cite(rule)}: {t.label} has played {mates})"
        reason = msg(
            "{team} has already played every other team of the middle group ({teams}), so it meets the "
            "strongest team come up from the group below it has not played: {opponent}{passed}.",
            team=t.label,
            teams=played_message(t, ctx.group or prio),
            opponent=e.label,
            passed=passed_over_message(t, passed),
        )
        lead = inc.said(opts)
        note = PairNote(
            t, e, opts.cite(rule), msg("{lead} {reason}", lead=reason, reason=lead) if lead else reason
        )
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
