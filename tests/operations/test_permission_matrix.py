"""Each role does exactly what it may in a round's operations (server-side checks in the services).

Roles: the public (anonymous), a logged-in user without a role, the captain
of Alpha, an arbiter, the Chief Arbiter, a committee member. The Chief
Arbiter has every arbiter's power (results, absences, completing and
reopening a round, reopening lineups, late lineups, the signed summary);
closing and opening the lineup window, posting board pairings and captain
links are the officials' (arbiters and committee); a lineup and a result
confirmation are the team's captain's. Each action starts from a round in
which it succeeds, so an allowed role is proven to succeed, not merely to
pass the permission check.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone

from operations.services import board_pairings, lineups, results, summary
from tests.operations.conftest import player_ids
from tournaments.models import Match, RoundState
from tournaments.models.membership import Role

ROLES = ["public", "outsider", "captain", "arbiter", "chief", "committee"]
ARBITERS = {"arbiter", "chief"}
OFFICIALS = {"arbiter", "chief", "committee"}
CAPTAIN = {"captain"}
CAPTAIN_OR_ARBITERS = {"captain", "arbiter", "chief"}


def _posted(event):
    lineups.close_lineups(event.round, by=event.arbiter)
    board_pairings.post_board_pairings(event.round, by=event.arbiter)
    event.round.refresh_from_db()


def _all_results(event):
    _posted(event)
    for m in event.matches:
        results.enter_results(m, dict.fromkeys(range(1, 5), "1/2-1/2"), by=event.arbiter)
    event.round.refresh_from_db()


def _complete(event):
    _all_results(event)
    results.complete_round(event.round, by=event.arbiter)
    event.round.refresh_from_db()


def _closed(event):
    lineups.close_lineups(event.round, by=event.arbiter)
    event.round.refresh_from_db()


def _late(event):
    event.round.lineups_close_at = timezone.now() - dt.timedelta(minutes=5)
    event.round.save(update_fields=["lineups_close_at"])


def _none(event):
    return None


def _alpha(event):
    return event.teams[0]


# name: (set-up, action(event, user), roles allowed, round state after when allowed)
ACTIONS = {
    "submit Alpha's lineup": (
        _none,
        lambda e, u: lineups.submit_lineup(_alpha(e), e.round, player_ids(_alpha(e), [1, 2, 3, 4]), by=u),
        CAPTAIN_OR_ARBITERS,
        None,
    ),
    "accept Alpha's late lineup": (
        _late,
        lambda e, u: lineups.submit_lineup(
            _alpha(e), e.round, player_ids(_alpha(e), [1, 2, 3, 4]), by=u, override_reason="traffic"
        ),
        ARBITERS,
        None,
    ),
    "open the lineup window": (
        _none,
        lambda e, u: lineups.open_lineups(e.round, by=u),
        OFFICIALS,
        "lineups_open",
    ),
    "close the lineup window": (
        _none,
        lambda e, u: lineups.close_lineups(e.round, by=u),
        OFFICIALS,
        "lineups_closed",
    ),
    "reopen the lineup window": (
        _closed,
        lambda e, u: lineups.reopen_lineups(e.round, by=u),
        ARBITERS,
        "lineups_open",
    ),
    "issue a captain link": (
        _none,
        lambda e, u: lineups.issue_captain_link(_alpha(e), e.round, by=u),
        OFFICIALS,
        None,
    ),
    "post the board pairings": (
        _closed,
        lambda e, u: board_pairings.post_board_pairings(e.round, by=u),
        OFFICIALS,
        "board_pairings_posted",
    ),
    "enter a board result": (
        _posted,
        lambda e, u: results.enter_results(e.matches[0], {1: "1-0"}, by=u),
        ARBITERS,
        "in_play",
    ),
    "record an absent team": (
        _posted,
        lambda e, u: results.record_absent_team(e.matches[0], e.teams[1], by=u),
        ARBITERS,
        "in_play",
    ),
    "confirm Alpha's match result": (
        _all_results,
        lambda e, u: results.confirm_match(Match.objects.get(pk=e.matches[0].pk), _alpha(e), by=u),
        CAPTAIN,
        None,
    ),
    "complete the round": (
        _all_results,
        lambda e, u: results.complete_round(e.round, by=u),
        ARBITERS,
        "complete",
    ),
    "reopen a complete round": (
        _complete,
        lambda e, u: results.reopen_round(e.round, by=u),
        ARBITERS,
        "in_play",
    ),
    "sign the results summary": (
        _complete,
        lambda e, u: summary.sign_results_summary(e.round, by=u),
        ARBITERS,
        None,
    ),
}


@pytest.fixture
def users(event, make_user):
    return {
        "public": AnonymousUser(),
        "outsider": make_user("outsider"),
        "captain": event.captains[0],
        "arbiter": event.arbiter,
        "chief": make_user("chief", Role.CHIEF_ARBITER, event.tournament),
        "committee": event.committee,
    }


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", list(ACTIONS))
def test_each_role_may_do_exactly_its_own_operations(event, users, role, action):
    set_up, act, allowed, state_after = ACTIONS[action]
    set_up(event)
    before = event.round.state
    if role in allowed:
        assert act(event, users[role]) is not None
        event.round.refresh_from_db()
        assert event.round.state == (state_after or before)
    else:
        with pytest.raises(PermissionDenied):
            act(event, users[role])
        event.round.refresh_from_db()
        assert event.round.state == before


def test_the_chief_arbiter_enters_results_through_the_page_like_any_arbiter(client, event, users):
    _posted(event)
    client.force_login(users["chief"])
    url = reverse("ops-match-result", args=[event.tournament.slug, 1, 1])
    assert client.get(url).status_code == 200
    response = client.post(url, {"board_1": "1-0", "was_1": ""})
    assert response.status_code == 302
    event.matches[0].refresh_from_db()
    assert event.matches[0].boards.get(board=1).result == "1-0"
    event.round.refresh_from_db()
    assert event.round.state == RoundState.IN_PLAY
