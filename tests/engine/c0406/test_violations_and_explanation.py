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
    assert c8[0].message == "C8: 2 colour preference(s) not fulfilled, the engine's pairing has 0"


def test_c0406_violations_c4_more_upfloaters_than_the_engine():
    state = synthetic_state({1: 4, 2: 4, 3: 2, 4: 2})
    vs = violations(state, _rp([(1, 3), (2, 4)]))
    assert any(v.criterion == "C4" and "2 upfloater(s), the engine's pairing has 0" in v.message for v in vs)


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
