"""Score groups, the median team and the order of pairing the groups (rule 16).

Rule 16: "Pairings shall be made from the top group down to, but not
including, the middle group; then from the bottom group up to, but not
including, the middle group, and finally the middle group. The middle group
shall be defined as that group in which the median team in the standings is
located. If there is an even number of teams being paired, the lower of the
two middle teams shall be considered as the median team." The printed
example (88 teams, place 44 marked "Median team") fixes the median at place
ceil(n/2) of the n teams being paired.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.common.scoregroups import scoregroups
from engine.olympiad.model import TeamView

TOP, BOTTOM, MEDIAN = "top", "bottom", "median"


@dataclass
class ScoreGroup:
    index: int  # 0 is the top group
    score: float
    teams: list[TeamView]  # in standings order
    side: str = TOP

    def labels(self) -> str:
        return ", ".join(t.label for t in self.teams)


def standings_key(team: TeamView, section_j: bool) -> tuple:
    """Score, then (Section J, rule 45) Extended Buchholz, then pairing number."""
    return (-team.score, -team.eb if section_j else 0.0, team.tpn)


def median_place(n: int) -> int:
    """Rule 16: place ceil(n/2); with 88 teams, place 44."""
    return (n + 1) // 2


def make_groups(teams: list[TeamView], section_j: bool) -> tuple[list[ScoreGroup], int, TeamView]:
    """The score groups (top first), the index of the middle group and the median team."""
    ordered = sorted(teams, key=lambda t: standings_key(t, section_j))
    groups = [
        ScoreGroup(i, score, members)
        for i, (score, members) in enumerate(scoregroups(ordered, lambda t: t.score).items())
    ]
    median_team = ordered[median_place(len(ordered)) - 1]
    middle = next(g.index for g in groups if g.score == median_team.score)
    for g in groups:
        g.side = TOP if g.index < middle else BOTTOM if g.index > middle else MEDIAN
    return groups, middle, median_team


def processing_order(groups: list[ScoreGroup], middle: int) -> list[int]:
    """Rule 16: top down to the middle group, bottom up to it, the middle last."""
    return list(range(middle)) + list(range(len(groups) - 1, middle, -1)) + [middle]
