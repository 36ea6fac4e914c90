"""All the groups considered as one group: rule 50 taken to its end.

Rule 50: "these two groups shall be considered as one group". When the
group-by-group search (``engine.olympiad.search``) exceeds its budget
(``max_search_steps``), every remaining group is considered as one group and
paired in the order of rule 47 (Section J) or rule 36 (Section I).
"""

from __future__ import annotations

from engine.messages import msg
from engine.olympiad.feasibility import perfectly_pairable
from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.result import PairingImpossible, Step


def all_groups_as_one(
    teams: list[TeamView], opts: OlympiadOptions, section_j: bool
) -> tuple[list[tuple[TeamView, TeamView]], list[Step]]:
    """Rule 50 taken to its end: every remaining group considered as one group.

    Only used when the group-by-group search exceeds its budget
    (``max_search_steps``); the teams are paired in the order of rule 47
    (Section J) or rule 36 (Section I) over the standings.
    """
    from engine.olympiad.groups import standings_key
    from engine.olympiad.orders import combinations, rule36_opponents, rule47_opponents

    ordered = sorted(teams, key=lambda t: standings_key(t, section_j))
    by = {t.tpn: t for t in ordered}

    def rest_check(rest, _can_float):
        ok = perfectly_pairable([t.tpn for t in rest], lambda a, b: b not in by[a].met)
        return None if ok else "unsolvable"

    for comb in combinations(
        ordered,
        rule47_opponents if section_j else rule36_opponents,
        pair_check=lambda a, b: "met" if b.tpn in a.met else None,
        rest_check=rest_check,
    ):
        step = Step(
            opts.cite(50),
            "merge",
            msg(
                "the group-by-group search exceeded its budget: all groups are considered as one group and paired "
                "in the order of {rule}",
                rule=opts.cite(47 if section_j else 36),
            ),
            {},
        )
        return list(comb.pairs), [step]
    raise PairingImpossible(
        msg("no complete pairing of the round exists without a rematch (Olympiad rule 14(a))")
    )
