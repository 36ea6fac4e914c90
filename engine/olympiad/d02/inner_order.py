"""Step 4 of a group's pairing: the rest of the group in the order of D.02 9.1-9.3.

The first team tries the first team of the bottom half, then the next, ...,
then the top half upwards (six teams: 4, 5, 6, 3, 2), taking the first
opponent with which the rest of the group keeps its pairings and the round
can still be paired (9.5); the rest is split again and paired the same way
(the fifteen rows of the 9.3 table of six teams). Below the Median Group the
rule is mirrored: the teams are read from the lowest ranked one up.
"""

from __future__ import annotations

from engine.messages import Message, msg
from engine.olympiad.d02.decisions import REST, passed_over
from engine.olympiad.d02.group_run import GroupRun
from engine.olympiad.d02.groups import DOWN, UP
from engine.olympiad.d02.model import D02Team, ranked
from engine.olympiad.orders import rule36_opponents
from engine.result import PairingImpossible


def pair_rest(run: GroupRun) -> None:
    """Step 4 (9.1-9.3): the rest of the group in the order of 9.3."""
    while run.inner:
        seq = ranked(run.inner.values())
        if run.side == UP:
            seq.reverse()
        first = seq[0]
        passed: list[tuple[D02Team, Message]] = []
        for opp in rule36_opponents(seq):
            why = run.p.why_not(first, opp, run.limits)
            if why is None and not run.keeps({first.tpn, opp.tpn}, set(), run.k - 1):
                why = REST
            if why is None:
                run.pair_teams(
                    first,
                    opp,
                    "D.02 9.3",
                    msg(
                        "Both teams are in the {score}-point group; {team}, first of the teams left, meets the "
                        "first opponent in the order of 9.3 (the bottom half in order, then the top half "
                        "upwards) with which the rest can still be paired (D.02 9.3){passed}."
                        if run.side == DOWN
                        else "Both teams are in the {score}-point group; {team}, first of the teams left (below "
                        "the Median Group, from the lowest ranked team up), meets the first opponent in the "
                        "order of 9.3 (the bottom half in order, then the top half upwards) with which the "
                        "rest can still be paired (D.02 9.3){passed}.",
                        score=float(run.g.mp),
                        team=first.label,
                        passed=passed_over(passed),
                    ),
                )
                break
            passed.append((opp, why))
        else:
            raise PairingImpossible(
                msg(
                    "{team} can meet nobody left in the {score}-point group",
                    team=first.label,
                    score=float(run.g.mp),
                )
            )
