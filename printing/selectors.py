"""Reads for the printed documents: what the header of every page says."""

from __future__ import annotations

from django.utils import timezone

from committee import selectors as committee_selectors
from operations import selectors as ops_selectors
from printing.pdf import PrintHeader
from tournaments.models import Round, Tournament
from tournaments.time_zones import at_venue, format_at_venue


def _round_date(rnd: Round, published_at, tournament: Tournament) -> str:
    if rnd.date:
        return rnd.date.isoformat()
    when = rnd.starts_at or published_at
    return at_venue(when, tournament).date().isoformat() if when else ""


def print_header(tournament: Tournament, document: str, number: int | None) -> PrintHeader:
    """The header of a document about round ``number`` (None: the tournament, as far as played)."""
    # At the venue, with its zone, like every time the site shows (issue 18 item 6).
    printed_at = format_at_venue(timezone.now(), tournament, "Y-m-d H:i")
    document = str(document)  # a translated title, in the reader's language
    if number is None:
        number = ops_selectors.latest_result_round(tournament)
    rnd = ops_selectors.round_of(tournament, number) if number else None
    if rnd is None:
        return PrintHeader(tournament.name, document, printed_at=printed_at)
    publications = committee_selectors.public_publications(rnd)
    latest = publications[0] if publications else None
    return PrintHeader(
        tournament=tournament.name,
        document=document,
        round=rnd.number,
        date=_round_date(rnd, latest.published_at if latest else None, tournament),
        publication=latest.number if latest else None,
        printed_at=printed_at,
    )
