"""Whole simulated Olympiads: every round complete, lawful and explained."""

import random

import pytest

from engine import api
from engine.olympiad import violations
from engine.olympiad.simulate import simulate_round
from engine.result import PairingImpossible
from engine.state import Colour, Participant, ScoreKind, Scoring, TournamentState


def field(n, version, seed):
    rng = random.Random(seed)
    ratings = sorted((rng.gauss(2300, 200) for _ in range(n)), reverse=True)
    return TournamentState(
        participants=tuple(
            Participant(tpn=i + 1, name=f"T{i + 1}", rating=round(r)) for i, r in enumerate(ratings)
        ),
        system="olympiad",
        rounds_total=11,
        initial_colour=Colour.WHITE if seed % 2 else Colour.BLACK,
        scoring=Scoring(primary=ScoreKind.GAME_POINTS if version == "1998" else ScoreKind.MATCH_POINTS),
        options={"version": version},
    )


@pytest.mark.parametrize("version", ["1998", "2007"])
@pytest.mark.parametrize("n,seed", [(21, 1), (30, 2), (45, 3)])
def test_olympiad_simulated_event_every_round_lawful_and_cited(version, n, seed):
    state = field(n, version, seed)
    rng = random.Random(seed)
    byes = set()
    for rnd in range(1, 12):
        try:
            pairing = api.pair(state)
        except PairingImpossible:
            pytest.fail(f"round {rnd} could not be paired")
        assert not [v for v in violations(state, pairing) if v.absolute]
        assert all(s.article.startswith("Olympiad") for s in pairing.explanation)
        if pairing.bye is not None:
            assert pairing.bye not in byes
            byes.add(pairing.bye)
        relaxed = "rule 18(a)" in pairing.explanation_text()
        if not relaxed:
            assert not [v for v in violations(state, pairing) if v.criterion.endswith("rule 17")]
        state = simulate_round(state, pairing, rng)
