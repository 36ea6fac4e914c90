"""One score group's candidate pairings, in the order the rules try them.

A *pool* is a score group with the teams that came into it (floaters,
or a whole group merged into it by rule 50). Each generator yields
:class:`Candidate` pairings of the pool in the rules' priority order; the
search (``engine.olympiad.search``) takes the first whose floaters can be
placed in the groups that follow.

- ``engine.olympiad.section_i`` — rounds 1-4 (1998) / 1-3 (2007): rules 25-44.
- :func:`section_j` — rounds 5+ (1998) / 4+ (2007): rules 45-51.

Every candidate carries its causes: a :class:`PairNote` per pair (the rule
that chose the opponent and why, in plain words) and a :class:`Leave` per
team that leaves the group (the rule and the cause).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial

from engine.messages import English, Message, msg, prose
from engine.olympiad.colours import compatible
from engine.olympiad.feasibility import perfectly_pairable
from engine.olympiad.groups import BOTTOM
from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.olympiad.orders import Combination, combinations, rule47_opponents
from engine.olympiad.wording import (
    blocking,
    blocking_message,
    group_message,
    names,
    passed_over_message,
    points_message,
)
from engine.state import Colour

ABOVE, BELOW = "above", "below"
W, B = Colour.WHITE, Colour.BLACK


@dataclass(frozen=True)
class Leave:
    """Why a team leaves its group: the rule (a number, or "28", "44", ...) and
    the cause in plain words ("its group has an odd number of teams and it is
    the weakest"), with the group it left."""

    rule: int | str
    cause: str | Message
    score: float | None = None  # the score of the group it left

    def said(self, team: TeamView, origin: str, opts: OlympiadOptions) -> Message:
        """ "T3 (3) came down from the 3-point group: <cause> (rule 25)." """
        return msg(
            "{team} came down from {group}: {cause} ({rule})."
            if origin == ABOVE
            else "{team} came up from {group}: {cause} ({rule}).",
            team=team.label,
            group=group_message(self.score),
            cause=self.cause if isinstance(self.cause, Message) else English(self.cause),
            rule=opts.cite(self.rule),
        )


@dataclass(frozen=True)
class Incoming:
    """A team that came into a group: a floater (rules 25, 29, 48) or, with
    ``merged``, a member of a group merged into this one (rule 50)."""

    team: TeamView
    origin: str  # ABOVE or BELOW
    merged: bool = False
    leave: Leave | None = None

    def said(self, opts: OlympiadOptions) -> str | Message:
        if self.leave is None:
            return ""
        if self.merged:
            cause = self.leave.cause
            return msg(
                "{cause} ({rule}).",
                cause=cause if isinstance(cause, Message) else English(cause),
                rule=opts.cite(self.leave.rule),
            )
        return self.leave.said(self.team, self.origin, opts)


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


@dataclass
class PoolContext:
    opts: OlympiadOptions
    strict: bool  # rule 17 applied (False: relaxed by rule 18(a))
    can_float: bool  # False for the middle group, paired last (rule 16)
    failed: set[frozenset[int]] = field(default_factory=set)  # floater sets that failed below
    log: Callable[[str, str | Message], None] = lambda article, message: None
    quiet: Callable[[], bool] = lambda: False  # True: nobody will read further notes (skip writing them)
    extra: int = 0  # Section I: teams to leave beyond the one an odd group sends (rule 44)
    score: float | None = None  # the group's score, for the explanation
    came_in: dict[int, Incoming] = field(default_factory=dict)  # teams that came into the pool
    # Section I: the whole group being paired, its own teams and the teams that came in. "Every other
    # team of its group" (rules 39-43) is measured against it, never against the teams left once
    # others have their opponents (rule 44: those still belong to the group).
    group: tuple[TeamView, ...] = ()
    only: frozenset[frozenset[int]] | None = None  # the checker's proposal: no other pair is allowed
    partner: dict[int, int] | None = None  # the proposal's pairs, by team (built when first needed)
    why_failed: dict[frozenset[int], str] = field(default_factory=dict)  # floater set -> why it failed below

    def say(self, article: str, message: str | Message | Callable[[], str | Message]) -> None:
        """A note for the explanation; ``message`` may be a function, called only if the note is kept."""
        if self.quiet():
            return
        self.log(article, message() if callable(message) else message)

    def blocking(self, teams: Sequence[TeamView]) -> str:
        """Why ``teams`` cannot all be paired: the meetings (and rule 17 bars) among them."""
        return blocking(teams, compatible if self.strict else None)

    def blocking_message(self, teams: Sequence[TeamView]) -> Message:
        """:meth:`blocking` in the reader's language."""
        return blocking_message(teams, compatible if self.strict else None)

    def met_whole_group(self, team: TeamView, among: Sequence[TeamView] = ()) -> bool:
        """Rules 39-43: ``team`` has played every other team of its group (:attr:`group`, else ``among``)."""
        whole = self.group or among
        return len(whole) > 1 and all(u.tpn in team.met for u in whole if u.tpn != team.tpn)

    def came(self, *teams: TeamView) -> Message | None:
        """How the given teams came into this pool, if they did ("T3 came down from ...")."""
        said = [s for t in teams if t.tpn in self.came_in for s in [self.came_in[t.tpn].said(self.opts)] if s]
        if not said:
            return None
        return said[0] if len(said) == 1 else msg("{lead} {reason}", lead=said[0], reason=said[1])

    def pair_reason(self, a: TeamView, b: TeamView) -> str | None:
        if self.only is not None and frozenset((a.tpn, b.tpn)) not in self.only:
            return f"{a.label} and {b.label} are not paired in the proposal"
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
        if self.only is not None:
            return self._pairable_as_proposed(teams, floaters)
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

    def partner_of(self, tpn: int) -> int | None:
        """The team's partner in the checker's proposal (``only``)."""
        if self.partner is None:
            self.partner = {}
            for pair in self.only or ():
                a, b = tuple(pair)
                self.partner[a], self.partner[b] = b, a
        return self.partner.get(tpn)

    def _pairable_as_proposed(self, teams: Sequence[TeamView], floaters: Sequence[TeamView]) -> bool:
        """With the checker's proposal as the only allowed pairs: each team's partner must be here
        (one team of ``floaters`` may be left over)."""
        by = {t.tpn: t for t in teams}
        left = []
        for t in teams:
            mate = by.get(self.partner_of(t.tpn))
            if mate is None or not self.allowed(t, mate):
                left.append(t)
                if len(left) > 1:
                    return False
        if not left:
            return True
        return any(f is left[0] for f in floaters)


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
        return (
            f"the remaining teams {_names(rest)} cannot all be paired ({ctx.blocking(rest)}; {opts.cite(50)})"
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


def _colour_class(t: TeamView) -> str:
    """Rule 17: "W" if the team may only have White, "B" if only Black, "" if either."""
    w = t.may_receive(W)
    b = t.may_receive(B)
    if w and not b:
        return "W"
    if b and not w:
        return "B"
    return "X" if not (w or b) else ""
