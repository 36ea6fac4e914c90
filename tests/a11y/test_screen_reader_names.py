"""What a screen reader says where the page shows a symbol: the board colours' letters and the draft's ⇄ buttons.

A sighted reader sees "W" / "B" in a coloured box and a "⇄" button; a screen reader hears the
colour in full ("White", "Black") and the button's purpose with its table, in the reader's
language.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from tests.committee.conftest import build_event, compute_round, play_round, publish_round


def page(user, url: str, language: str) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    answer = client.get(url)
    assert answer.status_code == 200, (url, answer.status_code)
    return answer.content.decode()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_each_colour_letter_of_a_board_is_read_as_the_colour_in_full_in_the_readers_language(db, language):
    ev = build_event(f"names-colours-{language}")
    play_round(publish_round(ev.round(1), ev.chair).round)
    html = page(None, f"/ops/t/{ev.tournament.slug}/r/1/boards/", language)
    with translation.override(language):
        letters = {
            "w": (translation.pgettext("colour White, one letter", "W"), translation.gettext("White")),
            "b": (translation.pgettext("colour Black, one letter", "B"), translation.gettext("Black")),
        }
    if language != "en":
        assert letters["w"][1] != "White" and letters["b"][1] != "Black"
    for colour, (letter, word) in letters.items():
        spans = re.findall(rf'<span class="colour colour-{colour}">(.*?)</span></span>', html)
        assert len(spans) == 3 * ev.tournament.boards  # 7 teams: 3 matches, one board each side
        for inner in spans:
            assert inner == f'<span aria-hidden="true">{letter}</span><span class="visually-hidden">{word}'


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_drafts_swap_buttons_are_named_with_their_table_in_the_readers_language(db, language):
    ev = build_event(f"names-swap-{language}")
    compute_round(ev.round(1), ev.member)
    html = page(ev.chair, f"/committee/{ev.tournament.slug}/round/1/", language)
    buttons = re.findall(r'<tr [^>]*id="pair-(\d+)".*?(<button [^>]*>⇄</button>)', html, re.S)
    assert len(buttons) == 3  # 7 teams: 3 matches and the bye
    for table, button in buttons:
        name = re.search(r'aria-label="([^"]*)"', button).group(1)
        with translation.override(language):
            assert name == translation.gettext("Swap the colours of table %(table)s") % {"table": table}
        if language == "fr":
            assert "Swap" not in name and table in name


def test_the_words_for_screen_readers_stay_out_of_the_printed_pairing_cards(db):
    """Paper shows the letters: the PDF's text has "W Player", not "WWhite Player"."""
    from tests.printing.conftest import pdf_pages

    ev = build_event("names-pdf")
    play_round(publish_round(ev.round(1), ev.chair).round)
    answer = Client().get(f"/ops/t/{ev.tournament.slug}/r/1/boards/cards.pdf")
    assert answer.status_code == 200
    pdf = b"".join(answer.streaming_content) if answer.streaming else answer.content
    text = "\n".join(pdf_pages(pdf, layout=True))
    assert re.search(r"\bW Team \d player 1 \(2400\)", text)
    assert "White" not in text and "Black" not in text and "against" not in text
