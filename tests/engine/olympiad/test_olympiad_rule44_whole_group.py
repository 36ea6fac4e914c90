"""Rule 44 before rule 25's order: a group is paired within itself, the team that came in included.

Rule 25 gives the dropped team the strongest team it has not played; rule 44 gives priority to
pairing all the teams of the group within it. When the first would leave two teams of the group
that have met, the dropped team takes the next opponent. Rules 39-43 ("has played all the other
teams in the same point group") are measured against the whole group, never against the teams left
once the dropped team has its opponent (issue 19, item 2; docs/interpretations/olympiad.md, rule 44).
"""

from pathlib import Path

import pytest

from engine import api, trf

from .builders import met, pairs_of, search, tv

CASE = Path(__file__).parent / "files" / "olympiad1998-rule44-r3.trf"


def case_pairing():
    """Round 3 of a 37-team event (1998): the 5.5-point group 3, 14, 15 (14 and 15 have met) with 6
    dropped from the 7-point group (copy of ``/work/shared/cases/olympiad1998-rule44-r3.trf``)."""
    state = trf.read(CASE.read_text()).state
    return state, api.pair(state)


def test_olympiad1998_rule44_pairs_whole_group_before_rule25_order():
    state, pairing = case_pairing()
    assert state.options.get("version") == "1998" and state.next_round == 3
    pairs = {frozenset((p.white, p.black)) for p in pairing.pairs}
    assert {frozenset((6, 14)), frozenset((3, 15))} <= pairs
    assert frozenset((6, 3)) not in pairs
    pairing_step = next(
        s for s in pairing.explanation if s.topic == "pairing" and 6 in sum(s.data["pairs"], [])
    )
    assert pairing_step.data["floaters"] == []  # nobody leaves the 5.5-point group
    assert (
        "Team 006 (6) x Team 014 (14) (Olympiad 1998 rule 25 with Olympiad 1998 rule 44"
        in pairing_step.message
    )
    assert "passed over Team 003 (3): no pairing of the rest of the group could then be completed; " in (
        pairing_step.message
    )
    assert "already played: Team 014 (14) - Team 015 (15)" in pairing_step.message


def test_olympiad1998_rule44_explanation_no_longer_says_14_played_its_whole_group():
    _, pairing = case_pairing()
    why = pairing.why()
    assert "has already played every other team" not in why[14].message
    assert why[14].data["opponent"] == 6
    assert "with which the rest of the group can still be paired (Olympiad 1998 rule 44): Team 014 (14)" in (
        why[14].message
    )
    assert "Team 006 (6) could not meet Team 003 (3)" in why[14].message
    # No step claims that 14 or 15 has played every other team of its group (neither has played 3).
    claims = [
        s.message
        for s in pairing.explanation
        if "has already played every other team of its group" in s.message
    ]
    assert not [m for m in claims if "Team 014 (14) has" in m or "Team 015 (15) has" in m]
    assert not any(
        "Team 014 (14) cannot be paired within the group" in s.message for s in pairing.explanation
    )


def dropped_team_and_a_pair_that_has_met(version: str):
    """The case's shape on a small field: 6 drops alone from the top group into {3, 14, 15}, where
    14 and 15 have met; the middle group {20-23} and the bottom group {30-33} below."""
    hi, mid, lo = (3, 2, 1) if version == "2007" else (7, 5.5, 5)
    teams = (
        [tv(6, hi)]
        + [tv(t, mid) for t in (3, 14, 15)]
        + [tv(t, lo) for t in (20, 21, 22, 23)]
        + [tv(t, 0) for t in (30, 31, 32, 33)]
    )
    return met(teams, (14, 15))


@pytest.mark.parametrize("version", ["1998", "2007"])
def test_olympiad_rule_44_dropped_team_takes_the_opponent_that_keeps_the_whole_group_paired_both_versions(
    version,
):
    # Rule 44 is not amended in 2007: both versions pair 6-14 and 3-15, nobody leaves the group.
    pairs, gs = search(dropped_team_and_a_pair_that_has_met(version), version=version)
    assert pairs >= pairs_of((6, 14), (3, 15))
    assert [s.data["tpn"] for s in gs.steps if s.topic == "floater"] == [6]
    assert not any("has already played every other team" in s.message for s in gs.steps)


@pytest.mark.parametrize("version", ["1998", "2007"])
def test_olympiad_rule_39_a_team_that_has_not_played_the_dropped_team_has_not_played_its_whole_group(version):
    # {A, B, T} with X dropped in: T has played A and B but not X. Rule 25 alone would give X - A
    # and leave B and T, who have met; rule 44 pairs X - T and A - B, and T is not sent away as
    # having played its whole group (rule 39/43): X is of its group and T has not played it.
    teams = [tv(1, 3, name="X"), tv(2, 2, name="A"), tv(3, 2, name="B"), tv(4, 2, name="T")]
    teams += [tv(t, 1) for t in (5, 6, 7, 8)] + [tv(t, 0) for t in (9, 10, 11, 12)]
    pairs, gs = search(met(teams, ("T", "A"), ("T", "B")), version=version)
    assert pairs >= pairs_of(("X", "T"), ("A", "B"))
    assert [s.data["tpn"] for s in gs.steps if s.topic == "floater"] == [1]


def test_olympiad_1998_rule_39_a_team_that_has_played_the_whole_group_and_the_dropped_team_still_leaves():
    # The rule itself is unchanged: T has played A, B and X, so it leaves (rule 43: not the strongest).
    teams = [tv(1, 3, name="X"), tv(2, 2, name="A"), tv(3, 2, name="B"), tv(4, 2, name="T")]
    teams += [tv(t, 1) for t in (5, 6, 7, 8)] + [tv(t, 0) for t in (9, 10, 11, 12)]
    pairs, gs = search(met(teams, ("T", "A"), ("T", "B"), ("T", "X")))
    assert pairs >= pairs_of(("X", "A"))
    leaving = [s for s in gs.steps if s.topic == "floater" and s.data["tpn"] == 4]
    assert leaving and leaving[0].data["rule"] == "43"
    assert (
        "T (4) has already played every other team of its group (A (2), B (3), X (1))" in leaving[0].message
    )


@pytest.mark.parametrize("version", ["1998", "2007"])
@pytest.mark.parametrize("n,seed", [(21, 1), (30, 2), (37, 5), (45, 3)])
def test_olympiad_rule_39_every_team_said_to_have_played_its_whole_group_has_played_it(version, n, seed):
    # Simulated events, Section I rounds: a team sent out of its group by rules 39-43 has played every
    # other team of the group it was paired in, the teams that came into it included.
    import random

    from engine.olympiad.options import parse_options
    from engine.olympiad.pairing import pair_with_search
    from engine.olympiad.simulate import simulate_round

    from .test_olympiad_simulated_events import field

    state = field(n, version, seed)
    rng = random.Random(seed)
    opts = parse_options(state.options)
    for _ in range(1, 5):
        if opts.uses_section_j(state.next_round):
            break
        pairing, gs = pair_with_search(state)
        for choice in gs.path() if gs is not None else ():
            if choice.candidate is None:
                continue
            whole = list(choice.group.teams) + [i.team for i in choice.incoming]
            for tpn, leave in choice.candidate.leaving.items():
                if str(leave.rule) in ("39", "40", "43") and any(t.tpn == tpn for t in choice.group.teams):
                    team = next(t for t in whole if t.tpn == tpn)
                    assert all(o.tpn in team.met for o in whole if o.tpn != tpn), leave.cause
        state = simulate_round(state, pairing, rng)
