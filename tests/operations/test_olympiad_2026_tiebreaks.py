"""The 2026 Chess Olympiad's tie-breaks (``olympiad2026``) chosen for a tournament, through the site.

Four teams, three rounds, results entered board by board (no pairing engine needed):

R1: Alpha-Bravo 2.5:1.5, Charlie-Delta 2.5:1.5.  R2: Alpha-Charlie 2:2, Bravo-Delta 3:1.
R3: Alpha-Delta 4:0, Bravo-Charlie 1:3.

MP: Alpha 5, Charlie 5, Bravo 2, Delta 0.  GP: Alpha 8.5, Charlie 7.5, Bravo 5.5, Delta 2.5.
Olympiad SB (the opponent with the fewest MP cut): Alpha 2x2.5 + 5x2 (+ 0x4 cut) = 15;
Charlie 5x2 + 2x3 (+ 0x2.5 cut) = 16; Bravo 5x1.5 + 5x1 (+ 0x3 cut) = 12.5; Delta 5x1.5 + 5x0
(+ 2x1 cut) = 7.5. Opponents' MP cut 1: Alpha 7, Charlie 7, Bravo 10, Delta 10.

Charlie ranks above Alpha on the Olympiad SB though Alpha has more game points; under the 2007
rule 12 list (two lowest cut: 10 each, then 5 each) the game points put Alpha first.
"""

from __future__ import annotations

import html
import re

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from operations.selectors import standings_table
from tests.operations.conftest import set_state
from tournaments.models import Match, RoundState
from tournaments.models.membership import Role
from tournaments.services import create_board_games, record_board_results

pytestmark = pytest.mark.django_db

NAMES = ["Alpha", "Bravo", "Charlie", "Delta"]
# (round, white, black, the white team's points board by board)
RESULTS = [
    (1, 1, 2, (1, 0.5, 1, 0)),
    (1, 3, 4, (1, 1, 0.5, 0)),
    (2, 1, 3, (0.5, 0.5, 0.5, 0.5)),
    (2, 2, 4, (1, 1, 1, 0)),
    (3, 1, 4, (1, 1, 1, 1)),
    (3, 2, 3, (0, 0, 0.5, 0.5)),
]


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()
    yield
    cache.clear()


def _board_result(white_team_has_white: bool, points: float) -> str:
    """The board's result from its White player's side, for ``points`` of the match's white team."""
    mine = {1: "1-0", 0.5: "1/2-1/2", 0: "0-1"}[points]
    return mine if white_team_has_white else {"1-0": "0-1", "0-1": "1-0"}.get(mine, mine)


@pytest.fixture
def olympiad_2026(make_tournament, make_team):
    t = make_tournament(
        pairing_system="olympiad",
        olympiad_version="2022",
        rounds_total=3,
        board_colour_sequence="WBWB",
        bye_match_points=1,
        bye_game_points=2,
        tiebreaks=["olympiad2026"],
    )
    teams = {i: make_team(t, name, tpn=i) for i, name in enumerate(NAMES, start=1)}
    for number, white, black, points in RESULTS:
        rnd = t.rounds.get(number=number)
        m = Match.objects.create(round=rnd, table=white, white_team=teams[white], black_team=teams[black])
        games = create_board_games(
            m, list(teams[white].players.all()[:4]), list(teams[black].players.all()[:4])
        )
        record_board_results(
            m, [_board_result(g.white_team_has_white, p) for g, p in zip(games, points, strict=True)]
        )
    for rnd in t.rounds.all():
        set_state(rnd, RoundState.COMPLETE)
    return t


def test_olympiad_2026_preset_ranks_by_olympiad_sb_before_game_points(olympiad_2026):
    st = standings_table(olympiad_2026)
    assert not st.problems
    assert [(r.rank, r.name) for r in st.rows] == [(1, "Charlie"), (2, "Alpha"), (3, "Bravo"), (4, "Delta")]
    assert {r.name: r.tiebreaks["olympiad2026"] for r in st.rows} == {
        "Charlie": (16, 7.5, 7),
        "Alpha": (15, 8.5, 7),
        "Bravo": (12.5, 5.5, 10),
        "Delta": (7.5, 2.5, 10),
    }


def test_olympiad_2007_rule_12_would_rank_the_same_teams_the_other_way(olympiad_2026):
    olympiad_2026.tiebreaks = ["olympiad2007"]
    olympiad_2026.save()
    assert [r.name for r in standings_table(olympiad_2026).rows][:2] == ["Alpha", "Charlie"]


def test_olympiad_2026_standings_page_heads_its_columns_with_the_article_on_hover(client, olympiad_2026):
    page = client.get(f"/ops/t/{olympiad_2026.slug}/standings/").content.decode()
    thead = page[page.index("<thead>") : page.index("</thead>")]
    heads = [
        (html.unescape(title), html.unescape(label))
        for title, label in re.findall(r'<abbr title="([^"]*)">([^<]*)</abbr></th>', thead)
    ][2:]
    assert [label for _, label in heads] == ["Olympiad SB (−1 lowest)", "GP", "Opp. MP (−1 lowest)"]
    assert all(title.startswith("Chess Olympiad 2026: ") for title, _ in heads)
    assert page.index(">Charlie<") < page.index(">Alpha<")


def test_olympiad_2026_parts_page_shows_the_parts_that_sum_to_each_value(client, olympiad_2026):
    from tests.operations.test_tiebreak_parts_page import _sections

    page = client.get(f"/ops/t/{olympiad_2026.slug}/team/1/tiebreaks/").content.decode()
    sections = _sections(page)
    assert [(head, value) for head, value, _ in sections] == [
        ("Olympiad SB (−1 lowest)", 15),
        ("GP", 8.5),
        ("Opp. MP (−1 lowest)", 7),
    ]
    osb = sections[0][2]
    assert osb == [(5, True), (10, True), (0, False)]  # Bravo 2 × 2.5, Charlie 5 × 2, Delta 0 × 4 cut
    for head, value, parts in sections:
        assert sum(v for v, counted in parts if counted) == pytest.approx(value), head
    assert "2 × 2.5" in page and "5 × 2" in page and "0 × 4" in page


def test_olympiad_2026_values_in_the_standings_api(olympiad_2026):
    body = APIClient().get(f"/api/ops/t/{olympiad_2026.slug}/standings/").json()
    rows = {r["name"]: r for r in body["rows"]}
    assert rows["Charlie"]["rank"] == 1 and rows["Charlie"]["tiebreaks"] == {"olympiad2026": [16.0, 7.5, 7.0]}
    assert rows["Alpha"]["tiebreaks"] == {"olympiad2026": [15.0, 8.5, 7.0]}


@pytest.mark.parametrize(
    "role", [None, Role.TEAM_CAPTAIN, Role.ARBITER, Role.COMMITTEE_MEMBER, Role.COMMITTEE_CHAIR]
)
def test_olympiad_2026_values_read_the_same_for_every_role_and_the_list_is_not_theirs_to_change(
    olympiad_2026, make_user, role
):
    client = APIClient()
    if role:
        team = olympiad_2026.teams.get(tpn=1) if role == Role.TEAM_CAPTAIN else None
        client.force_authenticate(make_user(f"user-{role}", role, olympiad_2026, team))
    for url in (
        f"/ops/t/{olympiad_2026.slug}/standings/",
        f"/ops/t/{olympiad_2026.slug}/team/3/tiebreaks/",
        f"/api/ops/t/{olympiad_2026.slug}/standings/",
    ):
        assert client.get(url).status_code == 200, (role, url)
    body = client.get(f"/api/ops/t/{olympiad_2026.slug}/standings/").json()
    assert body["rows"][0]["tiebreaks"] == {"olympiad2026": [16.0, 7.5, 7.0]}
    # The tie-break list is set in the admin only (superusers): no role reaches the change form.
    assert client.get(f"/admin/tournaments/tournament/{olympiad_2026.pk}/change/").status_code in (302, 403)
