"""Fixtures of the committee's tests: a small C.04.6 event with its committee.

``committee_event`` gives a 7-team tournament (TPNs 1-7, initial colour
White, C.04.6) with one user per role: ``member``, ``member2``, ``chair``,
``arbiter``, ``captain`` (of TPN 1) and ``outsider`` (no role). ``compute``
requests and computes a round's pairing in-process (the Celery task's body);
``publish_round`` takes a round from request to publication through the
services; ``play_round`` plays a published round (board 1 wins for White's
team, other boards drawn) and completes it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tournaments.models import RoundState
from tournaments.models.membership import Role

ROLES = ("member", "member2", "chair", "arbiter", "captain", "outsider")


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


@pytest.fixture
def committee_event(make_tournament, make_team, make_user):
    t = make_tournament(initial_colour="w", rounds_total=5)
    teams = [make_team(t, f"Team {i}", tpn=i, federation=f"F{i:02d}"[:3]) for i in range(1, 8)]
    users = {
        "member": make_user(f"member-{t.pk}", Role.COMMITTEE_MEMBER, t),
        "member2": make_user(f"member2-{t.pk}", Role.COMMITTEE_MEMBER, t),
        "chair": make_user(f"chair-{t.pk}", Role.COMMITTEE_CHAIR, t),
        "arbiter": make_user(f"arbiter-{t.pk}", Role.ARBITER, t),
        "captain": make_user(f"captain-{t.pk}", Role.TEAM_CAPTAIN, t, teams[0]),
        "outsider": make_user(f"outsider-{t.pk}"),
    }
    return Event(t, users)


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

    for target in (
        RoundState.LINEUPS_OPEN,
        RoundState.LINEUPS_CLOSED,
        RoundState.BOARD_PAIRINGS_POSTED,
        RoundState.IN_PLAY,
    ):
        rnd = transition_round(rnd, target)
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
def compute():
    return compute_round


@pytest.fixture
def publish():
    return publish_round


@pytest.fixture
def play():
    return play_round
