"""engine.checker: re-pair each round of a history and report the differences (for the CLI and the web app)."""

from dataclasses import replace
from pathlib import Path

import pytest

from engine import checker, generator, trf
from engine.result import Pair, RoundPairing
from engine.state import Outcome

FILES = Path(__file__).parent / "files"


@pytest.fixture
def dubov_event():
    """A Dubov event of 9 players and 5 rounds, paired by the engine, with forfeits and absences."""
    config = generator.GeneratorConfig(participants=9, rounds=5, forfeit_rate=0.15, absence_rate=0.1)
    state, _ = generator.generate("dubov", config, seed=8)
    return state


def test_a_history_paired_by_the_engine_checks_the_same_round_by_round(dubov_event):
    checks = checker.check_history(dubov_event)
    assert [c.round for c in checks] == [1, 2, 3, 4, 5]
    assert all(c.same and c.differences == [] for c in checks)
    assert all(c.engine_pairing is not None and c.engine_pairing.round == c.round for c in checks)


def test_forfeited_matches_of_a_history_are_compared_by_pair_not_by_colour(dubov_event):
    forfeits = [r for p in dubov_event.participants for r in p.history if r.outcome is Outcome.FORFEIT_WIN]
    assert forfeits  # the history has forfeits, which carry no colour
    assert all(c.same for c in checker.check_history(dubov_event))
    # listed from the history alone, a forfeit's pair has no colours: lower TPN first
    listed = checker.pairings_from_history(dubov_event)
    forfeit = forfeits[0]
    lower, higher = sorted(
        (
            forfeit.opponent,
            next(p.tpn for p in dubov_event.participants if p.history[forfeit.round - 1] is forfeit),
        )
    )
    assert Pair(lower, higher) in listed[forfeit.round].pairs


def test_actual_pairings_with_colours_are_compared_colour_by_colour(dubov_event):
    actual = {c.round: c.engine_pairing for c in checker.check_history(dubov_event)}
    first = actual[3].pairs[0]
    actual[3] = replace(actual[3], pairs=[Pair(first.black, first.white), *actual[3].pairs[1:]])
    checks = checker.check_history(dubov_event, actual)
    assert [c.round for c in checks if not c.same] == [3]
    assert checks[2].differences == [f"{first.black}-{first.white}: the engine gives White to {first.white}"]


def test_a_pair_the_engine_would_not_make_is_reported_with_the_engines_pairs(dubov_event):
    engine3 = checker.check_history(dubov_event, rounds=[3])[0].engine_pairing
    a, b = engine3.pairs[0], engine3.pairs[1]
    swapped = replace(engine3, pairs=[Pair(a.white, b.black), Pair(b.white, a.black), *engine3.pairs[2:]])
    (check,) = checker.check_history(dubov_event, {3: swapped}, rounds=[3])
    assert f"{a.white}-{b.black} is not in the engine's pairing" in check.differences
    assert f"the engine pairs {a.white}-{a.black}" in check.differences


def test_only_the_rounds_asked_for_are_checked_and_unplayed_rounds_are_refused(dubov_event):
    assert [c.round for c in checker.check_history(dubov_event, rounds=[2, 4])] == [2, 4]
    with pytest.raises(ValueError, match="round 6 has not been played"):
        checker.check_history(dubov_event, rounds=[6])


def test_a_round_the_engine_cannot_pair_is_reported_not_raised(dubov_event):
    everyone = frozenset(
        frozenset((a.tpn, b.tpn))
        for a in dubov_event.participants
        for b in dubov_event.participants
        if a.tpn < b.tpn
    )
    (check,) = checker.check_history(
        dubov_event,
        rounds=[1],
        state_before=lambda r: replace(dubov_event.before_round(r), forbidden_pairs=everyone),
    )
    assert check.engine_pairing is None and not check.same
    assert check.differences[0].startswith("the engine finds no pairing: ")


def test_a_trf_document_is_checked_with_its_own_colours_and_forbidden_pairs():
    doc = trf.read((FILES / "dubov_individual.trf").read_text(), "dubov")
    checks = checker.check_document(doc)
    assert [c.same for c in checks] == [True, True, True]
    assert checks[0].actual == doc.pairings[1]


def test_the_report_text_lists_each_round_and_a_summary():
    checks = [
        checker.RoundCheck(1, RoundPairing(1, []), RoundPairing(1, []), []),
        checker.RoundCheck(2, RoundPairing(2, []), None, ["the engine finds no pairing: why"]),
    ]
    assert checker.report_text(checks) == (
        "round 1: same\nround 2: differs\n  the engine finds no pairing: why\n2 rounds checked, 1 differ\n"
    )
