"""Fixtures for the operations tests: a published round with four teams."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest
from django.utils import timezone


@dataclass
class Event:
    tournament: object
    teams: list
    round: object
    matches: list
    arbiter: object
    committee: object
    captains: list


def set_state(round, state):
    from tournaments.models import Round

    Round.objects.filter(pk=round.pk).update(state=state)
    round.refresh_from_db()
    return round


@pytest.fixture
def event(make_tournament, make_team, make_user):
    """Round 1 published: A (1) - B (2) on table 1, C (3) - D (4) on table 2.

    Lineups close one hour from now. Users: ``arbiter``, ``committee``,
    ``cap1``..``cap4`` (captain of team i).
    """
    from tournaments.models import Match, RoundState
    from tournaments.models.membership import Role

    t = make_tournament(board_colour_sequence="WBWB", tiebreaks=["BH", "SB", "GP"])
    teams = [
        make_team(t, name, tpn=i) for i, name in enumerate(["Alpha", "Bravo", "Charlie", "Delta"], start=1)
    ]
    r1 = t.rounds.get(number=1)
    r1.lineups_close_at = timezone.now() + dt.timedelta(hours=1)
    r1.save()
    matches = [
        Match.objects.create(round=r1, table=1, white_team=teams[0], black_team=teams[1]),
        Match.objects.create(round=r1, table=2, white_team=teams[2], black_team=teams[3]),
    ]
    set_state(r1, RoundState.PUBLISHED)
    arbiter = make_user("arbiter", Role.ARBITER, t)
    committee = make_user("committee", Role.COMMITTEE_MEMBER, t)
    captains = [make_user(f"cap{i}", Role.TEAM_CAPTAIN, t, team) for i, team in enumerate(teams, start=1)]
    return Event(t, teams, r1, matches, arbiter, committee, captains)


def player_ids(team, orders):
    """Player ids of ``team`` by roster position (1-based), None kept."""
    by_order = {p.board_order: p.pk for p in team.players.all()}
    return [by_order[o] if o else None for o in orders]


@pytest.fixture
def posted(event):
    """The event with lineups closed (defaults) and board pairings posted."""
    from operations.services.board_pairings import post_board_pairings
    from operations.services.lineups import close_lineups

    close_lineups(event.round, by=event.arbiter)
    event.round.refresh_from_db()
    post_board_pairings(event.round, by=event.arbiter)
    event.round.refresh_from_db()
    for m in event.matches:
        m.refresh_from_db()
    return event
