"""Random small events: every Dubov pairing is legal and the engine is deterministic."""

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import api
from engine.dubov import violations
from engine.result import PairingImpossible
from engine.state import Colour, Outcome, Participant, RoundRecord, ScoreKind, Scoring, TournamentState


def play(state: TournamentState, pairing, rng: random.Random) -> TournamentState:
    recs = {}
    win, draw = (2.0, 1.0) if state.team else (1.0, 0.5)
    for p in pairing.pairs:
        r = rng.random()
        if r < 0.05:  # forfeit: no meeting, no colour
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


def legal_pairing_exists(state: TournamentState) -> bool:
    """Brute force over 2.1 and 2.2 only: is there any pairing at all?"""
    players = [p.tpn for p in state.to_be_paired()]

    def complete(rest: list[int], bye_left: bool) -> bool:
        if not rest:
            return True
        a, others = rest[0], rest[1:]
        if bye_left and not state.by_tpn[a].had_bye_or_forfeit_win and complete(others, False):
            return True
        return any(
            complete([x for x in others if x != b], bye_left) for b in others if not state.have_met(a, b)
        )

    return complete(players, len(players) % 2 == 1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(2, 14),
    rounds=st.integers(1, 8),
    team=st.booleans(),
)
def test_every_dubov_pairing_of_a_random_event_is_legal_and_deterministic(seed, n, rounds, team):
    rng = random.Random(seed)
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
        if rng.random() < 0.2 and n > 3:  # someone sits a round out
            state = replace(state, unavailable=frozenset({rng.randint(1, n)}))
        try:
            pairing = api.pair(state)
        except PairingImpossible:
            assert not legal_pairing_exists(state)
            return
        again = api.pair(state)
        assert again.to_dict() == pairing.to_dict()
        absolute = [v for v in violations(state, pairing) if v.absolute]
        assert absolute == []
        seen = [t for p in pairing.pairs for t in (p.white, p.black)] + ([pairing.bye] if pairing.bye else [])
        assert sorted(seen) == [p.tpn for p in state.to_be_paired()]
        assert all(not state.have_met(p.white, p.black) for p in pairing.pairs)
        state = play(state, pairing, rng)
