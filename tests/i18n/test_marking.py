"""Every word a key page or e-mail shows comes from the site's catalogue, from the data, or from the
engine (whose reasons are written through its own catalogue, ``engine/locale``, or stay in English,
marked ``lang="en"``): no string was left unmarked. The
engine's names and labels the pages show (pairing systems, options, tie-breaks) are the catalogue's
too (``tournaments.option_messages``).

The pages are rendered in French with a pseudo-translation of the whole catalogue, each
string wrapped in ⟦ ⟧; what remains outside the brackets must be data (team, player, user and
tournament names, federations, numbers, addresses) or a rule citation (an option's article).
"""

from __future__ import annotations

import re

import pytest

from .conftest import TEAM_NAMES, site_catalogue
from .pages import KEY_PAGES, fetch

# Words that are names, not the site's sentences: FIDE's tie-break codes, brands, and the event's
# federation code.
NAMES = {"FIDE", "SB", "PDF", "ISL", "TPN"}  # TPN: a team pairing number, as a reason names a team


def engine_texts() -> list[str]:
    """What the engine writes: the options' articles (rule citations) the pages cite as they are, and the
    words of its own French catalogue around the placeholders (its reasons, ``engine.messages``)."""
    from engine.messages import catalogue
    from engine.options import all_specs

    words = [
        chunk.strip() for template in catalogue("fr").values() for chunk in re.split(r"\{\w+\}", template)
    ]
    return [spec.article for spec in all_specs()] + [w for w in words if len(w) > 1]


@pytest.fixture
def pseudo_french(tmp_path, settings):
    """A French catalogue in which every string of the site's is itself between ⟦ ⟧ (it comes first)."""
    from babel.messages.mofile import write_mo

    catalogue = site_catalogue("fr")
    for message in catalogue:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            wrapped = tuple(f"⟦{i}⟧" for i in ids)
            message.string = wrapped if isinstance(message.id, tuple) else wrapped[0]
            message.flags.discard("fuzzy")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "django.mo").open("wb") as f:
        write_mo(f, catalogue)
    settings.LOCALE_PATHS = [tmp_path, *settings.LOCALE_PATHS]


def venue_zone_words(tournament) -> set[str]:
    """The venue's time zone as the pages name it: its IANA name's parts and its abbreviations."""
    import datetime as dt

    from tournaments.time_zones import abbreviation, zone_of

    zone = zone_of(tournament)
    moments = (dt.datetime(2026, 1, 15, 12, tzinfo=dt.UTC), dt.datetime(2026, 7, 15, 12, tzinfo=dt.UTC))
    return {*re.split(r"[/_]", tournament.time_zone), *(abbreviation(m.astimezone(zone)) for m in moments)}


def unmarked_words(text: str, allowed: set[str]) -> list[str]:
    text = re.sub(r"https?://[^\s⟦⟧]+", " ", text)  # the addresses in an e-mail
    for phrase in sorted(engine_texts(), key=len, reverse=True):
        text = text.replace(phrase, " ")
    while (
        True
    ):  # innermost brackets first: a translated string may hold another ("⟦⟦Team captain⟧ of Osprey⟧")
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if shorter == text:
            break
        text = shorter
    words = []
    for token in text.split():
        if any(c.isnumeric() for c in token):
            continue  # a citation (C.04.6 3.4), a number, a code, a digest
        words += [w for w in re.findall(r"[^\W\d_][\w'’-]*", token) if len(w) > 1]
    return [
        w for w in words if w not in allowed and not any(a.endswith("-") and w.startswith(a) for a in allowed)
    ]


@pytest.mark.parametrize("page", KEY_PAGES)
def test_every_word_a_key_page_shows_comes_from_the_catalogue_the_data_or_the_engine(
    event, db, pseudo_french, page
):
    from django.conf import settings

    text, _seen = fetch(event, page, "fr")
    data = {*TEAM_NAMES, *(u.username for u in event.users.values()), *event.tournament.name.split()}
    data |= {name for _code, name in settings.LANGUAGES}
    data |= {"engine", "no", "pairing"}  # the failed run's error in the e-mail: "engine: no pairing"
    data |= venue_zone_words(event.tournament)  # "20:00 UTC", "times in Europe/Paris": data, not site strings
    left = unmarked_words(text, NAMES | data)
    assert not left, f"{page}: words outside the catalogue: {' '.join(left)}"
