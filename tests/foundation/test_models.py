"""The database keeps the domain's invariants."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tournaments.models import Match, Membership, Player, Team


def test_two_teams_cannot_share_a_tpn_in_one_tournament(make_tournament, make_team):
    t = make_tournament()
    make_team(t, "Alpha", tpn=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        make_team(t, "Beta", tpn=1)


def test_the_same_tpn_is_fine_in_another_tournament(make_tournament, make_team):
    make_team(make_tournament(), "Alpha", tpn=1)
    make_team(make_tournament(), "Alpha", tpn=1)
    assert Team.objects.filter(tpn=1).count() == 2


def test_many_teams_may_wait_for_their_tpn(make_tournament, make_team):
    t = make_tournament()
    make_team(t, "Alpha")
    make_team(t, "Beta")
    assert t.teams.filter(tpn__isnull=True).count() == 2


def test_two_players_cannot_share_a_board_order_in_a_team(make_tournament, make_team):
    team = make_team(make_tournament(), "Alpha", ratings=(2500,))
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(team=team, name="Second on board 1", board_order=1)


def test_two_matches_cannot_share_a_table_in_a_round(make_tournament, make_team):
    t = make_tournament()
    a, b, c, d = (make_team(t, n, tpn=i) for i, n in enumerate("ABCD", start=1))
    r1 = t.rounds.get(number=1)
    Match.objects.create(round=r1, table=1, white_team=a, black_team=b)
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.create(round=r1, table=1, white_team=c, black_team=d)


def test_a_team_plays_at_most_one_match_a_round(make_tournament, make_team):
    t = make_tournament()
    a, b, c = (make_team(t, n, tpn=i) for i, n in enumerate("ABC", start=1))
    r1 = t.rounds.get(number=1)
    Match.objects.create(round=r1, table=1, white_team=a, black_team=b)
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.create(round=r1, table=2, white_team=a, black_team=c)


def test_a_bye_has_no_opponent_and_a_match_has_one(make_tournament, make_team):
    t = make_tournament()
    a, b = make_team(t, "A", tpn=1), make_team(t, "B", tpn=2)
    r1 = t.rounds.get(number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.create(round=r1, table=1, white_team=a, black_team=b, is_bye=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.create(round=r1, table=1, white_team=a)


def test_a_captain_must_be_bound_to_a_team_and_others_must_not(make_tournament, make_team, make_user):
    t = make_tournament()
    team = make_team(t, "A")
    user = make_user("cap")
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(user=user, tournament=t, role="team_captain")
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(user=user, tournament=t, role="arbiter", team=team)
    Membership.objects.create(user=user, tournament=t, role="team_captain", team=team)


def test_an_olympiad_tournament_needs_a_version(make_tournament):
    t = make_tournament(pairing_system="olympiad")
    with pytest.raises(ValidationError, match="version"):
        t.full_clean()


def test_board_colour_sequence_alternates_from_white_by_default(make_tournament):
    assert make_tournament(boards=4).colour_sequence == "WBWB"
    assert make_tournament(boards=3, board_colour_sequence="wbw").colour_sequence == "WBW"


def test_a_board_colour_sequence_must_give_one_colour_per_board(make_tournament):
    t = make_tournament(boards=4, board_colour_sequence="WBW")
    with pytest.raises(ValidationError, match="one W or B per board"):
        t.full_clean()


def test_match_and_board_changes_are_kept_in_history(make_tournament, make_team):
    from tournaments.services import create_board_games, record_board_results

    t = make_tournament()
    a, b = make_team(t, "A", tpn=1), make_team(t, "B", tpn=2)
    m = Match.objects.create(round=t.rounds.get(number=1), table=1, white_team=a, black_team=b)
    create_board_games(m, list(a.players.all()[:4]), list(b.players.all()[:4]))
    record_board_results(m, ["1-0", "1/2-1/2", "0-1", "1-0"])
    record_board_results(m, ["1-0", "1/2-1/2", "1/2-1/2", "1-0"])
    board3 = m.boards.get(board=3)
    assert [h.result for h in board3.history.order_by("history_date")] == ["", "0-1", "1/2-1/2"]
    assert m.history.count() >= 2
