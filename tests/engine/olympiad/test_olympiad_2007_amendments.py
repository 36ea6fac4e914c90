"""The 2007 amendments: match points, imaginary points, Section J from round 4."""

import random
from dataclasses import replace

from engine import api
from engine.olympiad.model import build_views
from engine.olympiad.options import parse_options
from engine.olympiad.simulate import simulate_round

from .builders import pairs_by_tpn, pairs_of, tournament


def test_olympiad_2007_amended_rule_25_top_half_counts_an_imaginary_match_point_in_round_1():
    pairing = api.pair(tournament(8, version="2007"))
    # Groups 1 MP (1-4) and 0 MP (5-8): each paired within itself by rule 36 / 38.
    assert pairs_by_tpn(pairing) == pairs_of((1, 3), (2, 4), (5, 7), (6, 8))
    text = pairing.explanation_text()
    assert "[Olympiad 2007 amended rule 25] round 1: the top half of the initial list (TPN 1-4)" in text


def test_olympiad_2007_amended_rule_25_imaginary_points_are_for_pairing_only_and_end_after_round_2():
    state = tournament(8, [[(1, 3, 2), (2, 4, 2), (5, 7, 2), (6, 8, 2)]], version="2007")
    views = build_views(state, parse_options(state.options))
    assert views[1].score == 2.0 and views[1].real_score == 1.0  # a drawn match + the imaginary point
    assert views[5].score == 1.0
    state3 = tournament(
        8,
        [[(1, 3, 2), (2, 4, 2), (5, 7, 2), (6, 8, 2)], [(1, 2, 2), (3, 4, 2), (5, 6, 2), (7, 8, 2)]],
        version="2007",
    )
    views3 = build_views(state3, parse_options(state3.options))
    assert views3[1].score == views3[1].real_score == 2.0


def test_olympiad_2007_option_can_switch_imaginary_points_off():
    pairing = api.pair(tournament(8, version="2007", options={"imaginary_points": False}))
    assert pairs_by_tpn(pairing) == pairs_of((1, 5), (2, 6), (3, 7), (4, 8))


def test_olympiad_2007_odd_number_of_teams_the_middle_team_is_in_neither_half():
    state = tournament(9, version="2007")
    views = build_views(state, parse_options(state.options))
    assert [t for t, v in sorted(views.items()) if v.imaginary] == [1, 2, 3, 4]
    assert api.pair(state).bye == 9


def test_olympiad_2007_amended_rule_1_pairs_on_match_points_not_game_points():
    # 1 beats 5 4-0, 2 beats 6 2.5-1.5: both 2 MP, and so one group despite 4 vs 2.5 GP.
    state = tournament(
        8,
        [[(1, 5, 4), (2, 6, 2.5), (3, 7, 2.5), (4, 8, 2.5)]],
        version="2007",
        options={"imaginary_points": False},
    )
    pairing = api.pair(state)
    assert pairs_by_tpn(pairing) >= pairs_of((1, 3), (2, 4))
    assert "[Olympiad 2007 amended rule 1] round 2: teams are paired on match points" in (
        pairing.explanation_text()
    )


def test_olympiad_2007_amendment_3_section_j_pairs_round_4():
    rounds = [
        [(1, 5, 3), (2, 6, 3), (3, 7, 1), (4, 8, 1)],
        [(1, 2, 2), (5, 6, 2), (3, 4, 2), (7, 8, 2)],
        [(1, 3, 2), (2, 4, 2), (5, 7, 2), (6, 8, 2)],
    ]
    pairing = api.pair(tournament(8, rounds, version="2007"))
    assert (
        "[Olympiad 2007 amendment 3 (Section J)] round 4 is paired by Section J" in pairing.explanation_text()
    )
    pairing = api.pair(tournament(8, rounds[:2], version="2007"))
    assert "round 3 is paired by Section I" in pairing.explanation_text()


def test_olympiad_2007_option_section_j_from_round_5_keeps_section_i_for_round_4():
    rounds = [
        [(1, 5, 3), (2, 6, 3), (3, 7, 1), (4, 8, 1)],
        [(1, 2, 2), (5, 6, 2), (3, 4, 2), (7, 8, 2)],
        [(1, 3, 2), (2, 4, 2), (5, 7, 2), (6, 8, 2)],
    ]
    pairing = api.pair(tournament(8, rounds, version="2007", options={"section_j_from_round": 5}))
    assert "round 4 is paired by Section I" in pairing.explanation_text()


def test_olympiad_2007_unamended_rules_are_cited_in_their_1998_wording():
    opts = parse_options({"version": "2007"})
    assert opts.cite(36) == "Olympiad 1998 rule 36"
    assert opts.cite(12) == "Olympiad 2007 amended rule 12"
    assert opts.cite(16) == "Olympiad 2007 amended rule 16"


def test_olympiad_2007_drop_of_the_weakest_team_is_cited_in_its_1998_wording():
    opts = parse_options({"version": "2007"})
    assert opts.cite(25) == "Olympiad 1998 rule 25"
    assert opts.cite(25, amended=True) == "Olympiad 2007 amended rule 25"
    # Round 2 of 2007 with an odd top group: the drop cites 1998 rule 25.
    state = tournament(
        10,
        [[(1, 6, 3), (2, 7, 3), (3, 8, 3), (4, 9, 2), (5, 10, 2)]],
        version="2007",
        options={"imaginary_points": False},
    )
    text = api.pair(state).explanation_text()
    assert "dropped (Olympiad 1998 rule 25)" in text
    assert "[Olympiad 1998 Section I] round 2 is paired by Section I" in text


def test_olympiad_2007_amended_rule_16_groups_and_median_are_by_match_points():
    # Round 1: 1 beats 5 4-0, 2 and 3 win 2.5-1.5, 4-8 drawn.
    rounds = [[(1, 5, 4), (2, 6, 2.5), (3, 7, 2.5), (4, 8, 2)]]
    pairing = api.pair(tournament(8, rounds, version="2007", options={"imaginary_points": False}))
    groups = [s for s in pairing.explanation if s.topic == "group" and "side" in s.data]
    assert [(g.data["score"], g.data["tpns"]) for g in groups] == [
        (2, [1, 2, 3]),
        (1, [4, 8]),
        (0, [5, 6, 7]),
    ]
    assert all(g.article == "Olympiad 2007 amended rule 16" for g in groups)
    (median,) = [s for s in pairing.explanation if s.topic == "median"]
    assert median.article == "Olympiad 2007 amended rule 16"
    facts = {k: v for k, v in median.data.items() if k != "message_data"}  # the step's words, as data
    assert facts == {"median": 4, "order": [2.0, 0.0, 1.0]}  # top, bottom, the 1 MP middle group last
    # 3 drops to the middle group and meets 4; 5 is elevated and meets 8; 1 x 2, 6 x 7.
    assert pairs_by_tpn(pairing) == pairs_of((1, 2), (3, 4), (5, 8), (6, 7))
    # The same results under the 1998 text (game points): five groups, another pairing.
    pairing = api.pair(tournament(8, rounds))
    (median,) = [s for s in pairing.explanation if s.topic == "median"]
    assert median.article == "Olympiad 1998 rule 16"
    assert median.data["order"] == [4.0, 2.5, 0.0, 1.5, 2.0]
    assert pairs_by_tpn(pairing) == pairs_of((1, 2), (3, 4), (5, 7), (6, 8))


def test_olympiad_2007_amended_rule_9_an_eleven_round_event_is_paired_to_its_end_rounds_4_to_11_by_section_j():
    state = replace(tournament(21, version="2007"), rounds_total=11)
    rng = random.Random(9)
    for rnd in range(1, 12):
        pairing = api.pair(state)
        assert len(pairing.pairs) == 10 and pairing.bye is not None
        section = next(s for s in pairing.explanation if s.topic == "section")
        if rnd >= 4:
            assert section.article == "Olympiad 2007 amendment 3 (Section J)"
        else:
            assert section.article == "Olympiad 1998 Section I"
        state = simulate_round(state, pairing, rng)
    assert state.rounds_played == 11
