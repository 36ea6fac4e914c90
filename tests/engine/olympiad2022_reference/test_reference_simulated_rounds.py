"""The 2022 reference on simulated events: every round complete and lawful by the text's absolute rules."""

import random

from tests.engine.olympiad2022_reference.events import new_event, next_state, plans, play
from tests.engine.olympiad2022_reference.from_state import ref_teams, reference_pairing


def test_d02_6_1_and_4_2_reference_pairs_every_simulated_round_completely_without_rematches():
    rounds = 0
    for plan in plans(12, 7):
        rng = random.Random(plan.seed)
        state = next_state(new_event(plan), plan, rng)
        for _ in range(plan.rounds):
            teams = {t.tpn: t for t in ref_teams(state)}
            pairing = reference_pairing(state)
            seen = [t for p in pairing.pairs for t in p] + ([pairing.bye] if pairing.bye else [])
            assert sorted(seen) == sorted(teams)  # everyone to be paired is paired once
            assert all(b not in teams[a].met for a, b in pairing.pairs)  # 6.1
            if pairing.bye is not None:
                assert not teams[pairing.bye].bye_ineligible  # 4.2
                assert len(teams) % 2 == 1
            rounds += 1
            state = next_state(play(state, pairing.pairs, pairing.bye, plan, rng), plan, rng)
    assert rounds >= 60
