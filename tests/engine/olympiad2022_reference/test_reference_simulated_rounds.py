"""The 2022 reference on simulated events: every round complete and lawful by the text's absolute rules."""

import random

from engine.state import Colour, Outcome, RoundRecord
from tests.engine.olympiad2022_reference.events import EventPlan, new_event, next_state, plans, play
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


def test_d02_4_2_3_late_entry_is_a_team_absent_from_round_1_not_one_with_a_requested_bye():
    plan = EventPlan(teams=5, rounds=3, seed=1, late={}, absence_rate=0, default_rate=0)
    first = {
        1: RoundRecord(1, Outcome.PLAYED, 3, Colour.WHITE, 2.0, 3.0),
        3: RoundRecord(1, Outcome.PLAYED, 1, Colour.BLACK, 0.0, 1.0),
        2: RoundRecord(1, Outcome.PLAYED, 4, Colour.WHITE, 2.0, 3.0),
        4: RoundRecord(1, Outcome.PLAYED, 2, Colour.BLACK, 0.0, 1.0),
    }
    absent = new_event(plan).with_round(first | {5: RoundRecord(1, Outcome.ABSENT)})
    requested = new_event(plan).with_round(first | {5: RoundRecord(1, Outcome.ZERO_POINT_BYE)})
    assert reference_pairing(absent).bye == 4  # 5 joined after round 1: no bye (4.2.3)
    assert reference_pairing(requested).bye == 5  # 5 was in the event in round 1
