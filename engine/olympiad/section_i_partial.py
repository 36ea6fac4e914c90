"""The choices made so far in one score group's pairing (rules 25-44, ``engine.olympiad.section_i``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from engine.olympiad.model import TeamView
from engine.olympiad.pools import Candidate, Leave, PairNote


@dataclass(frozen=True)
class Partial:
    """The choices made so far in a group: pairs with teams that came in, and who goes on."""

    pairs: tuple[tuple[TeamView, TeamView], ...] = ()
    notes: tuple[PairNote, ...] = ()
    texts: tuple[str, ...] = ()
    passing: tuple[TeamView, ...] = ()
    leaving: tuple[tuple[int, Leave], ...] = ()
    entries: tuple[tuple[int, int], ...] = ()  # (incoming TPN, opponent TPN): compared by the checker

    def with_pair(self, a: TeamView, b: TeamView, note: PairNote, text: str) -> Partial:
        return replace(
            self,
            pairs=self.pairs + ((a, b),),
            notes=self.notes + (note,),
            texts=self.texts + (text,),
            entries=self.entries + ((a.tpn, b.tpn),),
        )

    def going_on(self, team: TeamView, leave: Leave) -> Partial:
        return replace(
            self,
            passing=self.passing + (team,),
            leaving=self.leaving + ((team.tpn, leave),),
            entries=self.entries + ((team.tpn, 0),),
        )


# What comes after a choice: the group's teams not yet paired and the choices so far -> candidates.
Then = Callable[[list[TeamView], Partial], Iterator[Candidate]]
