"""The absolute checks every system makes of a given (hand-amended) pairing.

Whatever the system, the pairing of a round places each participant to be
paired exactly once, in a pair or as the bye, and nobody else; it gives a
bye only when the number to be paired is odd (and one then); it pairs no
two participants who have met; and it gives no bye to one who already
scored without playing. The texts say so in their own words: C.04.6 3.3.1,
1.4, C1 and C2; Olympiad 1998 rules 10, 13, 14(a), 14(b) and 52; Dubov
2.1, 2.2, 4 and 6; Lim 7, 8.1, 8.2, 9 and 9.1.

These functions only find the facts; each system's ``violations()`` words
them and cites its own article.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.messages import Team, msgn
from engine.result import Pair, RoundPairing, Violation
from engine.state import TournamentState


@dataclass(frozen=True)
class Placement:
    """How many times a pairing places each TPN, against who is to be paired."""

    to_be_paired: frozenset[int]
    times: Counter[int]
    bye: int | None

    def placed(self) -> list[tuple[int, int]]:
        """Every TPN the pairing names (in a pair or as the bye), with how often, in TPN order."""
        return sorted(self.times.items())

    def unpaired(self) -> list[int]:
        """The participants to be paired that the pairing leaves out, in TPN order."""
        return sorted(self.to_be_paired - self.times.keys())

    @property
    def odd(self) -> bool:
        """The number of participants to be paired is odd: one bye is due."""
        return len(self.to_be_paired) % 2 == 1

    @property
    def bye_with_even_number(self) -> bool:
        """A bye is given although the number to be paired is even."""
        return self.bye is not None and not self.odd

    @property
    def odd_without_bye(self) -> bool:
        """The number to be paired is odd but no bye is given."""
        return self.bye is None and self.odd


def placement(state: TournamentState, pairing: RoundPairing) -> Placement:
    """Count the places of each TPN in ``pairing`` (both colours of every pair, and the bye)."""
    times: Counter[int] = Counter()
    for p in pairing.pairs:
        times[p.white] += 1
        times[p.black] += 1
    if pairing.bye is not None:
        times[pairing.bye] += 1
    return Placement(frozenset(p.tpn for p in state.to_be_paired()), times, pairing.bye)


def placed_more_than_once(article: str, tpn: int, count: int, *, team_word: bool = False) -> Violation:
    """The absolute violation of a participant placed ``count`` times (every system's article that
    pairs each participant once); ``team_word``: the Olympiad's wording, "team {team} ..."."""
    text = ("team " if team_word else "") + "{team} appears {count} times in the pairing"
    return Violation(article, True, msgn(text, text, team=Team(tpn), count=count), (tpn,))


def is_rematch(state: TournamentState, a: int, b: int) -> bool:
    """``a`` and ``b`` are participants who have met over the board (or may not meet).

    Forfeits are no meeting and forbidden pairs count as met
    (``TournamentState.have_met``). A TPN that is no participant makes no
    rematch: :func:`placement` reports it.
    """
    return a != b and a in state.by_tpn and b in state.by_tpn and state.have_met(a, b)


def rematches(state: TournamentState, pairing: RoundPairing) -> list[Pair]:
    """The pairs of ``pairing`` whose two participants have met, in board order."""
    return [p for p in pairing.pairs if is_rematch(state, p.white, p.black)]


def bye_barred(state: TournamentState, tpn: int | None) -> bool:
    """``tpn`` already scored without playing: a pairing-allocated bye, a forfeit win or a full-point bye.

    C.04.6 C2; Olympiad 1998 rule 14(b); Dubov 2.2; Lim 8.2 all bar such a
    participant from the bye (``Participant.had_bye_or_forfeit_win``).
    """
    p = state.by_tpn.get(tpn) if tpn is not None else None
    return p is not None and p.had_bye_or_forfeit_win
