"""The team's tie-break page: each value under its name, with the parts that sum to it (issue 18 item 6)."""

from __future__ import annotations

import html
import re

import pytest

from tests.committee.conftest import build_event, play_round, publish_round

pytestmark = pytest.mark.django_db


def _number(text: str) -> float:
    text = html.unescape(text).strip().replace("−", "-")
    if text.endswith("½"):
        return float(text[:-1] or 0) + 0.5 if not text.startswith("-") else float(text[:-1]) - 0.5
    return float(text)


def _sections(page: str) -> list[tuple[str, float, list[tuple[float, bool]]]]:
    """(head, value shown, [(part, counted)]) of each tie-break's parts table."""
    out = []
    for section in re.findall(r'<section class="tb-parts".*?</section>', page, re.S):
        head, value = re.search(r"<h3>(.*?) = <span class=\"tb-value\">([^<]*)</span>", section).groups()
        parts = []
        for row in re.findall(r'<tr class="(counted|not-counted)">(.*?)</tr>', section, re.S):
            cells = re.findall(r'<td class="num">(.*?)</td>', row[1], re.S)
            parts.append((_number(re.sub(r"</?s>", "", cells[1])), row[0] == "counted"))
        out.append((html.unescape(head), _number(value), parts))
    return out


def test_each_tie_break_value_is_shown_under_its_name_with_parts_that_sum_to_it(client):
    event = build_event("tiebreak-parts")
    t = event.tournament
    t.tiebreaks = ["BH-C1", "SB", "olympiad2007"]
    t.save()
    for number in (1, 2, 3):
        play_round(publish_round(t.rounds.get(number=number), event.member).round)
    page = client.get(f"/ops/t/{t.slug}/team/1/tiebreaks/").content.decode()
    sections = _sections(page)
    assert [head for head, _, _ in sections] == [
        "BH-C1",
        "SB",
        "Olympiad SB (−2 lowest)",
        "Opp. MP (−2 lowest)",
        "GP",
    ]
    for head, value, parts in sections:
        assert len(parts) >= 1, head
        assert sum(v for v, counted in parts if counted) == pytest.approx(value), head
    bh_cut = [counted for _, counted in sections[0][2]]
    assert bh_cut.count(False) == 1  # the lowest opponent is shown, cut
    assert "olympiad2007 " not in page and "SB part" not in page
    values = page[page.index('id="tb-values"') :]
    assert "Olympiad SB (−2 lowest)" in values


def test_the_arithmetic_writes_its_numbers_as_the_readers_language_does(client):
    event = build_event("tiebreak-parts-fr")
    t = event.tournament
    t.tiebreaks = ["olympiad2007"]  # opponents' MP × the game points scored against them
    t.save()
    for number in (1, 2, 3):
        play_round(publish_round(t.rounds.get(number=number), event.member).round)
    page = client.get(f"/ops/t/{t.slug}/team/1/tiebreaks/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    how = re.findall(r"\d+(?:[.,]\d+)? × \d+(?:[.,]\d+)?", page)
    assert [h for h in how if "," in h], how  # the event has half points
    assert not [h for h in how if "." in h], how  # "3 × 3,5" in French, never "3 × 3.5"
