"""The home page of a season: each tournament's current round, read in one query for all of them."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import RoundState

pytestmark = pytest.mark.django_db


def _now_column(html: str) -> dict[str, str]:
    """Each tournament's "Now" cell, as text (its rounds are links)."""
    rows = re.findall(r'<a href="/t/([^/]+)/">[^<]*</a></td>\s*<td>[^<]*</td>\s*<td>(.*?)</td>', html, re.S)
    return {slug: re.sub(r"<[^>]+>", "", cell) for slug, cell in rows}


def _queries(client) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        html = client.get("/").content.decode()
    return len(queries), html


def test_the_home_page_reads_the_current_rounds_in_one_query_however_many_tournaments(
    client, make_tournament
):
    for i in range(3):
        make_tournament(slug=f"small-{i}", rounds_total=3)
    few, _html = _queries(client)
    for i in range(12):
        make_tournament(slug=f"more-{i}", rounds_total=3)
    many, html = _queries(client)
    assert len(_now_column(html)) == 15  # (rendered again, not the copy kept for the first three)
    assert many == few


def test_the_home_page_shows_each_tournaments_first_round_not_complete(client, make_tournament):
    playing = make_tournament(slug="playing", rounds_total=3)
    playing.rounds.filter(number=1).update(state=RoundState.COMPLETE)
    playing.rounds.filter(number=2).update(state=RoundState.IN_PLAY)
    finished = make_tournament(slug="finished", rounds_total=2)
    finished.rounds.update(state=RoundState.COMPLETE)
    make_tournament(slug="new", rounds_total=5)
    now = _now_column(client.get("/").content.decode())
    assert now["playing"].startswith("Round 2 of 3: ")
    assert now["finished"] == "Finished"
    assert now["new"].startswith("Round 1 of 5: ")
