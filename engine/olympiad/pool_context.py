"""A pool being paired: the teams that came into it and why, and the pairs the rules allow in it.

A *pool* is a score group with the teams that came into it (floaters, or a
whole group merged into it by rule 50). :class:`Incoming` says how a team
came in (its :class:`Leave`: the rule and the cause that sent it out of the
group it left); :class:`PoolContext` holds what the generators of
``engine.olympiad.pools`` and ``engine.olympiad.section_i`` need to try the
pool's pairings: which pairs the rules allow (rules 14(a) and 17, or only the
checker's proposal), whether a set of teams can all be paired, and the notes
the explanation keeps of what was tried.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.messages import English, Message, msg
from engine.olympiad.colours import compatible
from engine.olympiad.feasibility import perfectly_pairable
from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.olympiad.wording import blocking, blocking_message, group_message
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

    def pair_reason(self, a: TeamView, b: TeamView) -> Message | None:
        """Why ``a`` may not meet ``b`` here (the checker's proposal, rule 14(a), rule 17), or None."""
        if self.only is not None and frozenset((a.tpn, b.tpn)) not in self.only:
            return msg("{team} and {other} are not paired in the proposal", team=a.label, other=b.label)
        if b.tpn in a.met:
            return msg(
                "{team} and {other} have already played ({rule})",
                team=a.label,
                other=b.label,
                rule=self.opts.cite("14(a)"),
            )
        if self.strict and not compatible(a, b):
            return msg(
                "no colour allocation keeps {team} and {other} within {rule}",
                team=a.label,
                other=b.label,
                rule=self.opts.cite(17),
            )
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


def _colour_class(t: TeamView) -> str:
    """Rule 17: "W" if the team may only have White, "B" if only Black, "" if either."""
    w = t.may_receive(W)
    b = t.may_receive(B)
    if w and not b:
        return "W"
    if b and not w:
        return "B"
    return "X" if not (w or b) else ""
