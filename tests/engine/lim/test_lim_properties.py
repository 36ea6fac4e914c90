"""Random small events, individual and team: every Lim pairing is legal and the engine is deterministic."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import pair
from engine.lim import violations
from engine.lim.matching import maximum
from engine.result import PairingImpossible
from tests.engine.lim.helpers import fresh, play_round


def some_legal_pairing_exists(state) -> bool:
    """Brute force: no rematch, and an eligible bye if the number is odd."""
    players = [p.tpn for p in state.to_be_paired()]

    def ok(a, b):
        return not state.have_met(a, b)

    if len(players) % 2 == 0:
        return len(maximum(players, ok)) == len(players)
    for bye in players:
        if state.by_tpn[bye].had_bye_or_forfeit_win:
            continue
        rest = [t for t in players if t != bye]
        if len(maximum(rest, ok)) == len(rest):
            return True
    return False


def assert_legal(state, rp):
    to_pair = {p.tpn for p in state.to_be_paired()}
    seen = [t for p in rp.pairs for t in (p.white, p.black)] + ([rp.bye] if rp.bye is not None else [])
    assert sorted(seen) == sorted(to_pair), "everyone exactly once"
    assert (rp.bye is not None) == (len(to_pair) % 2 == 1), "a bye exactly when the number is odd"
    if rp.bye is not None:
        assert not state.by_tpn[rp.bye].had_bye_or_forfeit_win, "no second bye (Lim 8.2)"
    for p in rp.pairs:
        assert not state.have_met(p.white, p.black), "no rematch (Lim 9.1)"
    assert not [v for v in violations(state, rp) if v.absolute]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(5, 14),
    team=st.booleans(),
    rounds=st.integers(3, 7),
)
def test_lim_every_pairing_of_a_random_event_is_legal_and_deterministic(seed, n, team, rounds):
    rng = random.Random(seed)
    state = fresh(n, team=team, rounds=rounds)
    for _ in range(rounds):
        try:
            rp = pair(state)
        except PairingImpossible:
            assert not some_legal_pairing_exists(state)
            return
        assert_legal(state, rp)
        again = pair(state)
        assert again.same_pairing_as(rp)
        assert [(p.white, p.black) for p in again.pairs] == [(p.white, p.black) for p in rp.pairs]
        assert again.to_dict() == rp.to_dict()
        state = play_round(state, rng)


def test_lim_a_larger_event_pairs_every_round_legally():
    rng = random.Random(7)
    state = fresh(40, rounds=9)
    for _ in range(9):
        rp = pair(state)
        assert_legal(state, rp)
        assert violations(state, rp) == []
        state = play_round(state, rng)


def test_lim_the_explanation_cites_articles_for_every_decision():
    rng = random.Random(3)
    state = fresh(15, rounds=9)
    for _ in range(4):
        state = play_round(state, rng)
    rp = pair(state)
    arts = {s.article for s in rp.explanation}
    topics = {s.topic for s in rp.explanation}
    assert all(a.startswith("Lim ") for a in arts)
    assert {"Lim 7", "Lim 8.1", "Lim 9.2", "Lim 9.3(d)"} <= arts
    assert {"bye", "bracket", "floaters", "pairing", "colour"} <= topics
    colour_steps = [s for s in rp.explanation if s.topic == "colour"]
    assert len(colour_steps) == len(rp.pairs)
