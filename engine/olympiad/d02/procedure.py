"""Pairing the groups of one round (D.02 6.4, Article 8, Article 9).

The groups are taken in the order of 6.4. Each one:

1. keeps as many pairings as it can while every team still unpaired can be
   paired (Kept Pairings, 8.4, 9.5), within the board-1 colour limits of 7.3
   unless the limits would make it keep fewer (7.4: then without them; by the
   option ``colour_limits_lifted="no_floater"`` only when without them it
   would float no team);
2. pairs the floaters that came in: a downfloater meets the highest ranked
   team of its new group it can meet (8.3.1), an upfloater the lowest ranked
   (8.2.1), as long as the group keeps its pairings; a floater nobody there
   can take floats on (8.2.4, 8.3.4);
3. chooses the teams it floats, one group towards the Median Group: above the
   median the lowest ranked team first (8.3.1), below it the highest ranked
   first (8.2.1), passing over a team whose float would leave the rest
   unpaired (8.2.2, 8.3.2) and preferring a team that has an opponent in the
   next group (8.2.3, 8.3.3); a team that can meet nobody of its group floats
   (9.4);
4. pairs the rest in the order of 9.1-9.3: the first team tries the first team
   of the bottom half, the next, ..., then the top half upwards (six teams:
   4, 5, 6, 3, 2), the rest the same way; groups below the median are paired
   upward, from the lowest ranked team, the rule mirrored.

The Median Group is paired last, downward, and floats nobody. The article
numbers of Article 8 follow the public description (8.2 below the median,
8.3 above it); see docs/interpretations/olympiad2022.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.messages import Message, as_message, msg, msgn, prose
from engine.olympiad.d02.groups import DOWN, MEDIAN, UP, Group, make_groups, processing_order
from engine.olympiad.d02.kept import Kept
from engine.olympiad.d02.model import D02Team, compatible, ranked
from engine.olympiad.d02.options import D02Options
from engine.olympiad.orders import rule36_opponents
from engine.result import PairingImpossible, Step

MET = Message("already played (D.02 6.1)")
COLOURS = Message("board-1 colour limits (D.02 7.3)")
REST = Message("the rest of the round could not then be paired (D.02 9.5)")

# Article 8 by direction: (float first, passed over for the rest, next-group preference,
# met in the new group, a floater nobody there can take floats on)
ARTICLES = {
    DOWN: ("D.02 8.3.1", "D.02 8.3.2", "D.02 8.3.3", "D.02 8.3.1", "D.02 8.3.4"),
    UP: ("D.02 8.2.1", "D.02 8.2.2", "D.02 8.2.3", "D.02 8.2.1", "D.02 8.2.4"),
}


MEDIAN_KEYS = {
    False: "{count} teams in {groups} groups; the median team is {team} ({points} matchpoints), so the Median "
    "Group is the {score}-point group; groups are paired from the top down to it, from the bottom up to it, "
    "and it last",
    True: "{count} teams in {groups} groups; the median team is {team} ({points} matchpoint), so the Median "
    "Group is the {score}-point group; groups are paired from the top down to it, from the bottom up to it, "
    "and it last",
}


def limits_kept(teams: int, within: int, without: int, lifted: str) -> bool:
    """7.3 / 7.4: does a group of ``teams`` teams keep the board-1 colour limits?

    ``within`` and ``without`` are the pairings it keeps (9.5) within the limits and without
    them. ``lifted`` (option ``colour_limits_lifted``): ``"fewer_pairings"`` - the limits go
    when they cost the group a pairing; ``"no_floater"`` - only when, without them, the group
    would float no team (it pairs all its teams) and, within them, it would float some.
    """
    if within == without:
        return True
    if lifted == "no_floater":
        return 2 * without < teams
    return False


def kept_said(score: float, teams: list[str], kept: int, leave: int) -> Message:
    """9.5: "the 3-point group (T1, T4, T7) keeps 1 pairing; 1 team floats"."""
    said = msg(
        "the {score}-point group ({teams}) keeps {kept} pairing"
        if kept == 1
        else "the {score}-point group ({teams}) keeps {kept} pairings",
        score=float(score),
        teams=teams,
        kept=kept,
    )
    if not leave:
        return said
    return msg(
        "{text}; {count} teams float" if leave > 1 else "{text}; {count} team floats", text=said, count=leave
    )


@dataclass
class Decision:
    """One choice of the procedure, in the order it was made (the checker follows them)."""

    kind: str  # "pair" or "float"
    a: D02Team
    b: D02Team | None
    article: str
    reason: str | Message
    group: float  # the matchpoints of the group that made it


@dataclass
class GroupState:
    group: Group
    down_in: list[D02Team] = field(default_factory=list)  # floaters that came down into it
    up_in: list[D02Team] = field(default_factory=list)  # floaters that came up into it


def _listed(passed: list[tuple[D02Team, Message]]) -> Message | str:
    """ "; passed over: T3 (already played (D.02 6.1)), T5 (...)", in the reader's language."""
    if not passed:
        return ""
    shown = [msg("{team} ({reason})", team=t.label, reason=why) for t, why in passed[:4]]
    if len(passed) > 4:
        return msg("; passed over: {listed} and {count} more", listed=shown, count=len(passed) - 4)
    return msg("; passed over: {listed}", listed=shown)


class Procedure:
    """The pairing of one round's teams (the bye already given)."""

    def __init__(self, teams: list[D02Team], opts: D02Options, counted: list[D02Team] | None = None):
        self.opts = opts
        self.by = {t.tpn: t for t in teams}
        self.kept = Kept({t.tpn: t.met & self.by.keys() for t in teams})
        self.groups, self.middle, self.median_team = make_groups(teams, counted)
        self.states = [GroupState(g) for g in self.groups]
        self.unpaired: set[int] = set(self.by)
        self.pairs: list[tuple[D02Team, D02Team]] = []
        self.decisions: list[Decision] = []
        self.steps: list[Step] = []
        self.limits_disregarded: set[float] = set()

    # -- checks -------------------------------------------------------------
    def free(self, a: D02Team, b: D02Team) -> bool:
        return b.tpn not in a.met

    def within(self, a: D02Team, b: D02Team) -> bool:
        return self.free(a, b) and compatible(a, b)

    def why_not(self, a: D02Team, b: D02Team, limits: bool) -> Message | None:
        if not self.free(a, b):
            return MET
        if limits and not compatible(a, b):
            return COLOURS
        return None

    # -- the round ----------------------------------------------------------
    def run(self) -> list[tuple[D02Team, D02Team]]:
        m = self.median_team
        g = self.groups[self.middle]
        self.steps.append(
            Step(
                "D.02 6.4",
                "groups",
                msg(
                    MEDIAN_KEYS[m.mp == 1],
                    count=len(self.by),
                    groups=len(self.groups),
                    team=m.label,
                    points=float(m.mp),
                    score=float(g.mp),
                ),
                {"median": m.tpn, "median_group": g.mp, "order": [self.groups[i].mp for i in self.order()]},
            )
        )
        for i in self.order():
            self._pair_group(self.states[i])
        if self.unpaired:
            raise PairingImpossible("the Median Group could not pair every team (D.02 6.4)")
        return self.pairs

    def order(self) -> list[int]:
        return processing_order(self.groups, self.middle)

    def _pair_group(self, st: GroupState) -> None:
        g = st.group
        residents = [t for t in g.teams if t.tpn in self.unpaired]
        pool = residents + st.down_in + st.up_in
        if not pool:
            return
        inner = {t.tpn for t in pool}
        later = self.unpaired - inner
        k_free = self.kept.best(inner, later, lambda a, b: b not in self.by[a].met)
        if k_free is None:
            raise PairingImpossible(
                f"the teams still unpaired at the {g.mp:g}-point group cannot all be paired (D.02 6.1)"
            )
        k_lim = self.kept.best(inner, later, lambda a, b: self.within(self.by[a], self.by[b]))
        limits = limits_kept(len(pool), k_lim, k_free, self.opts.colour_limits_lifted)
        ok = self.within if limits else self.free
        if limits and k_lim != k_free:
            self.steps.append(
                Step(
                    "D.02 7.4",
                    "limits",
                    msg(
                        "the {score}-point group would keep {within} pairings within the board-1 colour limits of "
                        "7.3 and {without} without them; it would float a team even without them, so it is "
                        "paired within them",
                        score=float(g.mp),
                        within=k_lim,
                        without=k_free,
                    ),
                    {"group": g.mp, "within": k_lim, "without": k_free, "lifted": False},
                )
            )
        if not limits:
            self.limits_disregarded.add(g.mp)
            self.steps.append(
                Step(
                    "D.02 7.4",
                    "limits",
                    msg(
                        "the {score}-point group would keep {within} pairings within the board-1 colour limits of "
                        "7.3 but {without} without them: it is paired without them",
                        score=float(g.mp),
                        within=k_lim,
                        without=k_free,
                    ),
                    {"group": g.mp, "within": k_lim, "without": k_free},
                )
            )
        kept = k_lim if limits else k_free
        leave = len(pool) - 2 * kept
        self.steps.append(
            Step(
                "D.02 9.5",
                "groups",
                kept_said(g.mp, [t.label for t in pool], kept, leave),
                {"group": g.mp, "kept": kept, "teams": [t.tpn for t in pool]},
            )
        )
        run = _GroupRun(self, st, pool, later, kept, ok, limits)
        run.floaters_in()
        run.choose_floaters()
        run.pair_rest()
        if run.floats:
            target = self.states[g.index + 1] if g.side == DOWN else self.states[g.index - 1]
            (target.down_in if g.side == DOWN else target.up_in).extend(run.floats)


class _GroupRun:
    """Steps 2-4 of one group's pairing, every choice keeping the group's pairings."""

    def __init__(self, proc: Procedure, st: GroupState, pool, later, k, ok, limits):
        self.p = proc
        self.st = st
        self.g = st.group
        self.inner = {t.tpn: t for t in pool}
        self.later = later
        self.k = k
        self.ok = ok
        self.limits = limits
        self.floats: list[D02Team] = []
        self.side = DOWN if self.g.side == MEDIAN else self.g.side

    def keeps(self, without: set[int], extra_floats: set[int], k: int) -> bool:
        inner = set(self.inner) - without - extra_floats
        outside = self.later | {t.tpn for t in self.floats} | extra_floats
        best = self.p.kept.best(inner, outside, lambda a, b: self.ok(self.p.by[a], self.p.by[b]))
        return best is not None and best >= k

    def _pair(self, a: D02Team, b: D02Team, article: str, reason: str | Message) -> None:
        del self.inner[a.tpn], self.inner[b.tpn]
        self.p.unpaired -= {a.tpn, b.tpn}
        self.k -= 1
        self.p.pairs.append((a, b))
        self.p.decisions.append(Decision("pair", a, b, article, reason, self.g.mp))
        said = msg("{a} - {b}: {reason}", a=a.label, b=b.label, reason=prose(reason))
        self.p.steps.append(Step(article, "pairing", said, {"tpns": [a.tpn, b.tpn]}))

    def _float(self, t: D02Team, article: str, reason: str | Message) -> None:
        del self.inner[t.tpn]
        self.floats.append(t)
        self.p.decisions.append(Decision("float", t, None, article, reason, self.g.mp))
        self.p.steps.append(Step(article, "floaters", as_message(reason), {"tpn": t.tpn, "group": self.g.mp}))

    def floaters_in(self) -> None:
        """Step 2 (8.2.1, 8.3.1): the floaters that came in meet the teams of their new group."""
        come = [(t, DOWN) for t in ranked(self.st.down_in)] + [
            (t, UP) for t in reversed(ranked(self.st.up_in))
        ]
        own = {t.tpn for t in self.g.teams}
        for f, way in come:
            if f.tpn not in self.inner:
                continue
            members = ranked(self.inner.values())
            residents = [t for t in members if t.tpn in own]
            others = [t for t in members if t.tpn not in own and t is not f]
            if way == UP:
                residents, others = residents[::-1], others[::-1]
            article = ARTICLES[way][3]
            passed: list[tuple[D02Team, Message]] = []
            for c in residents + others:
                why = self.p.why_not(f, c, self.limits)
                if why is None and not self.keeps({f.tpn, c.tpn}, set(), self.k - 1):
                    why = REST
                if why is None:
                    self._pair(
                        f,
                        c,
                        article,
                        msg(
                            "{team} came down from the {score}-point group into the {group}-point group and meets "
                            "the highest ranked team there it can meet while the group keeps its pairings "
                            "({rule}){passed}."
                            if way == DOWN
                            else "{team} came up from the {score}-point group into the {group}-point group and "
                            "meets the lowest ranked team there it can meet while the group keeps its pairings "
                            "({rule}){passed}.",
                            team=f.label,
                            score=float(f.mp),
                            group=float(self.g.mp),
                            rule=article,
                            passed=_listed(passed),
                        ),
                    )
                    break
                passed.append((c, why))
            else:
                if self.g.side == MEDIAN or not self.keeps(set(), {f.tpn}, self.k):
                    raise PairingImpossible(f"{f.label} can meet nobody in the {self.g.mp:g}-point group")
                self._float(
                    f,
                    ARTICLES[way][4],
                    msg(
                        "{team} could meet nobody of the {score}-point group while it keeps its pairings{passed}, "
                        "so it floats on ({rule}).",
                        team=f.label,
                        score=float(self.g.mp),
                        passed=_listed(passed),
                        rule=ARTICLES[way][4],
                    ),
                )

    def choose_floaters(self) -> None:
        """Step 3: the teams the group cannot keep float (8.2.1-8.2.3, 8.3.1-8.3.3, 9.4)."""
        need = len(self.inner) - 2 * self.k
        if need <= 0 or self.g.side == MEDIAN:
            return
        first, rest_art, prefer_art, _, _ = ARTICLES[self.side]
        nxt = self.p.states[self.g.index + 1 if self.side == DOWN else self.g.index - 1]
        targets = [t for t in nxt.group.teams if t.tpn in self.p.unpaired]
        if self.p.opts.floater_next_group == "with_floaters":
            targets += nxt.down_in + nxt.up_in
        for _ in range(need):
            order = ranked(self.inner.values())
            if self.side == DOWN:
                order.reverse()
            has = [t for t in order if any(self.p.free(t, o) for o in targets)]
            hasnt = [t for t in order if t not in has]
            passed: list[tuple[D02Team, Message]] = []
            chosen = None
            for c in has + hasnt:
                if self.keeps(set(), {c.tpn}, self.k):
                    chosen = c
                    break
                passed.append((c, msg("the rest of its group could not then keep its pairings")))
            if chosen is None:
                raise PairingImpossible(f"no team of the {self.g.mp:g}-point group can float")
            mates = [o for o in self.inner.values() if o is not chosen and self.ok(chosen, o)]
            towards = msg(
                "down to the {score}-point group" if self.side == DOWN else "up to the {score}-point group",
                score=float(nxt.group.mp),
            )
            at = order.index(chosen)
            lacking = [
                (t, msg("no opponent in the {score}-point group", score=float(nxt.group.mp)))
                for t in hasnt
                if chosen in has and order.index(t) < at
            ]
            if not mates:
                article, why = (
                    "D.02 9.4",
                    msg(
                        "it can meet no other team left in its group, so it floats {towards}", towards=towards
                    ),
                )
            elif lacking:
                article = prefer_art
                why = msg(
                    "it has an opponent in the {score}-point group, which the teams ranked before it lack; it floats "
                    "{towards}",
                    score=float(nxt.group.mp),
                    towards=towards,
                )
            elif passed:
                article, why = (
                    rest_art,
                    msg(
                        "the teams before it could not float without leaving the rest unpaired; it floats {towards}",
                        towards=towards,
                    ),
                )
            else:
                article, why = (
                    first,
                    msg(
                        "the group keeps {pairings} and its lowest ranked team floats {towards}"
                        if self.side == DOWN
                        else "the group keeps {pairings} and its highest ranked team floats {towards}",
                        pairings=msgn("{count} pairing", "{count} pairings", count=self.k),
                        towards=towards,
                    ),
                )
            self._float(
                chosen,
                article,
                msg(
                    "{team}: {why} ({rule}){passed}.",
                    team=chosen.label,
                    why=why,
                    rule=article,
                    passed=_listed(lacking + passed),
                ),
            )

    def pair_rest(self) -> None:
        """Step 4 (9.1-9.3): the rest of the group in the order of 9.3."""
        while self.inner:
            seq = ranked(self.inner.values())
            if self.side == UP:
                seq.reverse()
            first = seq[0]
            passed: list[tuple[D02Team, Message]] = []
            for opp in rule36_opponents(seq):
                why = self.p.why_not(first, opp, self.limits)
                if why is None and not self.keeps({first.tpn, opp.tpn}, set(), self.k - 1):
                    why = REST
                if why is None:
                    self._pair(
                        first,
                        opp,
                        "D.02 9.3",
                        msg(
                            "Both teams are in the {score}-point group; {team}, first of the teams left, meets the "
                            "first opponent in the order of 9.3 (the bottom half in order, then the top half "
                            "upwards) with which the rest can still be paired (D.02 9.3){passed}."
                            if self.side == DOWN
                            else "Both teams are in the {score}-point group; {team}, first of the teams left (below "
                            "the Median Group, from the lowest ranked team up), meets the first opponent in the "
                            "order of 9.3 (the bottom half in order, then the top half upwards) with which the "
                            "rest can still be paired (D.02 9.3){passed}.",
                            score=float(self.g.mp),
                            team=first.label,
                            passed=_listed(passed),
                        ),
                    )
                    break
                passed.append((opp, why))
            else:
                raise PairingImpossible(
                    f"{first.label} can meet nobody left in the {self.g.mp:g}-point group"
                )
