"""The home and tournament pages show the rounds people need now, with a link (issue 18 item 6).

While round 3 is still in play and round 4 is already published with its lineups open, saying
only "Round 3: In play" hides the round the captains must act on: both are shown, round 4 first,
each linked to its public page (the pairing while lineups are open, the board pairings and
results once posted).
"""

from __future__ import annotations

import re

import pytest

from tournaments.models import RoundState

pytestmark = pytest.mark.django_db


@pytest.fixture
def overlapping(make_tournament):
    t = make_tournament(name="Overlap Cup", slug="overlap-cup", rounds_total=9)
    t.rounds.filter(number__lte=2).update(state=RoundState.COMPLETE)
    t.rounds.filter(number=3).update(state=RoundState.IN_PLAY)
    t.rounds.filter(number=4).update(state=RoundState.LINEUPS_OPEN)
    return t


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _home_cell(client) -> str:
    html = client.get("/").content.decode()
    return re.search(r'<a href="/t/overlap-cup/">.*?</td>\s*<td>.*?</td>\s*<td>(.*?)</td>', html, re.S).group(
        1
    )


def test_the_home_page_shows_the_published_round_first_and_the_round_in_play_each_with_its_link(
    client, overlapping
):
    cell = _home_cell(client)
    assert re.findall(r'<a href="([^"]+)">([^<]+)</a>', cell) == [
        ("/t/overlap-cup/round/4/pairings/", "Round 4 of 9: Lineups open"),
        ("/ops/t/overlap-cup/r/3/boards/", "Round 3 of 9: In play"),
    ]


def test_the_tournament_page_shows_the_round_people_need_now_and_the_round_still_in_play(client, overlapping):
    html = client.get("/t/overlap-cup/").content.decode()
    now = re.findall(r'<p class="now"[^>]*data-round="(\d)">(.*?)</p>', html, re.S)
    assert [number for number, _ in now] == ["4", "3"]
    first, second = (_text(p) for _, p in now)
    assert first.startswith("Now: round 4 of 9 · Lineups open · pairings of round 4")
    assert second.startswith("Also: round 3 of 9 · In play · pairings of round 3 · board pairings")
    assert 'href="/t/overlap-cup/round/4/pairings/"' in now[0][1]
    assert 'href="/ops/t/overlap-cup/r/3/boards/"' in now[1][1]


def test_a_round_approved_but_not_published_is_not_shown_beside_the_round_in_play(client, overlapping):
    overlapping.rounds.filter(number=4).update(state=RoundState.APPROVED)
    assert _text(_home_cell(client)) == "Round 3 of 9: In play"
    html = client.get("/t/overlap-cup/").content.decode()
    assert len(re.findall(r'<p class="now"', html)) == 1 and "Now: round 3 of 9" in _text(html)


def test_a_round_not_yet_paired_is_shown_without_a_link(client, overlapping):
    overlapping.rounds.filter(number__in=[3, 4]).update(state=RoundState.COMPLETE)
    cell = _home_cell(client)
    assert "<a " not in cell and _text(cell) == "Round 5 of 9: Not yet paired"
