"""``violations`` (the checker's report on an amended pairing) and the explanation trace."""

from __future__ import annotations

import pytest

from engine import api
from engine.c0406 import pair, violations
from engine.result import Pair, RoundPairing

from .builders import synthetic_state


def _rp(pairs, bye=None, rnd=2):
    return RoundPairing(round=rnd, pairs=[Pair(w, b) for w, b in pairs], bye=bye)


def _criteria(vs):
    return {v.criterion for v in vs}


def test_c0406_violations_the_engine_pairing_breaks_nothing():
    state = synthetic_state({1: 2, 2: 2, 3: 0, 4: 0}, colours={1: "B", 2: "W", 3: "W", 4: "B"})
    assert violations(state, pair(state)) == []


def test_c0406_violations_c1_a_rematch_is_an_absolute_violation():
    state = synthetic_state({1: 0, 2: 0, 3: 0, 4: 0}, forbid=[(1, 2)])
    vs = violations(state, _rp([(1, 2), (3, 4)]))
    assert [v.criterion for v in vs if v.absolute] == ["C1"]
    assert vs[0].tpns == (1, 2)


def test_c0406_violations_c2_a_bye_to_a_team_that_won_by_forfeit():
    state = synthetic_state({1: 2, 2: 2, 3: 2}, barred=(3,))
    vs = violations(state, _rp([(1, 2)], bye=3))
    assert "C2" in _criteria(v for v in vs if v.absolute)


def test_c0406_violations_unpaired_doubly_paired_and_a_bye_when_the_count_is_even():
    state = synthetic_state({1: 0, 2: 0, 3: 0, 4: 0})
    vs = violations(state, _rp([(1, 2), (2, 3)], bye=4))
    messages = " | ".join(v.message for v in vs)
    assert "team 2 is paired more than once" in messages
    assert "has a bye but the number of teams is even" in messages
    vs = violations(state, _rp([(1, 2)]))
    assert any("not paired: 3, 4" in v.message for v in vs)


def test_c0406_violations_a_team_not_to_be_paired_is_reported():
    state = synthetic_state({1: 0, 2: 0, 3: 0, 4: 0}, unavailable=(4,))
    vs = violations(state, _rp([(1, 2), (3, 4)]))
    assert any("team 4 is not to be paired" in v.message for v in vs)


def test_c0406_violations_c8_quality_departure_is_compared_with_the_engine():
    state = synthetic_state({1: 0, 2: 0, 3: 0, 4: 0}, colours={1: "BB", 2: "WW", 3: "BB", 4: "WW"})
    vs = violations(state, _rp([(1, 3), (2, 4)]))
    c8 = [v for v in vs if v.criterion == "C8"]
    assert len(c8) == 1 and not c8[0].absolute
    assert c8[0].message == (
        "C8: 2 colour preference(s) not fulfilled in bracket 1 (scoregroup 0), the engine's pairing has 0"
    )
    assert vs[0] is c8[0], "the reason comes first"


def test_c0406_violations_c4_more_upfloaters_than_the_engine():
    state = synthetic_state({1: 4, 2: 4, 3: 2, 4: 2})
    vs = violations(state, _rp([(1, 3), (2, 4)]))
    assert vs[0].criterion == "C4"
    assert vs[0].message == "C4: 2 upfloater(s) in bracket 1 (scoregroup 4), the engine's pairing has 0"


def test_c0406_violations_c5_a_lower_scored_upfloater_than_the_engines():
    state = synthetic_state({4: 4, 3: 3, 1: 2, 2: 2})
    vs = violations(state, _rp([(4, 1), (3, 2)]))
    assert vs[0].criterion == "C5"
    assert vs[0].message == "C5: upfloaters' scores 2 in bracket 1 (scoregroup 4), the engine's pairing has 3"


def test_c0406_violations_c6_names_the_following_scoregroups_need_with_both_sets():
    scores = {1: 5, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 0, 8: 0, 9: 0, 10: 0}
    state = synthetic_state(scores, forbid=[(4, 2), (4, 3), (4, 5), (4, 6)])
    vs = violations(state, _rp([(1, 2), (3, 5), (4, 7), (6, 8), (9, 10)]))
    assert vs[0].criterion == "C6"
    assert vs[0].message == (
        "C6: with upfloaters {2} in bracket 1 (scoregroup 5) the following scoregroup needs 2 upfloater(s) "
        "(its parity minimum is 0); with the engine's {4} it needs 0"
    )


def test_c0406_violations_c7_an_upfloater_that_floated_in_the_previous_round():
    state = synthetic_state({1: 4, 2: 2, 3: 2, 4: 2, 9: 0, 10: 0}, floated=[(2, 9)], rounds_total=9)
    engine = pair(state)
    assert (1, 3) in {(min(p.white, p.black), max(p.white, p.black)) for p in engine.pairs}
    vs = violations(state, _rp([(1, 2), (3, 4), (9, 10)], rnd=3))
    assert vs[0].criterion == "C7"
    assert "C7: 1 upfloater(s) in bracket 1 (scoregroup 4) floated in the previous round" in vs[0].message


def test_c0406_violations_3_5_4_when_c4_to_c7_tie_the_set_order_names_both_sets():
    state = synthetic_state({1: 4, 2: 2, 3: 2, 4: 0})
    vs = violations(state, _rp([(1, 3), (2, 4)]))
    assert vs[0].criterion == "3.5.4"
    assert vs[0].message == (
        "3.5.4: in bracket 1 (scoregroup 4) the engine's set of upfloaters {2} comes before {3} (C4 to C7 equal)"
    )


def test_c0406_violations_3_6_3_when_c8_to_c10_tie_the_identifiers_are_both_named():
    state = synthetic_state({1: 0, 2: 0, 3: 0, 4: 0})
    vs = violations(state, _rp([(1, 4), (2, 3)]))
    assert vs[0].criterion == "3.6.3"
    assert vs[0].message == (
        "3.6.3: in bracket 1 (scoregroup 0) the engine's pairing 1-3  2-4 (identifier 1 2 3 4) comes before "
        "1-4  2-3 (identifier 1 2 4 3); C8 to C10 equal"
    )


def test_c0406_violations_c10_an_upfloater_facing_a_previous_floater():
    from .builders import Rnd, make_state

    rounds = [
        Rnd([(1, 4, "="), (5, 2, "="), (3, 6, "1-0")]),
        Rnd([(1, 3, "+-"), (2, 6, "+-"), (4, 5, "1-0")]),
    ]
    state = make_state(6, rounds, rounds_total=9, options={"float_forfeit": True})
    vs = violations(state, _rp([(3, 1), (2, 4), (6, 5)], rnd=3))
    assert vs[0].criterion == "C10"
    assert vs[0].message.startswith("C10: 1 upfloaters' opponent(s) that floated in the previous round")


@pytest.mark.parametrize(
    ("given", "engine", "criterion", "text"),
    [
        (1, 3, "3.4.2", "3.4.2: the pairing-allocated bye goes to the lowest score: 3 has 0, 1 has 4"),
    ],
)
def test_c0406_violations_3_4_a_bye_to_another_team_names_the_deciding_step(given, engine, criterion, text):
    state = synthetic_state({1: 4, 2: 4, 3: 0})
    assert pair(state).bye == engine
    vs = violations(state, _rp([(2, 3 if given == 1 else 1)], bye=given))
    assert (vs[0].criterion, vs[0].message) == (criterion, text)


def test_c0406_violations_3_4_4_and_3_4_3_for_the_bye():
    state = synthetic_state(
        {1: 4, 2: 4, 3: 2, 4: 2, 5: 2}, colours={1: "WB", 2: "BW", 3: "WB", 4: "BW", 5: "W-"}
    )
    vs = violations(state, _rp([(1, 2), (4, 5)], bye=3))
    assert vs[0].message == "3.4.4: the pairing-allocated bye goes to the largest TPN: 4, not 3"
    vs = violations(state, _rp([(1, 2), (3, 4)], bye=5))
    assert vs[0].message == (
        "3.4.3: the pairing-allocated bye goes to the team that has played the most matches: 4 has played 2, 5 1"
    )


def test_c0406_violations_always_give_a_reason_when_a_legal_pairing_differs_from_the_engines():
    """On random events, every other legal pairing of the round (colours as 4.3 gives them)
    gets one reason first: a quality criterion or an order, never a shrug."""
    import random

    from engine.c0406.context import build_context
    from engine.c0406.pairing import colour_pair
    from engine.result import PairingImpossible

    from .builders import random_state

    known = {"3.4.2", "3.4.3", "3.4.4", "C4", "C5", "C6", "C7", "3.5.4", "C8", "C9", "C10", "3.6.3"}
    seen = set()
    for seed in range(150):
        rng = random.Random(seed)
        state = random_state(rng, rng.randint(5, 10), rng.randint(1, 5))
        try:
            engine = pair(state)
        except PairingImpossible:
            continue
        ctx = build_context(state)
        teams = list(ctx.tpns)
        for _ in range(6):
            rng.shuffle(teams)
            bye = None
            rest = teams[:]
            if len(rest) % 2:
                allowed = [t for t in rest if t not in ctx.bye_barred]
                if not allowed:
                    break
                bye = rng.choice(allowed)
                rest.remove(bye)
            pairs = []
            while rest:
                a = rest.pop()
                partners = [b for b in rest if ctx.compatible(a, b)]
                if not partners:
                    break
                b = rng.choice(partners)
                rest.remove(b)
                pairs.append(colour_pair(ctx, a, b))
            if rest:
                continue
            given = RoundPairing(round=state.next_round, pairs=pairs, bye=bye)
            if given.same_pairing_as(engine):
                continue
            vs = violations(state, given)
            assert vs and not vs[0].absolute, f"seed {seed}"
            assert vs[0].criterion in known, f"seed {seed}: {vs[0]}"
            assert "please report" not in vs[0].message, f"seed {seed}: {vs[0].message}"
            seen.add(vs[0].criterion)
    assert {"C4", "C5", "3.5.4", "3.6.3"} <= seen


def test_c0406_violations_colours_that_4_3_would_give_the_other_way():
    state = synthetic_state({1: 0, 2: 0}, colours={1: "WW", 2: "BB"})
    vs = violations(state, _rp([(1, 2)]))
    assert any(v.criterion == "4.3.3" and "gives White to 2" in v.message for v in vs)


def test_c0406_api_check_reports_violations_and_differences():
    state = synthetic_state({1: 0, 2: 0, 3: 0, 4: 0}, forbid=[(1, 2)])
    report = api.check(state, _rp([(1, 2), (3, 4)]))
    assert report.has_absolute_violation
    assert report.engine_pairing is not None and not report.matches_engine


def test_c0406_explanation_cites_bye_brackets_upfloaters_criteria_and_colour_articles():
    state = synthetic_state(
        {1: 4, 2: 4, 3: 4, 4: 2, 5: 2, 6: 0, 7: 0}, colours={t: "WB" for t in range(1, 8)}
    )
    rp = pair(state)
    articles = [s.article for s in rp.explanation]
    assert "C.04.6 3.4" in articles
    assert "C.04.6 3.5.5" in articles
    assert "C.04.6 3.6.4" in articles
    assert all(p.colour_article.startswith("C.04.6 4.3.") for p in rp.pairs)
    text = rp.explanation_text()
    assert "receives the pairing-allocated bye" in text
    assert "takes upfloaters 4 (2)" in text
    assert "C8 0 colour preference(s) not fulfilled" in text


def test_c0406_options_with_an_unknown_value_are_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="option c6='sometimes'"):
        pair(synthetic_state({1: 0, 2: 0}, options={"c6": "sometimes"}))
