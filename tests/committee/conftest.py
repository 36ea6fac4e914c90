"""Fixtures of the committee's tests: a small C.04.6 event with its committee.

``committee_event`` gives a 7-team tournament (TPNs 1-7, initial colour
White, C.04.6) with one user per role: ``member``, ``member2``, ``chair``,
``arbiter``, ``chief`` (Chief Arbiter), ``captain`` (of TPN 1) and
``outsider`` (no role). ``compute``
requests and computes a round's pairing in-process (the Celery task's body);
``publish_round`` takes a round from request to publication through the
services; ``put_in_play`` takes a published round to play; ``play_round``
plays it (board 1 wins for White's team, other boards drawn) and completes it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pytest

from tournaments.models import RoundState
from tournaments.models.membership import Role

ROLES = ("member", "member2", "chair", "arbiter", "chief", "captain", "outsider")


@dataclass
class Event:
    tournament: object
    users: dict

    def round(self, number: int):
        return self.tournament.rounds.get(number=number)

    def __getattr__(self, name):
        if name in ROLES:
            return self.users[name]
        raise AttributeError(name)


def build_event(name: str) -> Event:
    """The 7-team event and its users (outside any fixture, so a module may share one)."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Membership, Player, Team, Tournament
    from tournaments.services import create_rounds

    t = Tournament.objects.create(name=name, slug=name, initial_colour="w", rounds_total=5)
    create_rounds(t)
    teams = []
    for i in range(1, 8):
        team = Team.objects.create(tournament=t, name=f"Team {i}", tpn=i, federation=f"F{i:02d}")
        Player.objects.bulk_create(
            Player(team=team, name=f"Team {i} player {b}", rating=2500 - 100 * b, board_order=b)
            for b in range(1, 6)
        )
        teams.append(team)
    roles = {
        "member": Role.COMMITTEE_MEMBER,
        "member2": Role.COMMITTEE_MEMBER,
        "chair": Role.COMMITTEE_CHAIR,
        "arbiter": Role.ARBITER,
        "chief": Role.CHIEF_ARBITER,
        "captain": Role.TEAM_CAPTAIN,
        "outsider": None,
    }
    users = {}
    for key, role in roles.items():
        users[key] = get_user_model().objects.create_user(username=f"{key}-{t.pk}", password="demo")
        if role:
            team = teams[0] if role == Role.TEAM_CAPTAIN else None
            Membership.objects.create(user=users[key], tournament=t, role=role, team=team)
    return Event(t, users)


def delete_event(event: Event) -> None:
    event.tournament.delete()
    for user in event.users.values():
        user.delete()


_events = itertools.count(1)


@pytest.fixture
def committee_event(db):
    return build_event(f"committee-event-{next(_events)}")


def compute_round(rnd, user):
    from committee import services

    run = services.request_pairing(round=rnd, user=user)
    services.execute_run(run.pk, "test-worker")
    run.refresh_from_db()
    return run


def publish_round(rnd, user):
    from committee import services

    compute_round(rnd, user)
    version = services.current_version(rnd)
    services.approve(version=version, user=user)
    return services.publish(version=version, user=user)


def put_in_play(rnd):
    """A published round taken through its lineups and board pairings to play; the round as it is then."""
    from tournaments.services import transition_round

    for target in (
        RoundState.LINEUPS_OPEN,
        RoundState.LINEUPS_CLOSED,
        RoundState.BOARD_PAIRINGS_POSTED,
        RoundState.IN_PLAY,
    ):
        rnd = transition_round(rnd, target)
    return rnd


def play_round(rnd, *, unfinished: bool = False):
    """Play a published round: White's team wins board 1, the other boards are drawn.

    With ``unfinished`` board 1 of table 1 stays unfinished ("*") and
    the round stays in play (rule 11: a draw for pairing).
    """
    from tournaments.services import (
        create_board_games,
        recompute_match,
        record_board_results,
        transition_round,
    )

    rnd = put_in_play(rnd)
    boards = rnd.tournament.boards
    for m in rnd.matches.select_related("white_team", "black_team"):
        if m.is_bye:
            recompute_match(m)
            continue
        games = create_board_games(
            m, list(m.white_team.players.all()[:boards]), list(m.black_team.players.all()[:boards])
        )
        results = []
        for g in games:
            if g.board == 1:
                results.append("1-0" if g.white_team_has_white else "0-1")
            else:
                results.append("1/2-1/2")
        if unfinished and m.table == 1:
            results[0] = "*"
        record_board_results(m, results)
    if unfinished:
        return rnd
    return transition_round(rnd, RoundState.COMPLETE)


@pytest.fixture
def d02_event(committee_event):
    """The committee's event paired by the Olympiad Pairing Rules of 2022 (D.02), on match points."""
    from django.core.cache import cache

    t = committee_event.tournament
    t.pairing_system, t.olympiad_version, t.primary_score = "olympiad", "2022", "MP"
    t.save()
    cache.clear()
    return committee_event


@pytest.fixture
def compute():
    return compute_round


@pytest.fixture
def publish():
    return publish_round


@pytest.fixture
def play():
    return play_round


def flip_table_one(ev):
    """Reopen round 1 and turn table 1's board 1 round (the winner now loses)."""
    from operations.services import results

    rnd = ev.round(1)
    results.reopen_round(rnd, by=ev.arbiter)
    match = rnd.matches.get(table=1)
    board = match.boards.get(board=1)
    flipped = "0-1" if board.result == "1-0" else "1-0"
    results.enter_results(match, {1: flipped}, by=ev.arbiter, expected={1: board.result})
    return match
