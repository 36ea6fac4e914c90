"""One group's pairing in progress (D.02 8.4, 9.5): its teams, the pairings it must keep, its floaters.

The group's pool is its own teams still unpaired and the floaters that came
in (:class:`GroupState`). :class:`GroupRun` holds what steps 2-4 of the
procedure share: the teams of the pool still unpaired, the number of
pairings the group must still keep (Kept Pairings, 9.5), the compatibility
in force (6.1, and 7.3 unless 7.4 lifted the limits) and the teams it
floats. Every choice is checked with :meth:`GroupRun.keeps`: after it, the
group can still keep its pairings while every other team can still be
paired (9.5). The steps themselves are in ``incoming`` (step 2),
``floating`` (step 3) and ``inner_order`` (step 4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.messages import Message, as_message, msg, prose
from engine.olympiad.d02.decisions import Decision
from engine.olympiad.d02.groups import DOWN, MEDIAN, Group
from engine.olympiad.d02.model import D02Team
from engine.result import Step

if TYPE_CHECKING:
    from engine.olympiad.d02.procedure import Procedure


@dataclass
class GroupState:
    group: Group
    down_in: list[D02Team] = field(default_factory=list)  # floaters that came down into it
    up_in: list[D02Team] = field(default_factory=list)  # floaters that came up into it


class GroupRun:
    """Steps 2-4 of one group's pairing, every choice keeping the group's pairings."""

    def __init__(
        self,
        proc: Procedure,
        st: GroupState,
        pool: Iterable[D02Team],
        later: set[int],
        k: int,
        ok: Callable[[D02Team, D02Team], bool],
        limits: bool,
    ):
        self.p = proc
        self.st = st
        self.g = st.group
        self.inner = {t.tpn: t for t in pool}
        self.later = later
        self.k = k
        self.ok = ok
        self.limits = limits
        self.floats: list[D02Team] = []
        self.side = DOWN if self.g.side == MEDIAN else self.g.side

    def keeps(self, without: set[int], extra_floats: set[int], k: int) -> bool:
        """9.5: with ``without`` paired and ``extra_floats`` floated, can the group still keep ``k``
        pairings while every other team can still be paired?"""
        inner = set(self.inner) - without - extra_floats
        outside = self.later | {t.tpn for t in self.floats} | extra_floats
        best = self.p.kept.best(inner, outside, lambda a, b: self.ok(self.p.by[a], self.p.by[b]))
        return best is not None and best >= k

    def pair_teams(self, a: D02Team, b: D02Team, article: str, reason: str | Message) -> None:
        """``a`` meets ``b``, decided by ``article`` for ``reason``."""
        del self.inner[a.tpn], self.inner[b.tpn]
        self.p.unpaired -= {a.tpn, b.tpn}
        self.k -= 1
        self.p.pairs.append((a, b))
        self.p.decisions.append(Decision("pair", a, b, article, reason, self.g.mp))
        said = msg("{a} - {b}: {reason}", a=a.label, b=b.label, reason=prose(reason))
        self.p.steps.append(Step(article, "pairing", said, {"tpns": [a.tpn, b.tpn]}))

    def float_team(self, t: D02Team, article: str, reason: str | Message) -> None:
        """``t`` floats, one group towards the Median Group, decided by ``article`` for ``reason``."""
        del self.inner[t.tpn]
        self.floats.append(t)
        self.p.decisions.append(Decision("float", t, None, article, reason, self.g.mp))
        self.p.steps.append(Step(article, "floaters", as_message(reason), {"tpn": t.tpn, "group": self.g.mp}))
