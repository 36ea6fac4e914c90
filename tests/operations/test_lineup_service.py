"""Captains' lineups in the database (Olympiad rule 61)."""

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from operations.models import LineupSubmission
from operations.services.lineups import (
    LineupRefused,
    apply_default_lineups,
    close_lineups,
    current_lineup,
    issue_captain_link,
    submit_lineup,
)
from tests.operations.conftest import player_ids, set_state
from tournaments.models import RoundState


def test_olympiad_rule_61_a_captain_submits_a_legal_lineup_inside_the_window(event):
    alpha = event.teams[0]
    ids = player_ids(alpha, [1, 2, 3, 5])
    sub = submit_lineup(alpha, event.round, ids, by=event.captains[0])
    assert sub.status == LineupSubmission.Status.ACCEPTED and not sub.late
    assert current_lineup(alpha, event.round) == ids


def test_a_captain_may_resubmit_and_every_submission_is_kept(event):
    alpha = event.teams[0]
    submit_lineup(alpha, event.round, player_ids(alpha, [1, 2, 3, 4]), by=event.captains[0])
    submit_lineup(alpha, event.round, player_ids(alpha, [1, 2, 3, 5]), by=event.captains[0])
    assert current_lineup(alpha, event.round) == player_ids(alpha, [1, 2, 3, 5])
    assert LineupSubmission.objects.filter(team=alpha).count() == 2


def test_olympiad_rule_61_an_illegal_lineup_is_refused_with_the_reason_and_the_refusal_kept(event):
    alpha = event.teams[0]
    with pytest.raises(LineupRefused, match="board order is fixed"):
        submit_lineup(alpha, event.round, player_ids(alpha, [2, 1, 3, 4]), by=event.captains[0])
    assert current_lineup(alpha, event.round) is None
    refused = LineupSubmission.objects.get(team=alpha)
    assert refused.status == LineupSubmission.Status.REFUSED and "board order" in refused.reason


def test_a_captain_cannot_submit_another_teams_lineup(event):
    with pytest.raises(PermissionDenied):
        submit_lineup(
            event.teams[1], event.round, player_ids(event.teams[1], [1, 2, 3, 4]), by=event.captains[0]
        )


def test_a_player_of_another_team_is_refused(event):
    alpha, bravo = event.teams[:2]
    with pytest.raises(LineupRefused, match="not on the team's roster"):
        submit_lineup(
            alpha, event.round, [*player_ids(alpha, [1, 2, 3]), *player_ids(bravo, [4])], by=event.captains[0]
        )


def test_olympiad_rule_61_a_late_lineup_is_refused(event):
    alpha = event.teams[0]
    late = timezone.now() + dt.timedelta(hours=2)
    with pytest.raises(LineupRefused, match="closed at .* needs an arbiter's override"):
        submit_lineup(alpha, event.round, player_ids(alpha, [1, 2, 3, 4]), by=event.captains[0], now=late)
    assert LineupSubmission.objects.get(team=alpha).late


def test_an_arbiter_overrides_a_late_lineup_and_the_override_is_recorded(event):
    alpha = event.teams[0]
    late = timezone.now() + dt.timedelta(hours=2)
    sub = submit_lineup(
        alpha,
        event.round,
        player_ids(alpha, [1, 2, 3, 5]),
        by=event.arbiter,
        now=late,
        override_reason="captain's phone died",
    )
    assert sub.late and sub.override_by == event.arbiter and sub.override_reason == "captain's phone died"
    assert current_lineup(alpha, event.round) == player_ids(alpha, [1, 2, 3, 5])


def test_a_captain_cannot_grant_himself_an_override(event):
    with pytest.raises(PermissionDenied):
        submit_lineup(event.teams[0], event.round, [], by=event.captains[0], override_reason="please")


def test_lineups_are_refused_before_the_pairing_is_published(event):
    set_state(event.round, RoundState.APPROVED)
    with pytest.raises(LineupRefused, match="not open yet"):
        submit_lineup(
            event.teams[0], event.round, player_ids(event.teams[0], [1, 2, 3, 4]), by=event.captains[0]
        )


def test_a_one_time_captain_link_works_once(event):
    alpha = event.teams[0]
    link = issue_captain_link(alpha, event.round, by=event.committee)
    submit_lineup(alpha, event.round, player_ids(alpha, [1, 2, 3, 4]), link=link)
    with pytest.raises(PermissionDenied, match="already been used"):
        submit_lineup(alpha, event.round, player_ids(alpha, [1, 2, 3, 5]), link=link)


def test_a_captain_link_for_another_team_is_refused(event):
    link = issue_captain_link(event.teams[0], event.round, by=event.committee)
    with pytest.raises(PermissionDenied, match="another team"):
        submit_lineup(event.teams[1], event.round, [], link=link)


def test_a_captain_cannot_issue_links(event):
    with pytest.raises(PermissionDenied):
        issue_captain_link(event.teams[0], event.round, by=event.captains[0])


def test_default_lineup_is_the_top_boards_in_the_first_round(event):
    apply_default_lineups(event.round)
    bravo = event.teams[1]
    assert current_lineup(bravo, event.round) == player_ids(bravo, [1, 2, 3, 4])


def test_closing_the_window_applies_defaults_and_moves_the_round(event):
    alpha = event.teams[0]
    submit_lineup(alpha, event.round, player_ids(alpha, [2, 3, 4, 5]), by=event.captains[0])
    r = close_lineups(event.round, by=event.arbiter)
    assert r.state == RoundState.LINEUPS_CLOSED
    assert current_lineup(alpha, event.round) == player_ids(alpha, [2, 3, 4, 5])
    assert LineupSubmission.objects.filter(status="default").count() == 3


def test_a_captain_cannot_close_the_window(event):
    with pytest.raises(PermissionDenied):
        close_lineups(event.round, by=event.captains[0])


def test_default_lineup_is_the_previous_rounds_in_later_rounds(posted, make_user):
    from tournaments.models import Match

    alpha = posted.teams[0]
    r2 = posted.tournament.rounds.get(number=2)
    Match.objects.create(round=r2, table=1, white_team=alpha, black_team=posted.teams[2])
    set_state(r2, RoundState.PUBLISHED)
    # Round 1's default was the top boards; change Alpha's R1 lineup to check R2 copies it.
    from tournaments.models import Lineup

    lu = Lineup.objects.get(team=alpha, round=posted.round)
    p5 = alpha.players.get(board_order=5)
    e = lu.entries.get(board=4)
    e.player = p5
    e.save()
    apply_default_lineups(r2)
    assert current_lineup(alpha, r2) == player_ids(alpha, [1, 2, 3, 5])


def test_a_lineup_for_an_unpaired_team_is_refused(event, make_team):
    extra = make_team(event.tournament, "Echo", tpn=5)
    with pytest.raises(LineupRefused, match="not paired"):
        submit_lineup(extra, event.round, [], by=event.arbiter)


def test_a_non_numeric_player_is_refused_cleanly(event):
    with pytest.raises(ValidationError, match="not a player id"):
        submit_lineup(event.teams[0], event.round, ["abc"], by=event.captains[0])


def test_lineups_that_do_not_open_on_publication_wait_for_the_committee(event):
    from operations.services.lineups import open_lineups

    event.tournament.lineups_open_on_publication = False
    event.tournament.save()
    event.round.refresh_from_db()
    alpha = event.teams[0]
    with pytest.raises(LineupRefused, match="not open yet"):
        submit_lineup(alpha, event.round, player_ids(alpha, [1, 2, 3, 4]), by=event.captains[0])
    with pytest.raises(PermissionDenied):
        open_lineups(event.round, by=event.captains[0])
    r = open_lineups(event.round, by=event.committee)
    assert submit_lineup(alpha, r, player_ids(alpha, [1, 2, 3, 4]), by=event.captains[0]).status == "accepted"


def test_a_lineup_deadline_follows_the_tournaments_time_of_day_when_the_round_has_none(event):
    from operations.lineup_window import lineup_deadline

    event.round.lineups_close_at = None
    event.round.date = dt.date(2026, 9, 14)
    event.round.save()
    event.tournament.lineup_close_time = dt.time(11, 0)
    event.tournament.lineup_close_days_before = 0
    event.tournament.save()
    event.round.refresh_from_db()
    deadline = lineup_deadline(event.round)
    assert timezone.localtime(deadline).replace(tzinfo=None) == dt.datetime(2026, 9, 14, 11, 0)


def test_at_the_deadline_the_window_closes_and_the_board_pairings_are_posted(event):
    from operations.services.deadlines import close_due_lineups
    from tournaments.models import BoardGame

    alpha = event.teams[0]
    submit_lineup(alpha, event.round, player_ids(alpha, [1, 2, 3, 5]), by=event.captains[0])
    assert close_due_lineups() == []  # deadline in an hour
    later = timezone.now() + dt.timedelta(hours=2)
    closed = close_due_lineups(now=later)
    assert [r.pk for r in closed] == [event.round.pk]
    event.round.refresh_from_db()
    assert event.round.state == RoundState.BOARD_PAIRINGS_POSTED
    assert BoardGame.objects.filter(match__round=event.round).count() == 8
    assert current_lineup(alpha, event.round) == player_ids(alpha, [1, 2, 3, 5])


def test_automatic_closing_can_be_switched_off(event):
    from operations.services.deadlines import close_due_lineups
    from operations.services.lineups import settings_of

    conf = settings_of(event.tournament)
    conf.auto_close_lineups = False
    conf.save()
    assert close_due_lineups(now=timezone.now() + dt.timedelta(hours=2)) == []


def test_the_periodic_task_closes_due_windows(event):
    from operations.tasks import close_due_lineups_task

    event.round.lineups_close_at = timezone.now() - dt.timedelta(minutes=1)
    event.round.save()
    assert close_due_lineups_task() == [f"{event.tournament.slug} round 1"]
