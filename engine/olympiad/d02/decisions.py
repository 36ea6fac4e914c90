"""The procedure's decisions and the words they are given in (D.02 6.1, 7.3, Article 8, 9.5).

A :class:`Decision` is one choice of the procedure - a pairing or a floater -
with the article that made it and its reason; the checker
(``engine.olympiad.d02.departures``) follows them in order. The article
numbers of Article 8 are one table, :data:`ARTICLES`: the public description
cites 8.2.x for the groups below the Median Group (upfloaters) and 8.3.x for
those above it (downfloaters); see docs/interpretations/olympiad2022.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.messages import Message, msg
from engine.olympiad.d02.groups import DOWN, UP
from engine.olympiad.d02.model import D02Team

# Why a candidate is passed over.
MET = Message("already played (D.02 6.1)")
COLOURS = Message("board-1 colour limits (D.02 7.3)")
REST = Message("the rest of the round could not then be paired (D.02 9.5)")

# Article 8 by direction: (float first, passed over for the rest, next-group preference,
# met in the new group, a floater nobody there can take floats on)
ARTICLES = {
    DOWN: ("D.02 8.3.1", "D.02 8.3.2", "D.02 8.3.3", "D.02 8.3.1", "D.02 8.3.4"),
    UP: ("D.02 8.2.1", "D.02 8.2.2", "D.02 8.2.3", "D.02 8.2.1", "D.02 8.2.4"),
}


@dataclass
class Decision:
    """One choice of the procedure, in the order it was made (the checker follows them)."""

    kind: str  # "pair" or "float"
    a: D02Team
    b: D02Team | None
    article: str
    reason: str | Message
    group: float  # the matchpoints of the group that made it


def passed_over(passed: list[tuple[D02Team, Message]]) -> Message | str:
    """ "; passed over: T3 (already played (D.02 6.1)), T5 (...)", in the reader's language."""
    if not passed:
        return ""
    shown = [msg("{team} ({reason})", team=t.label, reason=why) for t, why in passed[:4]]
    if len(passed) > 4:
        return msg("; passed over: {listed} and {count} more", listed=shown, count=len(passed) - 4)
    return msg("; passed over: {listed}", listed=shown)
