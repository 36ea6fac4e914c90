"""Every engine output is plain JSON: a pairing with its explanation and "why" steps, and a checker's
report, in every system, as the site stores them (a Message left inside a step's data once failed the
committee's run of an Olympiad 2007 round: "Object of type Message is not JSON serializable")."""

from __future__ import annotations

import json
import random

import pytest

from engine import api, generator, trf
from engine.checker import check_document
from engine.result import PairingImpossible

CASES = [
    ("c0406", "2007"),
    ("olympiad", "1998"),
    ("olympiad", "2007"),
    ("olympiad", "2022"),
    ("dubov", "2007"),
    ("lim", "2007"),
]


def doc_state(doc, number: int):
    """The state before round ``number`` of a read TRF document."""
    return doc.state_before(number)


@pytest.mark.parametrize(("system", "version"), CASES, ids=[f"{s}-{v}" for s, v in CASES])
def test_every_round_s_pairing_explanation_and_check_report_dump_as_json(system, version):
    dumped = 0
    for seed in range(40, 52):
        rng = random.Random(seed)
        config = generator.GeneratorConfig(
            participants=rng.randint(7, 24),
            rounds=rng.randint(3, 7),
            boards=rng.randint(1, 4),
            forfeit_rate=0.05,
            absence_rate=0.05,
            forbidden_pairs=rng.randint(0, 2),
            version=version,
        )
        try:
            state, games = generator.generate(system, config, seed)
        except PairingImpossible:
            continue
        doc = trf.read(trf.write(state, games), system)
        for check in check_document(doc):
            # json.dumps raises TypeError on anything but JSON
            if check.engine_pairing is not None:
                json.dumps(check.engine_pairing.to_dict())
                json.dumps(api.check(doc_state(doc, check.round), check.actual).to_dict())
            json.dumps([v.to_dict() for v in check.violations])
            dumped += 1
    assert dumped >= 20
