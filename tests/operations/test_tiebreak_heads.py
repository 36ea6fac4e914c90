"""The standings' tie-break columns are headed by the names arbiters use, the article on hover."""

from __future__ import annotations

import html
import re

import pytest

from engine.standings import get
from operations.selectors import standings_table
from operations.services.exports import standings_csv
from operations.tiebreak_heads import column_heads

pytestmark = pytest.mark.django_db


def heads_of(page: str) -> list[tuple[str, str]]:
    """(hover title, head) of each tie-break column of the standings table (after MP and GP)."""
    thead = page[page.index("<thead>") : page.index("</thead>")]
    heads = re.findall(r'<th scope="col" class="num"><abbr title="([^"]*)">([^<]*)</abbr></th>', thead)
    assert heads[:2] == [("match points", "MP"), ("game points", "GP")]
    return [(html.unescape(title), html.unescape(label)) for title, label in heads[2:]]


def olympiad_event(make_tournament, make_team, version: str):
    t = make_tournament(pairing_system="olympiad", olympiad_version=version, tiebreaks=[f"olympiad{version}"])
    for tpn, name in enumerate(["Alpha", "Bravo", "Charlie", "Delta"], start=1):
        make_team(t, name, tpn=tpn)
    return t


def test_olympiad_2007_rule_12_columns_read_olympiad_sb_opp_mp_and_gp_with_the_article_on_hover(
    client, make_tournament, make_team
):
    t = olympiad_event(make_tournament, make_team, "2007")
    page = client.get(f"/ops/t/{t.slug}/standings/").content.decode()
    assert [label for _, label in heads_of(page)] == ["Olympiad SB (−2 lowest)", "Opp. MP (−2 lowest)", "GP"]
    titles = [title for title, _ in heads_of(page)]
    assert titles[0].startswith("Olympiad rule 12(a) (2007): the opponents' match points, each multiplied")
    assert titles[1].startswith("Olympiad rule 12(b) (2007)")
    assert titles[2] == "Olympiad rule 12(c) (2007): the game points scored"
    assert "olympiad2007 12(" not in page
    assert "Ranked by <abbr" in page


def test_olympiad_1998_rule_12_columns_read_opp_gp_mp_and_the_two_opp_gp_variants(
    client, make_tournament, make_team
):
    t = olympiad_event(make_tournament, make_team, "1998")
    page = client.get(f"/ops/t/{t.slug}/standings/").content.decode()
    assert [label for _, label in heads_of(page)] == [
        "Opp. GP",
        "MP",
        "Opp. GP (won + ½ drawn)",
        "Opp. GP (−2 highest, −2 lowest)",
    ]
    assert all(title.startswith("Olympiad rule 12(") and "(1998)" in title for title, _ in heads_of(page))


def test_fide_tie_break_codes_stay_as_heads_with_their_c07_article_on_hover(
    client, make_tournament, make_team
):
    t = make_tournament(tiebreaks=["BH-C1", "SB", "DE"])
    make_team(t, "Alpha", tpn=1)
    page = client.get(f"/ops/t/{t.slug}/standings/").content.decode()
    assert heads_of(page) == [
        ("Buchholz Cut-1 (FIDE C.07 8.1, 8.2)", "BH-C1"),
        ("Sonneborn-Berger (FIDE C.07 9.1)", "SB"),
        ("Direct encounter (FIDE C.07 6)", "DE"),
    ]


def test_the_standings_csv_and_api_name_the_columns_as_the_page_does(client, make_tournament, make_team):
    t = olympiad_event(make_tournament, make_team, "2007")
    header = standings_csv(t).splitlines()[0]
    assert header.endswith("Olympiad SB (−2 lowest),Opp. MP (−2 lowest),GP")
    assert standings_table(t).columns == [
        ("olympiad2007", "Olympiad SB (−2 lowest)"),
        ("olympiad2007", "Opp. MP (−2 lowest)"),
        ("olympiad2007", "GP"),
    ]


def test_an_unknown_column_of_a_list_keeps_its_code_and_the_lists_label():
    tb = get("olympiad2007")
    renamed = type(tb)("olympiad2007", tb.label, ("12(z)",) * 2, tb.compute)
    heads = column_heads(renamed)
    assert [h.label for h in heads] == ["olympiad2007 12(z)"] * 2
    assert heads[0].title == f"{tb.label}: 12(z)"
