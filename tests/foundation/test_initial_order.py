"""Initial order (TPNs): Olympiad 1998 rules 7-8 and C.04.6 1.1.2."""

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import RoundState
from tournaments.services import assign_initial_order, draw_initial_colour, set_tpn_order
from tournaments.services.initial_order import RankingEntry, initial_order


def entry(key, ratings, name=None, manual=None):
    return RankingEntry(key, name or f"team {key}", tuple(ratings), manual)


def test_olympiad_1998_rule_7_teams_ranked_by_average_of_four_highest_ratings():
    entries = [
        entry(1, [2500, 2500, 2500, 2500, 2700]),  # four highest average 2550
        entry(2, [2600, 2600, 2600, 2600, 1000]),  # 2600
        entry(3, [2400, 2400, 2400, 2400, 2400]),
    ]
    assert initial_order(entries, boards=4) == [2, 1, 3]


def test_olympiad_1998_rule_7_unrated_players_count_as_2000_by_default_and_as_configured():
    entries = [entry(1, [2100, 2100, 2100, None]), entry(2, [2100, 2100, 2100, 1900])]
    assert initial_order(entries, boards=4) == [1, 2]
    assert initial_order(entries, boards=4, unrated=1800) == [2, 1]


def test_olympiad_1998_rule_7_womens_teams_use_three_highest():
    entries = [entry(1, [2400, 2400, 2400, 2300]), entry(2, [2450, 2450, 2400, 1000])]
    assert initial_order(entries, boards=3) == [2, 1]
    assert initial_order(entries, boards=4) == [1, 2]


def test_olympiad_1998_rule_8_ties_broken_by_fifth_then_sixth_player():
    entries = [
        entry(1, [2500] * 4 + [2300, 2100]),
        entry(2, [2500] * 4 + [2300, 2200]),
        entry(3, [2500] * 4 + [2400]),
    ]
    assert initial_order(entries, boards=4) == [3, 2, 1]


def test_olympiad_1998_rule_8_then_the_committees_order_then_alphabetically():
    entries = [
        entry(1, [2500] * 5, name="Zeta"),
        entry(2, [2500] * 5, name="Alpha"),
        entry(3, [2500] * 5, name="Mu", manual=2),
        entry(4, [2500] * 5, name="Omega", manual=1),
    ]
    assert initial_order(entries, boards=4) == [4, 3, 2, 1]


def test_assign_initial_order_sets_strength_and_tpns_in_the_database(make_tournament, make_team):
    t = make_tournament()
    weak = make_team(t, "Weak", ratings=(2000, 2000, 2000, 2000, 2000))
    strong = make_team(t, "Strong", ratings=(2700, 2600, 2500, 2400, 2300))
    assign_initial_order(t)
    weak.refresh_from_db()
    strong.refresh_from_db()
    assert (strong.tpn, weak.tpn) == (1, 2)
    assert strong.strength == 2550


def test_c0406_1_1_2_committee_reorders_tpns_and_the_change_is_recorded(
    make_tournament, make_team, make_user
):
    t = make_tournament()
    a, b, c = (make_team(t, n) for n in "ABC")
    assign_initial_order(t)
    chair = make_user("chair")
    set_tpn_order(t, [c.pk, a.pk, b.pk], by=chair)
    c.refresh_from_db()
    assert c.tpn == 1
    assert c.history.latest().history_user == chair
    assert c.history.count() >= 2


def test_c0406_1_1_2_a_new_order_must_list_every_team_once(make_tournament, make_team):
    t = make_tournament()
    a, b = make_team(t, "A"), make_team(t, "B")
    with pytest.raises(ValidationError, match="missing team ids"):
        set_tpn_order(t, [a.pk])
    with pytest.raises(ValidationError, match="listed twice"):
        set_tpn_order(t, [a.pk, a.pk, b.pk])


@pytest.mark.parametrize(
    "state", [RoundState.PAIRING_REQUESTED, RoundState.UNDER_REVIEW, RoundState.PUBLISHED]
)
def test_c0406_1_1_2_tpns_cannot_change_once_round_1_is_being_paired(make_tournament, make_team, state):
    t = make_tournament()
    a, b = make_team(t, "A", tpn=1), make_team(t, "B", tpn=2)
    t.rounds.filter(number=1).update(state=state)
    with pytest.raises(ValidationError, match="pairing of round 1 has been requested"):
        set_tpn_order(t, [b.pk, a.pk])
    with pytest.raises(ValidationError, match="pairing of round 1 has been requested"):
        assign_initial_order(t)
    a.refresh_from_db()
    assert a.tpn == 1


def test_c0406_4_1_the_initial_colour_is_drawn_once_and_recorded(make_tournament):
    t = make_tournament()
    t = draw_initial_colour(t)
    assert t.initial_colour in ("w", "b")
    assert t.initial_colour_drawn_at is not None
    with pytest.raises(ValidationError, match="already drawn"):
        draw_initial_colour(t)


def test_olympiad_2007_rule_8_one_tie_break_rating_then_the_previous_olympiad(make_tournament, make_team):
    t = make_tournament(pairing_system="olympiad", olympiad_version="2007")
    # Same average and same 5th player; the 6th differs but 2007 does not look at it.
    a = make_team(t, "Aland", ratings=(2500, 2500, 2500, 2500, 2400, 2000), manual_order=2)
    b = make_team(t, "Bland", ratings=(2500, 2500, 2500, 2500, 2400, 2300), manual_order=1)
    assign_initial_order(t)
    a.refresh_from_db()
    b.refresh_from_db()
    assert (b.tpn, a.tpn) == (1, 2)


def test_olympiad_1998_rule_8_the_sixth_player_breaks_a_tie_before_the_previous_olympiad(
    make_tournament, make_team
):
    t = make_tournament(pairing_system="olympiad", olympiad_version="1998")
    a = make_team(t, "Aland", ratings=(2500, 2500, 2500, 2500, 2400, 2300), manual_order=2)
    b = make_team(t, "Bland", ratings=(2500, 2500, 2500, 2500, 2400, 2000), manual_order=1)
    assign_initial_order(t)
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.tpn, b.tpn) == (1, 2)


def test_a_team_too_small_for_the_average_is_refused_with_its_name(make_tournament, make_team):
    t = make_tournament(pairing_system="olympiad", olympiad_version="2007")
    make_team(t, "Full", ratings=(2500, 2500, 2500, 2500))
    make_team(t, "Short", ratings=(2500, 2500))
    with pytest.raises(ValidationError, match="Short"):
        assign_initial_order(t)
    assert not t.teams.filter(tpn__isnull=False).exists()
