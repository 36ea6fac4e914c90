"""Groups, the Median Group and the order of pairing them (D.02 6.3, 6.4).

6.3: a group is the teams with the same matchpoints. 6.4: the groups are
paired from the top group down to the Median Group, then from the bottom
group up to it, and the Median Group last; the Median Group is the group of
the median team, the lower of the two middle teams (of an odd number, the
middle one) in the ranking of 3.2 of the teams being paired. With 88 teams
the median team is the 45th.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.olympiad.d02.model import D02Team, ranked

DOWN, UP, MEDIAN = "down", "up", "median"


@dataclass
class Group:
    index: int  # 0 is the top group
    mp: float
    teams: list[D02Team]  # its own teams, in the order of 3.2
    side: str = DOWN  # DOWN above the Median Group, UP below it, MEDIAN


def median_place(n: int) -> int:
    """6.4: the lower of the two middle places of ``n`` (88 teams: place 45; 7 teams: place 4)."""
    return n // 2 + 1


def make_groups(
    teams: list[D02Team], counted: list[D02Team] | None = None
) -> tuple[list[Group], int, D02Team]:
    """The groups (top first), the index of the Median Group and the median team.

    ``counted`` are the teams among which the median team is found (default: ``teams``).
    """
    ordered = ranked(teams)
    groups: list[Group] = []
    for t in ordered:
        if groups and groups[-1].mp == t.mp:
            groups[-1].teams.append(t)
        else:
            groups.append(Group(len(groups), t.mp, [t]))
    among = ranked(counted if counted is not None else teams)
    median_team = among[median_place(len(among)) - 1]
    # The median team of the teams present may be the bye's team: its group, or the nearest below.
    middle = next((g.index for g in groups if g.mp <= median_team.mp), len(groups) - 1)
    for g in groups:
        g.side = DOWN if g.index < middle else UP if g.index > middle else MEDIAN
    return groups, middle, median_team


def processing_order(groups: list[Group], middle: int) -> list[int]:
    """6.4: top down to the Median Group, bottom up to it, the Median Group last."""
    return list(range(middle)) + list(range(len(groups) - 1, middle, -1)) + [middle]
