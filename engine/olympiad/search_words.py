"""The steps of the group-by-group search (rules 13, 16, 18(a), 45, 50), as messages.

Each function writes one step of ``engine.olympiad.search`` as an
``engine.messages.Message``: ``str()`` is the English the search always wrote,
and the site writes it in the reader's language (issue 20 item 3).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.messages import English, Message, msg, prose
from engine.olympiad.groups import BOTTOM, MEDIAN, TOP, ScoreGroup
from engine.olympiad.model import TeamView
from engine.olympiad.pools import ABOVE
from engine.olympiad.wording import blocking, stuck

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
        said = prose(blocking(teams))
    return msg(
        "{combination}: the rest of the round could not then be paired completely ({cause})",
        combination=combination,
        cause=said,
    )
