"""Floaters moved back to their group, or sent on past the next one (rules 18, 25-32, 44, 48, 50).

A floater that has played every team of the group it would go to is "moved
back to its original group" and the next combination is tried (rules 27, 31;
in Section J, rules 48 and 50). In Section I rules 28 / 32 then let a dropped
team go on past the next group, and rule 44 lets two more teams leave a group
only after every way of sending just the one an odd group must send. The
group-by-group search (``engine.olympiad.search``) tries its passes in the
order :func:`passes` gives.
"""

from __future__ import annotations

from engine.olympiad.groups import MEDIAN, ScoreGroup
from engine.olympiad.model import TeamView
from engine.olympiad.pools import Candidate, Incoming


def stranded(
    groups: list[ScoreGroup],
    section_j: bool,
    cand: Candidate,
    target: int | None,
    pending: dict[int, tuple[Incoming, ...]],
    strand: bool,
) -> TeamView | None:
    """A floater that has played every team of the group it goes to (rules 27, 31, 50).

    In Section J (rule 48) no floater may go further. In Section I a team
    leaving because it met its whole group goes on (rules 41-42), and a
    dropped team does too once rules 28 / 32 apply (``strand`` False);
    the middle group, paired last, can never send it on.
    """
    if not cand.outgoing:
        return None
    g = groups[target]
    if section_j or g.side == MEDIAN:
        check = cand.outgoing
    elif strand:
        check = cand.drops
    else:
        return None
    members = list(g.teams) + [i.team for i in pending.get(target, ()) if i.merged]
    if section_j:
        members += [i.team for i in pending.get(target, ())]
    for t in check:
        if not any(m.tpn not in t.met and m.tpn != t.tpn for m in members):
            return t
    return None


def passes(section_j: bool, target: int | None) -> list[tuple[int, bool, bool]]:
    """(rule 44 extra, rule 17 kept, rules 27/31 moved back), in the order they are tried.

    Rule 44 first: every way in which a group sends only the team an odd
    group must send (including, by rule 18(a), a pairing without rule 17
    and, by rules 28 / 32, a dropped team going on past the next group)
    before two more teams leave. Within that, rule 18(b) then 18(a): every
    other floater keeping rule 17 before rule 17 is set aside; rules 27 / 31
    move a dropped team back before rules 28 / 32 send it on.
    """
    sends = not section_j and target is not None
    levels = (0, 2) if sends else (0,)
    strands = (True, False) if sends else (True,)
    return [(extra, strict, strand) for extra in levels for strand in strands for strict in (True, False)]


def members(
    groups: list[ScoreGroup], target: int, pending: dict[int, tuple[Incoming, ...]]
) -> list[TeamView]:
    """The teams of the group a floater would go to, with those already sent to it."""
    g = groups[target]
    return list(g.teams) + [i.team for i in pending.get(target, ())]
