"""Whole simulated Olympiads under D.02: every round pairs, no rematch, colour limits held or 7.4 cited."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import systems
from engine.olympiad.d02.model import build_teams
from engine.olympiad.simulate import simulate_round
from engine.result import WHY_TOPIC
from engine.state import Colour, TournamentState
from tests.engine.olympiad.test_olympiad_simulated_events import field as older_field

EVENTS = [(9, 1), (14, 2), (21, 3), (30, 4), (45, 5), (60, 6), (77, 7), (120, 8)]
EVENTS += [(21, 13), (30, 14), (45, 15), (60, 16), (77, 17), (101, 18), (35, 19), (50, 20)]


def field(n: int, seed: int, **options) -> TournamentState:
    """The older versions' simulated field (ratings, initial colour), under D.02."""
    state = older_field(n, "2022", seed)
    return replace(state, options={"version": "2022", **options})


@pytest.mark.parametrize("n,seed", EVENTS)
def test_d02_simulated_event_every_round_lawful_and_cited(n, seed):
    olympiad = systems.get("olympiad")
    state = field(n, seed)
    rng = random.Random(seed)
    byes: set[int] = set()
    for _ in range(min(11, n // 2 + 1)):  # a small field has fewer rounds than an Olympiad
        pairing = olympiad.pair(state)  # PairingImpossible would fail the test
        cards = build_teams(state)
        paired = [t for p in pairing.pairs for t in (p.white, p.black)]
        assert sorted(paired + ([pairing.bye] if pairing.bye else [])) == list(range(1, n + 1))
        for p in pairing.pairs:
            assert p.black not in cards[p.white].met  # 6.1
        assert not [v for v in olympiad.violations(state, pairing) if v.absolute]
        assert all(s.article.startswith("D.02 ") for s in pairing.explanation)
        assert set(pairing.why()) == set(range(1, n + 1))
        relaxed = any(s.article == "D.02 7.4" and s.data.get("lifted", True) for s in pairing.explanation)
        if not relaxed:
            for p in pairing.pairs:
                assert cards[p.white].may_receive(Colour.WHITE) and cards[p.black].may_receive(Colour.BLACK)
        if pairing.bye is not None:
            assert pairing.bye not in byes  # 4.2.1
            byes.add(pairing.bye)
        assert [s for s in pairing.explanation if s.topic == WHY_TOPIC]
        state = simulate_round(state, pairing, rng)


@pytest.mark.parametrize(
    "options",
    [
        {"median_teams": "with_bye"},
        {"floater_next_group": "with_floaters"},
        {"colour_limits_lifted": "no_floater"},
    ],
)
def test_d02_simulated_event_under_the_other_readings(options):
    olympiad = systems.get("olympiad")
    state = field(25, 9, **options)
    rng = random.Random(9)
    for _ in range(11):
        pairing = olympiad.pair(state)
        assert not [v for v in olympiad.violations(state, pairing) if v.absolute]
        state = simulate_round(state, pairing, rng)
