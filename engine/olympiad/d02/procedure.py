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
8.3 above it; ``decisions.ARTICLES``); see docs/interpretations/olympiad2022.md.

This module takes the groups in turn and opens each one (step 1: Kept
Pairings and the colour limits, ``kept`` and ``limits``); steps 2-4 are in
``incoming``, ``floating`` and ``inner_order``, on a ``group_run.GroupRun``.
"""

from __future__ import annotations

from engine.messages import Message, msg
from engine.olympiad.d02.decisions import COLOURS, MET, Decision
from engine.olympiad.d02.floating import choose_floaters
from engine.olympiad.d02.group_run import GroupRun, GroupState
from engine.olympiad.d02.groups import DOWN, make_groups, processing_order
from engine.olympiad.d02.incoming import floaters_in
from engine.olympiad.d02.inner_order import pair_rest
from engine.olympiad.d02.kept import Kept
from engine.olympiad.d02.limits import limits_kept, limits_step
from engine.olympiad.d02.model import D02Team, compatible
from engine.olympiad.d02.options import D02Options
from engine.result import PairingImpossible, Step

MEDIAN_KEYS = {
    False: "{count} teams in {groups} groups; the median team is {team} ({points} matchpoints), so the Median "
    "Group is the {score}-point group; groups are paired from the top down to it, from the bottom up to it, "
    "and it last",
    True: "{count} teams in {groups} groups; the median team is {team} ({points} matchpoint), so the Median "
    "Group is the {score}-point group; groups are paired from the top down to it, from the bottom up to it, "
    "and it last",
}


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
            raise PairingImpossible(msg("the Median Group could not pair every team (D.02 6.4)"))
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
                msg(
                    "the teams still unpaired at the {score}-point group cannot all be paired (D.02 6.1)",
                    score=float(g.mp),
                )
            )
        k_lim = self.kept.best(inner, later, lambda a, b: self.within(self.by[a], self.by[b]))
        limits = limits_kept(len(pool), k_lim, k_free, self.opts.colour_limits_lifted)
        ok = self.within if limits else self.free
        said = limits_step(g.mp, k_lim, k_free, limits)
        if said is not None:
            self.steps.append(said)
        if not limits:
            self.limits_disregarded.add(g.mp)
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
        run = GroupRun(self, st, pool, later, kept, ok, limits)
        floaters_in(run)
        choose_floaters(run)
        pair_rest(run)
        if run.floats:
            target = self.states[g.index + 1] if g.side == DOWN else self.states[g.index - 1]
            (target.down_in if g.side == DOWN else target.up_in).extend(run.floats)
