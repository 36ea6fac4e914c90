"""Step 2 of a group's pairing: the floaters that came in (D.02 8.2.1, 8.2.4, 8.3.1, 8.3.4).

The floaters that came into a group are paired before it chooses its own
floaters: the downfloaters, highest ranked first, then (in the Median Group)
the upfloaters, lowest ranked first. A downfloater meets the highest ranked
team of its new group it can meet (8.3.1), an upfloater the lowest ranked
(8.2.1), the group's own teams first, then the other floaters there, as
long as the group keeps its pairings (9.5). A floater nobody there can take
floats on, towards the Median Group (8.2.4, 8.3.4); in the Median Group,
which floats nobody, the round cannot then be paired.
"""

from __future__ import annotations

from engine.messages import Message, msg
from engine.olympiad.d02.decisions import ARTICLES, REST, passed_over
from engine.olympiad.d02.group_run import GroupRun
from engine.olympiad.d02.groups import DOWN, MEDIAN, UP
from engine.olympiad.d02.model import D02Team, ranked
from engine.result import PairingImpossible


def floaters_in(run: GroupRun) -> None:
    """Step 2 (8.2.1, 8.3.1): the floaters that came in meet the teams of their new group."""
    come = [(t, DOWN) for t in ranked(run.st.down_in)] + [(t, UP) for t in reversed(ranked(run.st.up_in))]
    own = {t.tpn for t in run.g.teams}
    for f, way in come:
        if f.tpn not in run.inner:
            continue
        members = ranked(run.inner.values())
        residents = [t for t in members if t.tpn in own]
        others = [t for t in members if t.tpn not in own and t is not f]
        if way == UP:
            residents, others = residents[::-1], others[::-1]
        article = ARTICLES[way][3]
        passed: list[tuple[D02Team, Message]] = []
        for c in residents + others:
            why = run.p.why_not(f, c, run.limits)
            if why is None and not run.keeps({f.tpn, c.tpn}, set(), run.k - 1):
                why = REST
            if why is None:
                run.pair_teams(
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
                        group=float(run.g.mp),
                        rule=article,
                        passed=passed_over(passed),
                    ),
                )
                break
            passed.append((c, why))
        else:
            if run.g.side == MEDIAN or not run.keeps(set(), {f.tpn}, run.k):
                raise PairingImpossible(
                    msg(
                        "{team} can meet nobody in the {score}-point group",
                        team=f.label,
                        score=float(run.g.mp),
                    )
                )
            run.float_team(
                f,
                ARTICLES[way][4],
                msg(
                    "{team} could meet nobody of the {score}-point group while it keeps its pairings{passed}, "
                    "so it floats on ({rule}).",
                    team=f.label,
                    score=float(run.g.mp),
                    passed=passed_over(passed),
                    rule=ARTICLES[way][4],
                ),
            )
