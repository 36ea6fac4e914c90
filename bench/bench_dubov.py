"""Benchmark: the Dubov engine on 300 players over 9 rounds.

Run: .venv/bin/python bench/bench_dubov.py [players] [rounds] [seed]
Prints each round's pairing time in seconds and the maximum (target: any
round at most 0.5 s). Results are drawn at random (White wins 40 %, draws
30 %, 3 % forfeits).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import api  # noqa: E402
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
    recs: dict[int, RoundRecord] = {}
    rnd = state.next_round
    for p in pairing.pairs:
        r = rng.random()
        if r < 0.03:
            recs[p.white] = RoundRecord(rnd, Outcome.FORFEIT_WIN, p.black, None, 1, 1)
            recs[p.black] = RoundRecord(rnd, Outcome.FORFEIT_LOSS, p.white, None, 0, 0)
            continue
        w = 1.0 if r < 0.43 else 0.5 if r < 0.73 else 0.0
        recs[p.white] = RoundRecord(rnd, Outcome.PLAYED, p.black, Colour.WHITE, w, w)
        recs[p.black] = RoundRecord(rnd, Outcome.PLAYED, p.white, Colour.BLACK, 1 - w, 1 - w)
    if pairing.bye is not None:
        recs[pairing.bye] = RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, 1, 1)
    for p in state.participants:
        recs.setdefault(p.tpn, RoundRecord(rnd, Outcome.ABSENT))
    return state.with_round(recs)


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    rng = random.Random(seed)
    parts = tuple(
        Participant(tpn=i + 1, name=f"Player {i + 1:03d}", rating=2700 - 3 * i - rng.randint(0, 2))
        for i in range(players)
    )
    state = TournamentState(
        participants=parts,
        system="dubov",
        team=False,
        rounds_total=rounds,
        scoring=Scoring(primary=ScoreKind.GAME_POINTS),
    )
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        pairing = api.pair(state)
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        relaxed = [s.message for s in pairing.explanation if s.topic == "relaxation"]
        print(
            f"round {state.next_round}: {elapsed:.3f} s, {len(pairing.pairs)} pairs"
            + (f", bye {pairing.bye}" if pairing.bye else "")
            + (f" [{relaxed[0]}]" if relaxed else "")
        )
        state = play(state, pairing, rng)
    print(f"max {max(times):.3f} s (target <= 0.5 s)")


if __name__ == "__main__":
    main()
