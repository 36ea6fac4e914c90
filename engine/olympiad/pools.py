"""One score group's candidate pairings, in the order the rules try them.

A *pool* is a score group with the teams that came into it (floaters,
or a whole group merged into it by rule 50). Each generator yields
:class:`Candidate` pairings of the pool in the rules' priority order; the
search (``engine.olympiad.search``) takes the first whose floaters can be
placed in the groups that follow.

- :func:`section_i` — rounds 1-4 (1998) / 1-3 (2007): rules 25-44.
- :func:`section_j` — rounds 5+ (1998) / 4+ (2007): rules 45-51.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations as subsets

from engine.olympiad.colours import compatible
from engine.olympiad.feasibility import perfectly_pairable
from engine.olympiad.groups import BOTTOM
from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.olympiad.orders import Combination, combinations, printed, rule36_opponents, rule47_opponents
from engine.state import Colour

ABOVE, BELOW = "above", "below"
W, B = Colour.WHITE, Colour.BLACK


@dataclass(frozen=True)
class Incoming:
    """A team that came into a group: a floater (rules 25, 29, 48) or, with
    ``merged``, a member of a group merged into this one (rule 50)."""

    team: TeamView
    origin: str  # ABOVE or BELOW
    merged: bool = False


@dataclass
class Candidate:
    pairs: list[tuple[TeamView, TeamView]]
    outgoing: tuple[TeamView, ...]
    article: str
    message: str
    relaxed: bool = False
    number: int = 0  # the combination's number in its rule's printed order
    drops: tuple[TeamView, ...] = ()  # teams leaving for parity (rules 25-32, 48)

    @property
    def out_key(self) -> frozenset[int]:
        return frozenset(t.tpn for t in self.outgoing)


@dataclass
class PoolContext:
    opts: OlympiadOptions
    strict: bool  # rule 17 applied (False: relaxed by rule 18(a))
    can_float: bool  # False for the middle group, paired last (rule 16)
    failed: set[frozenset[int]] = field(default_factory=set)  # floater sets that failed below
    log: Callable[[str, str], None] = lambda article, message: None

    def pair_reason(self, a: TeamView, b: TeamView) -> str | None:
        if b.tpn in a.met:
            return f"{a.label} and {b.label} have already played ({self.opts.cite('14(a)')})"
        if self.strict and not compatible(a, b):
            return f"no colour allocation keeps {a.label} and {b.label} within {self.opts.cite(17)}"
        return None

    def allowed(self, a: TeamView, b: TeamView) -> bool:
        return self.pair_reason(a, b) is None

    def pairable(self, teams: Sequence[TeamView], floaters: Sequence[TeamView] = ()) -> bool:
        n = len(teams)
        if n == 0:
            return True
        if n % 2 == 1 and not floaters:
            return False
        # Dirac's condition with set arithmetic: every team may meet at least
        # half of the others (one less when one team may float away).
        pool = {t.tpn for t in teams}
        classes = {t.tpn: _colour_class(t) if self.strict else "" for t in teams}
        count = {c: 0 for c in ("W", "B", "X", "")}
        for c in classes.values():
            count[c] += 1

        def colour_blocked(t: TeamView) -> int:
            """Teams of the pool ``t`` cannot meet under rule 17 (overlap with ``met`` is harmless)."""
            c = classes[t.tpn]
            if c == "X":
                return n - 1
            return count["X"] + (count[c] - 1 if c in ("W", "B") else 0)

        need = n / 2 if n % 2 == 0 else (n - 1) / 2 + 1
        if all(n - 1 - len(t.met & pool) - colour_blocked(t) >= need for t in teams):
            return True
        by = {t.tpn: t for t in teams}
        return perfectly_pairable(
            [t.tpn for t in teams], lambda x, y: self.allowed(by[x], by[y]), [t.tpn for t in floaters]
        )


def _names(teams: Sequence[TeamView]) -> str:
    return ", ".join(t.label for t in teams) or "none"


def _reject_logger(ctx: PoolContext, article: str):
    def on_reject(lo: int, hi: int, partial: tuple, reason: str) -> None:
        span = f"({lo})" if lo == hi else f"({lo})-({hi})"
        text = ", ".join(
            f"{a.label} x {b.label}" if b is not None else f"{a.label} floater" for a, b in partial
        )
        ctx.log(article, f"combination {span} [{text} ...] not valid: {reason}")

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

    def float_check(t: TeamView) -> str | None:
        inc = incoming.get(t.tpn)
        if inc is not None and not inc.merged:
            return f"{t.label} is a floater from another scoregroup ({opts.cite(48)})"
        if frozenset({t.tpn}) in ctx.failed:
            return f"{t.label} could not be paired in the next group ({opts.cite(50)})"
        return None

    def rest_check(rest: Sequence[TeamView], can_float: bool) -> str | None:
        if len(rest) == 1 and can_float:
            return float_check(rest[0])
        if len(rest) == 2 and not can_float:
            return ctx.pair_reason(rest[0], rest[1])
        floaters = [t for t in rest if float_check(t) is None] if can_float else []
        if ctx.pairable(rest, floaters):
            return None
        return f"the remaining teams {_names(rest)} cannot all be paired ({opts.cite(50)})"

    combos = combinations(
        seq,
        rule47_opponents,
        floating=odd,
        pair_check=ctx.pair_reason,
        float_check=float_check,
        rest_check=rest_check,
        on_reject=_reject_logger(ctx, article),
    )
    for comb in combos:
        out = (comb.floater,) if comb.floater is not None else ()
        key = frozenset(t.tpn for t in out)
        if key in ctx.failed:
            if not odd:
                return  # an even pool sends nothing: every combination fails alike
            continue
        yield Candidate(
            pairs=list(comb.pairs),
            outgoing=out,
            article=article,
            message=f"combination ({comb.number}) of the order of {opts.cite(rule)}: {printed(_labelled(comb))}",
            relaxed=not ctx.strict,
            number=comb.number,
            drops=out,
        )


def _labelled(comb: Combination) -> Combination:
    return Combination(
        comb.number,
        tuple((a.label, b.label) for a, b in comb.pairs),
        comb.floater.label if comb.floater is not None else None,
    )


# -- Section I -----------------------------------------------------------------


def section_i(
    own: list[TeamView], incoming: list[Incoming], side: str, ctx: PoolContext
) -> Iterator[Candidate]:
    """Rules 25-44 for one group (own teams in pairing-number order).

    Floaters that came in are paired first: a dropped team with the
    strongest team it has not played (rule 25), an elevated team with the
    weakest (rule 29); one that has played the whole group goes on to the
    next group (rules 41-43). Then the group's own teams: an odd group drops
    its weakest (above the median, rules 25-28) or elevates its strongest
    (below, rules 29-32), the next one when the rest cannot be paired; a
    team that has played all its group leaves it first (rules 39-43); the
    rest are paired in the order of rule 36 (rule 38 below the median).
    When no such drop works, here or in the groups after, two more teams
    leave (rule 44, see docs/interpretations/olympiad.md).
    """
    yield from _incoming(0, incoming, list(own), [], [], set(), side, ctx)


def _incoming(i, incoming, own, pairs, passing, used, side, ctx) -> Iterator[Candidate]:
    opts = ctx.opts
    if i == len(incoming):
        yield from _own(own, pairs, passing, side, ctx)
        return
    inc = incoming[i]
    f = inc.team
    if f.tpn in used:
        yield from _incoming(i + 1, incoming, own, pairs, passing, used, side, ctx)
        return
    if inc.origin == ABOVE:
        opponents = sorted(own, key=lambda t: t.tpn)  # the strongest first (rule 25)
        rule = 25
    else:
        opponents = sorted(own, key=lambda t: -t.tpn)  # the weakest first (rule 29)
        rule = 29
    for opp in opponents:
        if ctx.pair_reason(f, opp) is not None:
            continue
        rest_own = [t for t in own if t is not opp]
        yield from _incoming(
            i + 1,
            incoming,
            rest_own,
            pairs + [(f, opp, opts.cite(rule))],
            passing,
            used | {opp.tpn},
            side,
            ctx,
        )
    # Rules 41-42: only a team that has played every team of the group goes
    # on; one kept out by the colour limits alone stays (rule 18(a)).
    if all(t.tpn in f.met for t in own):
        rule = 41 if inc.origin == ABOVE else 42
        if ctx.can_float:
            ctx.log(
                opts.cite(rule), f"{f.label} cannot meet any team of this group: it goes on to the next group"
            )
            yield from _incoming(i + 1, incoming, own, pairs, passing + [f], used, side, ctx)


def _own(own, pairs, passing, side, ctx) -> Iterator[Candidate]:
    opts = ctx.opts
    prio = sorted(own, key=lambda t: t.tpn if side != BOTTOM else -t.tpn)
    order_rule = 38 if side == BOTTOM else 36
    order_article = opts.cite(order_rule)
    fixed = [(a, b) for a, b, _ in pairs]
    fixed_text = "; ".join(f"{a.label} x {b.label} ({art})" for a, b, art in pairs)

    def finish(
        rest: list[TeamView], outgoing: tuple[TeamView, ...], what: str, drop=()
    ) -> Iterator[Candidate]:
        key = frozenset(t.tpn for t in outgoing)

        def rest_check(sub, _can_float):
            if len(sub) == 2:
                return ctx.pair_reason(sub[0], sub[1])
            if ctx.pairable(sub):
                return None
            return f"the subgroup {_names(sub)} is unsolvable ({order_article})"

        for comb in combinations(
            rest,
            rule36_opponents,
            pair_check=ctx.pair_reason,
            rest_check=rest_check,
            on_reject=_reject_logger(ctx, order_article),
        ):
            if key in ctx.failed:
                return
            parts = [fixed_text] if fixed_text else []
            if what:
                parts.append(what)
            parts.append(
                f"combination ({comb.number}) of the order of {order_article}: {printed(_labelled(comb))}"
            )
            yield Candidate(
                pairs=fixed + list(comb.pairs),
                outgoing=outgoing,
                article=order_article,
                message="; ".join(parts),
                relaxed=not ctx.strict,
                number=comb.number,
                drops=tuple(drop),
            )

    if not ctx.can_float:
        if len(prio) % 2 == 0:
            yield from finish(prio, tuple(passing), "")
        return
    # Rules 39-43: teams that have played every other team of the group (the
    # colour limits alone never send a team away: rule 18(a)). Rule 39 (40
    # below the median) speaks of the strongest (weakest) team, rule 43 of
    # the other teams of the group.
    forced = [t for t in prio if len(prio) > 1 and all(u.tpn in t.met for u in prio if u is not t)]
    if forced:
        head = [t for t in forced if t is prio[0]]
        rest_forced = [t for t in forced if t is not prio[0]]
        if head:
            ctx.log(
                opts.cite(40 if side == BOTTOM else 39),
                f"{_names(head)} cannot be paired within the group and leaves it",
            )
        if rest_forced:
            ctx.log(
                opts.cite(43),
                f"{_names(rest_forced)} cannot be paired within the group and leave it "
                f"as {opts.cite(40 if side == BOTTOM else 39)} says for the "
                f"{'weakest' if side == BOTTOM else 'strongest'} team",
            )
    base = [t for t in prio if t not in forced]
    weakest_first = list(reversed(base))  # above: weakest first; below: strongest first
    drop_rule = 26 if side != BOTTOM else 30
    first_drop = len(base) % 2
    # Rule 44: the group is paired within itself (but for the one team an odd
    # group must send) whenever that works; only when no such drop can be
    # completed - in the group or in the groups after it - do two more teams
    # leave, the weakest (below the median: strongest) first.
    for extra in range(first_drop, min(len(base), first_drop + 2) + 1, 2):
        for drop in subsets(weakest_first, extra):
            outgoing = tuple(passing) + tuple(forced) + drop
            key = frozenset(t.tpn for t in outgoing)
            rest = [t for t in base if t not in drop]
            if key in ctx.failed:
                if drop:
                    ctx.log(
                        opts.cite(27 if side != BOTTOM else 31),
                        f"{_names(drop)} moved back: the groups below could not take {_names(outgoing)}",
                    )
                continue
            if not ctx.pairable(rest):
                if drop:
                    ctx.log(
                        opts.cite(drop_rule),
                        f"dropping {_names(drop)} leaves {_names(rest)} that cannot all be paired",
                    )
                continue
            verb = "elevated" if side == BOTTOM else "dropped"
            what = ""
            if drop:
                if extra > 1:
                    rule = 44
                elif drop[0] is weakest_first[0]:
                    rule = 25 if side != BOTTOM else 29
                else:
                    rule = drop_rule
                what = f"{_names(drop)} {verb} ({opts.cite(rule)})"
            yield from finish(rest, outgoing, what, drop)


def _colour_class(t: TeamView) -> str:
    """Rule 17: "W" if the team may only have White, "B" if only Black, "" if either."""
    w = t.may_receive(W)
    b = t.may_receive(B)
    if w and not b:
        return "W"
    if b and not w:
        return "B"
    return "X" if not (w or b) else ""
