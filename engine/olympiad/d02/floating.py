"""Step 3 of a group's pairing: the teams it floats (D.02 8.2.1-8.2.3, 8.3.1-8.3.3, 9.4).

The teams a group cannot keep (9.5) float one group towards the Median Group:
above the median the lowest ranked team first (8.3.1), below it the highest
ranked first (8.2.1); a team whose float would leave the rest of the group
unable to keep its pairings is passed over (8.2.2, 8.3.2); a team that has an
opponent (a team it has not met) in the next group is preferred (8.2.3,
8.3.3; the option ``floater_next_group`` says whether the floaters already
sent there count). A team that can meet no other team left in its group
floats by 9.4. The Median Group floats nobody.
"""

from __future__ import annotations

from engine.messages import Message, msg, msgn
from engine.olympiad.d02.decisions import ARTICLES, passed_over
from engine.olympiad.d02.group_run import GroupRun
from engine.olympiad.d02.groups import DOWN, MEDIAN
from engine.olympiad.d02.model import D02Team, ranked
from engine.result import PairingImpossible


def choose_floaters(run: GroupRun) -> None:
    """Step 3: the teams the group cannot keep float (8.2.1-8.2.3, 8.3.1-8.3.3, 9.4)."""
    need = len(run.inner) - 2 * run.k
    if need <= 0 or run.g.side == MEDIAN:
        return
    first, rest_art, prefer_art, _, _ = ARTICLES[run.side]
    nxt = run.p.states[run.g.index + 1 if run.side == DOWN else run.g.index - 1]
    targets = [t for t in nxt.group.teams if t.tpn in run.p.unpaired]
    if run.p.opts.floater_next_group == "with_floaters":
        targets += nxt.down_in + nxt.up_in
    for _ in range(need):
        order = ranked(run.inner.values())
        if run.side == DOWN:
            order.reverse()
        has = [t for t in order if any(run.p.free(t, o) for o in targets)]
        hasnt = [t for t in order if t not in has]
        passed: list[tuple[D02Team, Message]] = []
        chosen = None
        for c in has + hasnt:
            if run.keeps(set(), {c.tpn}, run.k):
                chosen = c
                break
            passed.append((c, msg("the rest of its group could not then keep its pairings")))
        if chosen is None:
            raise PairingImpossible(
                msg("no team of the {score}-point group can float", score=float(run.g.mp))
            )
        mates = [o for o in run.inner.values() if o is not chosen and run.ok(chosen, o)]
        towards = msg(
            "down to the {score}-point group" if run.side == DOWN else "up to the {score}-point group",
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
                msg("it can meet no other team left in its group, so it floats {towards}", towards=towards),
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
                    if run.side == DOWN
                    else "the group keeps {pairings} and its highest ranked team floats {towards}",
                    pairings=msgn("{count} pairing", "{count} pairings", count=run.k),
                    towards=towards,
                ),
            )
        run.float_team(
            chosen,
            article,
            msg(
                "{team}: {why} ({rule}){passed}.",
                team=chosen.label,
                why=why,
                rule=article,
                passed=passed_over(lacking + passed),
            ),
        )
