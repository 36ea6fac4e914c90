"""D.02 Article 4 (the bye), Article 7 (board-1 colours), 6.1 (met), 11.1 (board order)."""

from __future__ import annotations

import pytest

from engine import systems
from engine.olympiad.d02.bye import BYE_GP, BYE_MP, choose_bye
from engine.olympiad.d02.colours import allocate, board_key
from engine.olympiad.d02.kept import Kept
from engine.olympiad.d02.model import build_teams
from engine.olympiad.d02.options import parse_d02
from engine.state import Colour, Outcome, Participant, RoundRecord, Scoring, TournamentState
from tests.engine.olympiad.builders import tournament
from tests.engine.olympiad.d02_cards import card

W, B = Colour.WHITE, Colour.BLACK


def _bye(cards, **options):
    team, steps, _ = choose_bye(cards, parse_d02(options), lambda tpns: True)
    return team.tpn if team else None, steps


def test_d02_4_1_bye_to_the_lowest_ranked_team():
    # 3.2: matchpoints, then pairing number: 4 has fewer matchpoints than 5.
    assert _bye([card(1, 2), card(2, 2), card(3, 2), card(4, 0), card(5, 2)])[0] == 4
    assert _bye([card(t, 0) for t in range(1, 6)])[0] == 5


def test_d02_4_2_1_no_second_bye():
    tpn, steps = _bye([card(1, 2), card(2, 2), card(3, 1), card(4, 1), card(5, 1, had_bye=True)])
    assert tpn == 4
    assert steps[0].article == "D.02 4.2.1"


def test_d02_4_2_2_no_bye_after_a_default_win():
    tpn, steps = _bye([card(1, 2), card(2, 2), card(3, 1), card(4, 1), card(5, 1, default_win=True)])
    assert tpn == 4
    assert steps[0].article == "D.02 4.2.2"


def test_d02_4_2_the_lowest_ranked_eligible_team_of_several_ineligible():
    cards = [card(t, 2) for t in range(1, 6)] + [card(6, 2, had_bye=True), card(7, 2, late_entry=True)]
    cards += [card(8, 4), card(9, 4)]
    assert _bye(cards)[0] == 5


def test_d02_4_2_3_late_entry_ineligible_by_default_eligible_as_option():
    cards = [card(1, 2), card(2, 2), card(3, 0, late_entry=True)]
    tpn, steps = _bye(cards)
    assert tpn == 2 and steps[0].article == "D.02 4.2.3"
    assert _bye(cards, late_entry_bye="eligible")[0] == 3


def test_d02_4_1_a_bye_that_would_leave_the_rest_unpairable_passes_up():
    # 1 and 2 have met: a bye for 3 would leave them to meet again, so 2 has the bye.
    cards = [card(1, 2, "", 2), card(2, 2, "", 1), card(3, 0)]
    kept = Kept({c.tpn: c.met for c in cards})
    team, steps, _ = choose_bye(cards, parse_d02({}), kept.pairable)
    assert team.tpn == 2
    assert "impossible to pair" in steps[0].message


def test_d02_4_bye_worth_one_matchpoint_and_two_game_points():
    from engine.olympiad.bye import bye_points
    from engine.olympiad.options import parse_options

    assert (BYE_MP, BYE_GP) == (1.0, 2.0)
    assert bye_points(parse_options({"version": "2022"}), 4) == (1.0, 2.0)


def _state(hist: dict[int, list[RoundRecord]], **options) -> TournamentState:
    return TournamentState(
        participants=tuple(Participant(tpn=t, name=f"T{t}", history=tuple(h)) for t, h in hist.items()),
        system="olympiad",
        rounds_total=11,
        scoring=Scoring(),
        options={"version": "2022", **options},
    )


def test_d02_6_1_a_match_with_no_board_played_is_no_meeting():
    hist = {
        1: [RoundRecord(1, Outcome.FORFEIT_WIN, 2, None, 2.0, 4.0)],
        2: [RoundRecord(1, Outcome.FORFEIT_LOSS, 1, None, 0.0, 0.0)],
        3: [RoundRecord(1, Outcome.PLAYED, 4, W, 1.0, 2.0)],
        4: [RoundRecord(1, Outcome.PLAYED, 3, B, 1.0, 2.0)],
    }
    cards = build_teams(_state(hist))
    assert cards[1].met == frozenset() and cards[3].met == {4}
    assert cards[1].default_win and cards[1].colours == ()
    # 1 and 2 may meet again: alone in the round, they are paired.
    two = _state({t: hist[t] for t in (1, 2)})
    assert [(p.white, p.black) for p in systems.get("olympiad").pair(two).pairs] in ([(1, 2)], [(2, 1)])
    # ... while 3 and 4 may not: with only them, no pairing exists.
    from engine.result import PairingImpossible

    with pytest.raises(PairingImpossible):
        systems.get("olympiad").pair(_state({t: hist[t] for t in (3, 4)}))


def test_d02_4_2_3_a_team_absent_from_round_1_is_a_late_entry():
    hist = {
        1: [RoundRecord(1, Outcome.PLAYED, 2, W, 2.0, 3.0)],
        2: [RoundRecord(1, Outcome.PLAYED, 1, B, 0.0, 1.0)],
        3: [RoundRecord(1, Outcome.PLAYED, 4, W, 2.0, 3.0)],
        4: [RoundRecord(1, Outcome.PLAYED, 3, B, 0.0, 1.0)],
        5: [RoundRecord(1, Outcome.ABSENT)],
    }
    cards = build_teams(_state(hist))
    assert cards[5].late_entry and not cards[4].late_entry
    assert systems.get("olympiad").pair(_state(hist)).bye == 4
    assert systems.get("olympiad").pair(_state(hist, late_entry_bye="eligible")).bye == 5


@pytest.mark.parametrize("requested", [Outcome.ZERO_POINT_BYE, Outcome.HALF_POINT_BYE])
def test_d02_4_2_3_a_bye_requested_for_round_1_is_no_late_entry(requested):
    # 1 beat 3 and 2 beat 4 by 3-1; 5 asked for a bye in round 1: it had joined, so it may have the bye.
    hist = {
        1: [RoundRecord(1, Outcome.PLAYED, 3, W, 2.0, 3.0)],
        2: [RoundRecord(1, Outcome.PLAYED, 4, W, 2.0, 3.0)],
        3: [RoundRecord(1, Outcome.PLAYED, 1, B, 0.0, 1.0)],
        4: [RoundRecord(1, Outcome.PLAYED, 2, B, 0.0, 1.0)],
        5: [RoundRecord(1, requested)],
    }
    assert not build_teams(_state(hist))[5].late_entry
    assert systems.get("olympiad").pair(_state(hist)).bye == 5


def test_d02_7_2_round_one_odd_teams_of_the_top_half_get_the_lots_colour():
    state = tournament(8, version="2022")
    pairing = systems.get("olympiad").pair(state)
    assert [(p.white, p.black) for p in pairing.pairs] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert {p.colour_article for p in pairing.pairs} == {"D.02 7.2"}


def _colours(higher, lower):
    white, black, article, _ = allocate(higher, lower, W)
    return f"{white.tpn}-{black.tpn}", article


def test_d02_7_3_a_colour_beyond_the_limits_is_avoided():
    # 2 had White twice running: White a third time would break 7.3, whatever else says.
    assert _colours(card(1, 2, "bw"), card(2, 2, "bww")) == ("1-2", "D.02 7.3")


def test_d02_7_5_1_equalisation_before_alternation():
    # 1 is at +1 and had Black last; equalisation gives it Black.
    assert _colours(card(1, 2, "ww-b"), card(2, 2, "bwbw")) == ("2-1", "D.02 7.5.1")


def test_d02_7_6_each_gets_the_colour_the_other_had_in_the_latest_round_they_differed():
    # Rounds 3 and 4 alike; in round 2 1 had Black and 2 White: 1 gets White.
    assert _colours(card(1, 4, "wbwb"), card(2, 4, "bwwb")) == ("1-2", "D.02 7.6")


def test_d02_7_6_the_higher_ranked_alternates_when_the_colours_never_differed():
    assert _colours(card(1, 4, "bw"), card(2, 4, "bw")) == ("2-1", "D.02 7.6")


def test_d02_7_6_only_the_lower_ranked_has_a_colour_it_alternates():
    # Equal colour differences, no round in which both had a colour: 2 had Black last, so White.
    assert _colours(card(1, 2, "--"), card(2, 2, "wb")) == ("2-1", "D.02 7.6")


@pytest.mark.parametrize("initial,expected", [(W, "3-5"), (B, "5-3")])
def test_d02_7_2_no_colours_the_lot_to_an_odd_higher_ranked_team(initial, expected):
    white, black, article, _ = allocate(card(3, 2, "-"), card(5, 2, "-"), initial)
    assert (f"{white.tpn}-{black.tpn}", article) == (expected, "D.02 7.2")
    white, black, _, _ = allocate(card(4, 2, "-"), card(5, 2, "-"), initial)
    assert white.tpn == (5 if initial is W else 4)


def test_d02_11_1_board_order():
    # 1-2 (4 and 4) before 3-4 (4 and 2): the sum; 7-8 before 5-6 (equal sums): 7's rating.
    matches = [
        (card(3, 4), card(4, 2)),
        (card(5, 2), card(6, 2)),
        (card(7, 2, rating=2700), card(8, 2)),
        (card(1, 4), card(2, 4)),
    ]
    matches.sort(key=lambda m: board_key(*m))
    assert [f"{a.tpn}-{b.tpn}" for a, b in matches] == ["1-2", "3-4", "7-8", "5-6"]


def test_d02_11_1_the_higher_ranked_teams_matchpoints_come_first():
    # 1 (6) - 9 (0): sum 6; 2 (4) - 3 (4): sum 8. The higher ranked team's 6 puts 1-9 first.
    matches = [(card(2, 4), card(3, 4)), (card(9, 0), card(1, 6))]
    matches.sort(key=lambda m: board_key(*m))
    assert [min(a.tpn, b.tpn) for a, b in matches] == [1, 2]


def test_d02_7_6_option_colour_history_rounds_or_played_matches():
    # 1 did not play rounds 5 and 6. By rounds: round 4 alike (B, B), round 3 differs (1 W, 2 B): 1 gets Black.
    # By played matches from the latest back: 1's last (B) and 2's last (W) differ: 1 gets White.
    higher, lower = card(1, 6, "wbwb--"), card(2, 6, "wwbbbw")
    white, _, article, _ = allocate(higher, lower, W)
    assert (white.tpn, article) == (2, "D.02 7.6")
    white, _, article, _ = allocate(higher, lower, W, by_rounds=False)
    assert (white.tpn, article) == (1, "D.02 7.6")
