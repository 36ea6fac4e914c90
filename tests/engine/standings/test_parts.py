"""Each tie-break value is the sum of the parts the team's tie-break page shows (issue 18 item 6)."""

import pytest

from engine.generator import GeneratorConfig, generate
from engine.standings import get
from engine.standings.parts import parts

from .test_tiebreaks import round_robin_state

SINGLE = ["MP", "GP", "WON", "BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "BH/GP", "SB", "ESB", "DE"]


@pytest.fixture(scope="module")
def events():
    """Generated team events with byes, absences and forfeits: C.04.6 and both Olympiad versions."""
    config = GeneratorConfig(participants=9, rounds=7, absence_rate=0.1, forfeit_rate=0.05)
    out = {"c0406": generate("c0406", config, seed=18)[0]}
    for version in ("1998", "2007"):
        out[version] = generate(
            "olympiad", GeneratorConfig(**{**config.__dict__, "version": version}), seed=6
        )[0]
    return out


def _group(state, tpn):
    own = state.score(tpn)
    return frozenset(t for t in state.by_tpn if state.score(t) == own)


@pytest.mark.parametrize("name", [*SINGLE, "olympiad1998", "olympiad2007", "olympiad2026"])
def test_the_counted_parts_sum_to_the_value_of_every_column_for_every_team(events, name):
    for state in events.values():
        for tpn in state.by_tpn:
            group = _group(state, tpn)
            values = get(name).compute(state, group)[tpn]
            columns = parts(state, name, tpn, group)
            assert [c.value for c in columns] == list(values)
            for c in columns:
                assert c.total == pytest.approx(c.value), (name, tpn, c.column, c.parts)


def test_sonneborn_berger_parts_are_the_opponent_s_score_times_the_score_made_against_it():
    (sb,) = parts(round_robin_state(), "SB", 1)
    assert [(p.round, p.how, p.value) for p in sb.parts] == [
        (1, "3 × 2", 6.0),
        (2, "4 × 0", 0.0),
        (3, "1 × 2", 2.0),
    ]
    assert sb.value == sb.total == 8


def test_a_cut_opponent_is_shown_but_not_counted():
    (bh,) = parts(round_robin_state(), "BH-C1", 1)
    assert [(p.opponent, p.value, p.counted) for p in bh.parts] == [(2, 3, True), (3, 4, True), (4, 1, False)]
    assert bh.total == bh.value == 7
