"""Services: results, pairings saved from the engine, participation, deletion."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from committee.models import Decision
from engine.result import Pair, RoundPairing
from tournaments.models import Match, RoundState, Tournament
from tournaments.services import (
    create_board_games,
    delete_tournament,
    mark_absent,
    recompute_match,
    record_board_results,
    record_match_forfeit,
    save_pairing,
    withdraw_team,
)


@pytest.fixture
def four(make_tournament, make_team):
    t = make_tournament()
    return t, [make_team(t, n, tpn=i) for i, n in enumerate(["A", "B", "C", "D", "E"], start=1)]


def test_olympiad_rule_19_board_colours_alternate_from_the_team_colour_on_board_1(four):
    t, (a, b, *_) = four
    m = Match.objects.create(round=t.rounds.get(number=1), table=1, white_team=a, black_team=b)
    games = create_board_games(m, list(a.players.all()[:4]), list(b.players.all()[:4]))
    assert [g.white.team_id for g in games] == [a.pk, b.pk, a.pk, b.pk]


def test_match_points_follow_the_game_points_of_the_boards(four):
    t, (a, b, *_) = four
    m = Match.objects.create(round=t.rounds.get(number=1), table=1, white_team=a, black_team=b)
    create_board_games(m, list(a.players.all()[:4]), list(b.players.all()[:4]))
    m = record_board_results(m, ["1-0", "1-0", "1/2-1/2", "0-1"])  # A: 1 + 0 + .5 + 1 = 2.5
    assert (m.white_game_points, m.black_game_points) == (Decimal("2.5"), Decimal("1.5"))
    assert (m.white_match_points, m.black_match_points) == (Decimal("2"), Decimal("0"))


def test_a_pending_board_leaves_the_match_without_a_result(four):
    t, (a, b, *_) = four
    m = Match.objects.create(round=t.rounds.get(number=1), table=1, white_team=a, black_team=b)
    create_board_games(m, list(a.players.all()[:4]), list(b.players.all()[:4]))
    m = record_board_results(m, ["1-0", "", "1/2-1/2", "0-1"])
    assert not m.has_result


def test_an_unknown_result_is_refused_and_nothing_is_saved(four):
    t, (a, b, *_) = four
    m = Match.objects.create(round=t.rounds.get(number=1), table=1, white_team=a, black_team=b)
    create_board_games(m, list(a.players.all()[:4]), list(b.players.all()[:4]))
    with pytest.raises(ValidationError, match="Unknown result"):
        record_board_results(m, ["1-0", "2-0", "1-0", "1-0"])
    assert not m.boards.exclude(result="").exists()


def test_a_double_forfeit_is_a_loss_for_both(four):
    t, (a, b, *_) = four
    m = Match.objects.create(round=t.rounds.get(number=1), table=1, white_team=a, black_team=b)
    m = record_match_forfeit(m, "double")
    assert (m.white_match_points, m.black_match_points, m.white_game_points) == (0, 0, 0)


def test_c0406_1_4_the_pab_scores_a_draw_by_default(four):
    t, (*_, e) = four
    m = recompute_match(
        Match.objects.create(round=t.rounds.get(number=1), table=3, white_team=e, is_bye=True)
    )
    assert (m.white_match_points, m.white_game_points) == (Decimal("1"), Decimal("2"))


def test_save_pairing_makes_matches_in_pair_order_with_the_bye_last(four):
    t, teams = four
    pairing = RoundPairing(round=1, pairs=[Pair(1, 3), Pair(4, 2)], bye=5)
    matches = save_pairing(t.rounds.get(number=1), pairing)
    assert [(m.table, m.white_team.tpn, m.black_team and m.black_team.tpn) for m in matches] == [
        (1, 1, 3),
        (2, 4, 2),
        (3, 5, None),
    ]
    assert matches[2].is_bye


def test_save_pairing_refuses_a_team_paired_twice_and_saves_nothing(four):
    t, _ = four
    with pytest.raises(ValidationError, match="TPN 1 is paired twice"):
        save_pairing(t.rounds.get(number=1), RoundPairing(round=1, pairs=[Pair(1, 2), Pair(3, 1)]))
    assert not Match.objects.exists()


def test_absence_and_withdrawal_are_refused_once_the_round_is_paired(four):
    t, (a, *_) = four
    t.rounds.filter(number=1).update(state=RoundState.APPROVED)
    with pytest.raises(ValidationError, match="already paired"):
        mark_absent(a, round_number=1)
    with pytest.raises(ValidationError, match="already paired"):
        withdraw_team(a, from_round=1)


def test_deleting_a_tournament_removes_everything_in_it_including_decisions(four, make_user):
    t, (a, b, *_) = four
    r1 = t.rounds.get(number=1)
    m = Match.objects.create(round=r1, table=1, white_team=a, black_team=b)
    create_board_games(m, list(a.players.all()[:4]), list(b.players.all()[:4]))
    Decision.objects.create(tournament=t, round=r1, author=make_user("chair"), text="noted")
    delete_tournament(t)
    assert not Tournament.objects.filter(pk=t.pk).exists()
    assert not Decision.objects.exists()


@pytest.mark.django_db
def test_every_model_change_has_its_migration():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
