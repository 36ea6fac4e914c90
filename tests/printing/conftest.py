"""Fixtures of the printed documents' tests: a 31-team, 6-board C.04.6 event with round 1 played.

Round 1 is paired and published by the committee, corrected once (publication 2), its lineups
closed (defaults), its board pairings posted, every board's result entered and the results
summary signed. Its date is 2026-07-04. Users: one per role (``public`` is anonymous).
"""

from __future__ import annotations

import datetime as dt
import itertools
import subprocess
from dataclasses import dataclass

import pytest

from tests.conftest import built_once_per_module

TEAMS = 31
BOARDS = 6
ROUND_DATE = dt.date(2026, 7, 4)
ROLES = ("outsider", "captain", "arbiter", "member")


@dataclass
class PrintEvent:
    tournament: object
    users: dict  # by role; "public" is absent (anonymous)

    @property
    def slug(self) -> str:
        return self.tournament.slug

    def round(self, number: int = 1):
        return self.tournament.rounds.get(number=number)


def team_name(tpn: int) -> str:
    return f"Team {tpn:02d}"


def player_name(tpn: int, board: int) -> str:
    return f"Player {tpn:02d}-{board}"


def build_print_event(slug: str, teams: int = TEAMS, boards: int = BOARDS) -> PrintEvent:
    from django.contrib.auth import get_user_model

    from committee import services as committee
    from operations.services import board_pairings, lineups, results, summary
    from tournaments.models import Membership, Player, Round, Team, Tournament
    from tournaments.models.membership import Role
    from tournaments.services import create_rounds

    t = Tournament.objects.create(
        name=f"Printing Cup {slug}",
        slug=slug,
        initial_colour="w",
        rounds_total=5,
        boards=boards,
        reserves=0,
        tiebreaks=["BH-C1", "SB"],
    )
    create_rounds(t)
    Round.objects.filter(tournament=t, number=1).update(date=ROUND_DATE)
    team_rows = []
    for tpn in range(1, teams + 1):
        team = Team.objects.create(tournament=t, name=team_name(tpn), tpn=tpn, federation=f"F{tpn:02d}")
        Player.objects.bulk_create(
            Player(team=team, name=player_name(tpn, b), rating=2600 - 10 * tpn - b, board_order=b)
            for b in range(1, boards + 1)
        )
        team_rows.append(team)
    roles = {
        "outsider": None,
        "captain": Role.TEAM_CAPTAIN,
        "arbiter": Role.ARBITER,
        "member": Role.COMMITTEE_MEMBER,
    }
    users = {}
    for key, role in roles.items():
        users[key] = get_user_model().objects.create_user(username=f"{key}-{slug}", password="demo")
        if role:
            team = team_rows[0] if role == Role.TEAM_CAPTAIN else None
            Membership.objects.create(user=users[key], tournament=t, role=role, team=team)
    member, arbiter = users["member"], users["arbiter"]

    rnd = t.rounds.get(number=1)
    run = committee.request_pairing(round=rnd, user=member)
    committee.execute_run(run.pk, "test-worker")
    version = committee.current_version(rnd)
    committee.approve(version=version, user=member)
    committee.publish(version=version, user=member)
    committee.start_correction(round=rnd, user=member, reason="a team's name was misspelt")
    committee.approve(version=committee.current_version(rnd), user=member)
    committee.publish(version=committee.current_version(rnd), user=member, reason="names")

    lineups.close_lineups(t.rounds.get(number=1), by=arbiter)
    board_pairings.post_board_pairings(t.rounds.get(number=1), by=arbiter)
    rnd = t.rounds.get(number=1)
    for match in rnd.matches.prefetch_related("boards"):
        if match.is_bye:
            continue
        outcomes = itertools.cycle(["1-0", "1/2-1/2", "0-1"])
        results.enter_results(match, {g.board: next(outcomes) for g in match.boards.all()}, by=arbiter)
    summary.sign_results_summary(t.rounds.get(number=1), by=arbiter)
    return PrintEvent(t, users)


@pytest.fixture(scope="module")
def print_event(request, django_db_setup, django_db_blocker):
    """One event per test module (it takes a few seconds), rolled back after the module.

    Each test's own writes are rolled back after the test (its transaction is nested in the
    module's). A module may set ``PRINT_EVENT_SIZE = (teams, boards)`` for a smaller event.
    """
    teams, boards = getattr(request.module, "PRINT_EVENT_SIZE", (TEAMS, BOARDS))
    with built_once_per_module(
        request, django_db_blocker, "printing-", build_print_event, teams, boards
    ) as event:
        yield event


def pdf_pages(pdf: bytes, layout: bool = False) -> list[str]:
    """The text of each page of ``pdf`` (poppler's pdftotext; ``layout``: a table's row on one line)."""
    args = ["pdftotext", *(["-layout"] if layout else []), "-", "-"]
    out = subprocess.run(args, input=pdf, capture_output=True, check=True).stdout
    pages = out.decode().split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages


def page_sizes(pdf: bytes) -> list[tuple[int, int]]:
    """Each page's (width, height) in points, rounded."""
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    return [(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages]
