"""The steps of the group-by-group search (rules 13, 16, 18(a), 25-32, 45, 48, 50), as messages.

Each function writes one step of ``engine.olympiad.search`` as an
``engine.messages.Message``: ``str()`` is the English the search always wrote,
and the site writes it in the reader's language (issue 20 item 3).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.messages import English, Message, msg, prose
from engine.olympiad.groups import BOTTOM, MEDIAN, TOP, ScoreGroup
from engine.olympiad.model import TeamView
from engine.olympiad.pools import ABOVE, Leave
from engine.olympiad.wording import blocking_message, group_message, names, stuck

SIDE_KEYS = {
    TOP: "score group {score} (top): {teams}",
    BOTTOM: "score group {score} (bottom): {teams}",
    MEDIAN: "score group {score} (median - the middle group): {teams}",
}
FLOAT_KEYS = {
    ("up", False): "{team} floats up to the {score} group",
    ("down", False): "{team} floats down to the {score} group",
    ("up", True): "{team} floats up to the {score} group: {cause}",
    ("down", True): "{team} floats down to the {score} group: {cause}",
}


def group_said(g: ScoreGroup) -> Message:
    """Rule 16: "score group 3 (top): T1, T4"."""
    return msg(SIDE_KEYS[g.side], score=float(g.score), teams=g.labels())


def median_said(count: int, median: TeamView, middle: ScoreGroup) -> Message:
    """Rule 16: the median team, the middle group and the order the groups are paired in."""
    return msg(
        "{count} teams are paired; the median team is {team} (place {place}), so the middle group is the "
        "{score} group; groups are paired from the top down to it, from the bottom up to it, and it is "
        "paired last",
        count=count,
        team=median.label,
        place=(count + 1) // 2,
        score=float(middle.score),
    )


def order_said(g: ScoreGroup, pool: Sequence[TeamView]) -> Message:
    """Rule 45: the group in Extended Buchholz order."""
    order = ", ".join(f"{n}. {t.label} (EB {t.eb:g})" for n, t in enumerate(pool, 1))
    return msg(
        "pairing the {score} group in Extended Buchholz order: {order}", score=float(g.score), order=order
    )


def numbers_said(g: ScoreGroup, own: Sequence[TeamView], floaters) -> Message:
    """Rule 13: the group in pairing-number order, with the teams that came into it."""
    teams = ", ".join(t.label for t in sorted(own, key=lambda t: t.tpn))
    came = [
        msg("{team} from above" if f.origin == ABOVE else "{team} from below", team=f.team.label)
        for f in floaters
    ]
    if not came:
        return msg(
            "pairing the {score} group in pairing-number order: {teams}", score=float(g.score), teams=teams
        )
    return msg(
        "pairing the {score} group in pairing-number order: {teams}; came in: {came}",
        score=float(g.score),
        teams=teams,
        came=came,
    )


def not_completable_said(combination: Message, teams: Sequence[TeamView], cause: str) -> Message:
    """Rules 27, 31, 50: the combination leaves the rest of the round impossible to pair, and why
    (``cause``, the English the search gives, is said again where a team shows it)."""
    if not cause:
        return msg(
            "{combination}: the rest of the round could not then be paired completely",
            combination=combination,
        )
    said: Message | English
    if len(teams) % 2:
        said = msg("an odd number of teams would be left")
    elif (t := stuck(teams)) is not None:
        said = msg("{team} has already played every other team still to be paired", team=t.label)
    else:
        said = blocking_message(teams)
    return msg(
        "{combination}: the rest of the round could not then be paired completely ({cause})",
        combination=combination,
        cause=said,
    )


def not_completable_cause(teams: Sequence[TeamView]) -> str | Message:
    """The cause, where one team shows it: a team that has played every other team left."""
    if len(teams) % 2:
        return msg(" (an odd number of teams would be left)")
    t = stuck(teams)
    if t is not None:
        return msg(" ({team} has already played every other team still to be paired)", team=t.label)
    if len(teams) <= 6:
        return msg(" ({why})", why=blocking_message(teams))
    return ""


def stranded_said(combination: Message, team: TeamView, members: Sequence[TeamView]) -> Message:
    """Rules 27, 31, 50: a floater that has played every team of the next group is moved back."""
    return msg(
        "{combination} - {team} has already played every team of the next group ({teams}); moved back",
        combination=combination,
        team=team.label,
        teams=names(members),
    )


def not_followed_said(combination: Message, outgoing: Sequence[TeamView]) -> Message:
    """Rules 27, 31, 50: the following groups cannot be paired with the combination's floaters."""
    moved = ", ".join(t.label for t in outgoing) or "no floater"
    return msg(
        "{combination} - the following groups cannot be paired with {teams}; moved back, next combination",
        combination=combination,
        teams=msg("no floater") if not outgoing else moved,
    )


def colours_set_aside_said(score: float, limits: str) -> Message:
    """Rule 18(a): the group is paired without the board-1 colour limits of rule 17 (``limits``)."""
    return msg(
        "the {score} group cannot be paired completely within {rule}: the pairing below is made without it",
        score=float(score),
        rule=limits,
    )


def sent_on_said() -> Message:
    """Rules 28 / 32: a dropped team goes on past the next group."""
    return msg(
        "every team that could leave the group has played the whole next group: one goes on all the same "
        "(rules 25-27 / 29-31 applied again)"
    )


def floated_said(team: TeamView, way: str, score: float, leave: Leave | None) -> Message:
    """Rules 25-32, 48: ``team`` floats ``way`` ("up" or "down") to the ``score`` group, and why it left."""
    return msg(
        FLOAT_KEYS[way, leave is not None],
        team=team.label,
        score=float(score),
        cause=prose(leave.cause) if leave is not None else "",
    )


def merge_cause(score: float, below: float) -> Message:
    """Rule 50: why the teams of the ``score`` group came into the ``below`` group."""
    return msg(
        "{group} could not be paired apart from {other}, so the two were considered as one group",
        group=group_message(score),
        other=group_message(below),
    )


def merged_said(score: float, below: float) -> Message:
    """Rule 50: the two groups are considered as one group."""
    return msg(
        "the {score} group cannot be paired with the {below} group as separate groups: they are considered as "
        "one group",
        score=float(score),
        below=float(below),
    )
