"""C.04.6 3.3-3.4: the explanation's causes are written when the explanation is read.

Pairing a round keeps its decisions; the steps (3.4's filters, 3.5's causes,
each team's "why") are written on the first read of ``explanation``, so a
caller that only wants the pairs pays nothing for them, and a reader gets
the same steps as if they had been written at once.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

from engine import api
from engine.c0406 import pair
from engine.c0406.context import build_context
from engine.c0406.feasibility import certified, certified_without
from engine.result import OPTIONS_TOPIC, Pair, RoundPairing, Step

from .builders import random_state, step, synthetic_state


def test_c0406_3_4_1_certificate_without_each_team_agrees_with_the_set_built_without_it():
    """3.4.1 asks, for each candidate of the bye, whether the other teams have a legal
    pairing; the certificate for every candidate at once answers as the one per set."""
    rng = random.Random(7)
    seen = set()
    for _ in range(150):
        n = rng.choice([7, 9, 11, 13, 21])
        state = random_state(rng, n, rng.randint(1, n - 2), p_absent=0.0)
        ctx = build_context(state)
        for teams in (set(ctx.tpns), set(ctx.tpns[1:])):
            without = certified_without(ctx, teams)
            for t in teams:
                expected = certified(ctx, teams - {t})
                assert without(t) == expected, (n, sorted(teams), t)
                seen.add(expected)
    assert seen == {True, False}


def test_c0406_3_4_1_the_bye_step_read_after_pairing_names_the_team_it_removed():
    # 5 comes first for the bye (lowest score, largest TPN), but 4 may not meet 1, 2 or 3 (C1):
    # without 5 nobody could pair 4, so 3.4.1 removes 5 and 4 receives the bye.
    state = synthetic_state({1: 2, 2: 2, 3: 2, 4: 0, 5: 0}, forbid=[(4, 1), (4, 2), (4, 3)])
    rp = pair(state)
    assert rp.bye == 4
    bye = step(rp, "bye")
    assert bye.data["removed"]["3.4.1"] == [5]
    assert "3.4.1 removes 5 (no legal pairing for the others without it)" in bye.message


def test_c0406_pairing_alone_writes_no_step_until_the_explanation_is_read():
    state = random_state(random.Random(3), 40, 4)
    rp = api.pair(state)
    assert rp.__dict__["_explanation"] == []  # nothing written yet: the pairs alone were asked
    steps = rp.explanation
    assert steps[0].topic == OPTIONS_TOPIC
    assert {"round", "colour", "why"} <= {s.topic for s in steps}
    assert rp.explanation is steps and len(rp.explanation) == len(steps)  # written once


def test_c0406_explanation_read_later_describes_the_pairing_as_the_engine_made_it():
    state = random_state(random.Random(11), 21, 3)
    rp = api.pair(state)
    made = list(rp.pairs)
    rp.pairs = [Pair(made[0].black, made[0].white), *made[1:]]  # an amendment before anyone read
    colours = [(s.data["white"], s.data["black"]) for s in rp.explanation if s.topic == "colour"]
    assert colours == [(p.white, p.black) for p in made]


def test_c0406_explanation_survives_pickling_and_replace_before_it_is_read():
    state = random_state(random.Random(5), 30, 2)
    read = api.pair(state).to_dict()
    assert pickle.loads(pickle.dumps(api.pair(state))).to_dict() == read
    assert replace(api.pair(state), system="c0406").to_dict() == read
    assert api.pair(state) == api.pair(state)


def test_round_pairing_steps_left_for_later_come_in_the_order_they_were_left():
    rp = RoundPairing(1, [])
    rp.explain("A 1", "first", "written at once")
    rp.explain_later(lambda: rp.explain("A 2", "second", "left for later"))
    rp.explain_later(lambda: rp.explanation.insert(0, Step("A 0", "zeroth", "put first")))
    rp.explain("A 3", "third", "written after both were left")
    assert [s.topic for s in rp.explanation] == ["zeroth", "first", "second", "third"]
