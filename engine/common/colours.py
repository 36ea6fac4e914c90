"""Colour histories: differences, due colours and the limits on colours.

The colour of a participant is the one it had in matches actually played
(for a team, its first board's; ``Participant.colours``). Three texts state
the same limits on it: the colour difference (whites minus blacks) stays
within -2..+2 and nobody has one colour three times running (Olympiad 1998
rule 17; Dubov 2.3 and 2.4; Lim 12.1(a) and (b)); and two of them give the
same due colour: the colour played less often, or with equal numbers the
other of the last one (Dubov 1; Lim 12.1, 12.5, 12.6).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.state import Colour

#: Olympiad 1998 rule 17(a), Dubov 2.3, Lim 12.1(b): the largest colour difference allowed.
MAX_DIFFERENCE = 2


def colour_difference(colours: Sequence[Colour]) -> int:
    """Whites minus blacks (C.04.6 1.6.2)."""
    return sum(1 if c is Colour.WHITE else -1 for c in colours)


def difference_after(colours: Sequence[Colour], colour: Colour) -> int:
    """The colour difference once ``colour`` is played too."""
    return colour_difference(colours) + (1 if colour is Colour.WHITE else -1)


def third_in_a_row(colours: Sequence[Colour], colour: Colour) -> bool:
    """``colour`` would be the same colour three times running (Olympiad 17(b), Dubov 2.4, Lim 12.1(a))."""
    return len(colours) >= 2 and colours[-1] is colour and colours[-2] is colour


def beyond_difference(colours: Sequence[Colour], colour: Colour) -> bool:
    """``colour`` would take the difference beyond +-2 (Olympiad 17(a), Dubov 2.3, Lim 12.1(b))."""
    return abs(difference_after(colours, colour)) > MAX_DIFFERENCE


def within_limits(colours: Sequence[Colour], colour: Colour) -> bool:
    """``colour`` keeps both limits: difference within +-2, never three alike in a row."""
    return not beyond_difference(colours, colour) and not third_in_a_row(colours, colour)


def equalising_colour(colours: Sequence[Colour]) -> Colour | None:
    """The colour played less often; None with equal numbers (Olympiad 19(1), Dubov 1, Lim 12.1)."""
    diff = colour_difference(colours)
    if diff > 0:
        return Colour.BLACK
    if diff < 0:
        return Colour.WHITE
    return None


def due_colour(colours: Sequence[Colour]) -> Colour | None:
    """The colour played less often, or else the other of the last one; None before any game.

    Dubov 1; Lim 12.1 (equalise), 12.5 and 12.6 (alternate).
    """
    if not colours:
        return None
    return equalising_colour(colours) or colours[-1].opposite
