"""Words that are parameters of many reasons: the colours' names, written in the reader's language."""

from __future__ import annotations

from engine.messages import Message, msg
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


def due_colour(mine: Colour, other: Message | str, reason: Message | None) -> Message:
    """A player given the colour he is due and why (Dubov 1, Lim 12), or, with no colour yet
    (``reason`` None), the colour opposite to the one ``other`` is due."""
    if reason is None:
        return msg(
            "You get {colour}: you have no colour yet and {other} is due {due}.",
            colour=colour_name(mine),
            other=other,
            due=colour_name(mine.opposite),
        )
    return msg("You get {colour}, the colour you are due: {reason}.", colour=colour_name(mine), reason=reason)
