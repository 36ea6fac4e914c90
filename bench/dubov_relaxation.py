"""Measure how often the Dubov engine relaxes the limitations of chapter 2.

Run: .venv/bin/python bench/dubov_relaxation.py [events] [seed]
Plays small random events (2-14 players, 1-8 rounds, individual and team,
5 % forfeits, now and then someone sits a round out, as the property test
does). Every round is paired twice on the same state: by the engine
("after": the fewest departures, ``engine.dubov.relaxation``) and by the
former ladder ("before": 2.5 set aside for the unmatched, then for
everybody, then 2.3/2.4 dropped too), rebuilt here from the same procedure.
Prints, for each: the rounds that needed a relaxation, the departures from
2.3, 2.4 and 2.5 the pairings hold (``violations``), the rounds where the
procedure left floaters for the final leftover pairing, and the rounds
that could not be paired at all. Whether a round needs some relaxation is
a fact of the round (no pairing keeps every limitation), so that count is
the same for both; what differs is how far the limitations give way: for
everybody or for named participants, and how many departures result.
The "before" column uses today's procedure otherwise (so its leftovers
reflect the 6.4 fix too); the former engine, run whole on the same
generator and seed, had leftovers in 11 of 11909 rounds (0.09 %).
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import api  # noqa: E402
from engine.common.completion import Completion  # noqa: E402
from engine.dubov import violations  # noqa: E402
from engine.dubov.limits import Limits  # noqa: E402
from engine.dubov.procedure import _attempt  # noqa: E402
from engine.dubov.profile import profiles  # noqa: E402
from engine.result import PairingImpossible  # noqa: E402
from engine.state import (  # noqa: E402
    Colour,
    Outcome,
    Participant,
    RoundRecord,
    ScoreKind,
    Scoring,
    TournamentState,
)


def play(state: TournamentState, pairing, rng: random.Random) -> TournamentState:
    recs = {}
    win, draw = (2.0, 1.0) if state.team else (1.0, 0.5)
    for p in pairing.pairs:
        r = rng.random()
        if r < 0.05:
            recs[p.white] = RoundRecord(state.next_round, Outcome.FORFEIT_WIN, p.black, None, win, win)
            recs[p.black] = RoundRecord(state.next_round, Outcome.FORFEIT_LOSS, p.white, None, 0, 0)
            continue
        w = win if r < 0.45 else draw if r < 0.75 else 0.0
        recs[p.white] = RoundRecord(state.next_round, Outcome.PLAYED, p.black, Colour.WHITE, w, w)
        recs[p.black] = RoundRecord(state.next_round, Outcome.PLAYED, p.white, Colour.BLACK, win - w, win - w)
    if pairing.bye is not None:
        recs[pairing.bye] = RoundRecord(
            state.next_round, Outcome.PAIRING_ALLOCATED_BYE, None, None, draw, draw
        )
    for p in state.participants:
        recs.setdefault(p.tpn, RoundRecord(state.next_round, Outcome.ABSENT))
    return state.with_round(recs)


def former_ladder(state: TournamentState):
    """The relaxation as it was before 22 Nov 2026: exempt the unmatched, then levels 1 and 2."""
    profs = profiles(state)
    tpns = [p.tpn for p in state.to_be_paired()]
    exempt: frozenset[int] = frozenset()
    for level in (0, 1, 2):
        for _ in range(4 if level == 0 else 1):
            limits = Limits(state, profs, level, exempt)
            pairing, _ = _attempt(state, limits, tpns)
            if pairing is not None:
                return pairing, bool(level or exempt), level, len(exempt)
            if level:
                break
            comp = Completion(tpns, adj=limits.adjacency(tpns))
            barred = {t for t in tpns if t not in comp.mate and not limits.may_upfloat(profs[t])}
            if not barred:
                break
            exempt = exempt | barred
    raise PairingImpossible("former ladder: no pairing")


def event(rng: random.Random):
    """Yield (state, pairing or None) for every round of one random event."""
    n, rounds, team = rng.randint(2, 14), rng.randint(1, 8), rng.random() < 0.5
    parts = tuple(
        Participant(
            tpn=i + 1, name=f"P{i + 1}", rating=rng.choice([1800, 1900, 2000, 2100, 2200]) + 0.5 * team
        )
        for i in range(n)
    )
    scoring = Scoring() if team else Scoring(primary=ScoreKind.GAME_POINTS)
    state = TournamentState(
        participants=parts, system="dubov", team=team, rounds_total=rounds, scoring=scoring
    )
    for _ in range(rounds):
        if rng.random() < 0.2 and n > 3:
            state = replace(state, unavailable=frozenset({rng.randint(1, n)}))
        try:
            pairing = api.pair(state)
        except PairingImpossible:
            yield state, None
            return
        yield state, pairing
        state = play(state, pairing, rng)


class Tally:
    def __init__(self) -> None:
        self.relaxed = self.leftover = self.for_everybody = self.freed = 0
        self.departures: Counter[str] = Counter()
        self.rounds_with: Counter[str] = Counter()

    def add(self, state: TournamentState, pairing, relaxed: bool, level: int = 0, freed: int = 0) -> None:
        """``level`` >= 1: a limitation was set aside for everybody; ``freed``: participants relieved."""
        self.relaxed += relaxed
        self.for_everybody += level >= 1
        self.freed += len(state.to_be_paired()) if level >= 1 else freed
        self.leftover += any(
            s.topic == "leftover" or "procedure left them" in s.message for s in pairing.explanation
        )
        found = Counter(v.criterion for v in violations(state, pairing) if not v.absolute)
        found.pop("Dubov 3", None)
        self.departures.update(found)
        self.rounds_with.update(found.keys())


def main() -> None:
    events = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    rounds = impossible = 0
    before, after = Tally(), Tally()
    for _ in range(events):
        for state, pairing in event(rng):
            rounds += 1
            if pairing is None:
                impossible += 1
                continue
            relax = [s for s in pairing.explanation if s.topic == "relaxation"]
            after.add(state, pairing, bool(relax), 0, len({t for s in relax for t in s.data["exempt"]}))
            before.add(state, *former_ladder(state))

    def pct(k: int) -> str:
        return f"{k} ({100 * k / rounds:.2f} %)"

    print(f"{events} events, {rounds} rounds; could not be paired at all (2.1/2.2): {pct(impossible)}")
    for name, t in (("before (former ladder)", before), ("after (fewest departures)", after)):
        print(f"{name}:")
        print(f"  rounds with a relaxation:        {pct(t.relaxed)}")
        print(f"  rounds with procedure leftovers: {pct(t.leftover)}")
        print(f"  rounds with a limit set aside for everybody: {pct(t.for_everybody)}")
        print(f"  participants relieved of a limit (sum over rounds): {t.freed}")
        for art in ("Dubov 2.3", "Dubov 2.4", "Dubov 2.5"):
            print(f"  departures from {art}: {t.departures[art]:5d}, in rounds: {pct(t.rounds_with[art])}")


if __name__ == "__main__":
    main()
