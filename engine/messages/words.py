"""Words that are parameters of many reasons: the colours' names, written in the reader's language."""

from __future__ import annotations

from engine.messages import Message
from engine.state import Colour

WHITE = Message("White")
BLACK = Message("Black")
WHITE_LOWER = Message("white")
BLACK_LOWER = Message("black")
WHITES = Message("Whites")
BLACKS = Message("Blacks")


def colour_name(c: Colour | None) -> Message:
    """ "White" / "Black" (None reads as Black, as the engine's wording always had it)."""
    return WHITE if c is Colour.WHITE else BLACK


def colour_lower(c: Colour) -> Message:
    return WHITE_LOWER if c is Colour.WHITE else BLACK_LOWER
