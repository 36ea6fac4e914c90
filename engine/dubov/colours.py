"""Dubov 3: colour allocation, after the limitations 2.3 and 2.4.

With descending priority: both their due colour; equalise whites and blacks
played; alternate from the first difference of the colour histories going
back from the previous round; White to the higher ARO; White to the lower R.
The text stops there; the last resort (same ARO and R, same history) gives
White to the lower TPN (docs/interpretations/dubov.md, Dubov 3).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dubov.limits import Limits, colour_allowed
from engine.dubov.profile import Profile
from engine.messages import Message, msg
from engine.state import Colour


@dataclass(frozen=True)
class Allocation:
    white: int
    black: int
    article: str
    reason: Message  # the colour step's words (``str()``: the English)
    rule: str = ""  # which priority decided: limits, due, equalise, alternate, aro, rating, tpn


def _first_difference(a: Profile, b: Profile) -> Colour | None:
    """``a``'s colour in the latest round where the two histories differ."""
    for rnd in sorted(set(a.colour_by_round) & set(b.colour_by_round), reverse=True):
        ca, cb = a.colour_by_round[rnd], b.colour_by_round[rnd]
        if ca is not cb:
            return ca
    return None


def allocate(limits: Limits, a: int, b: int) -> Allocation:
    """The colours of ``a`` and ``b`` by Dubov 2.3/2.4 then the five priorities of 3."""
    pa, pb = limits.profiles[a], limits.profiles[b]

    def give(colour_for_a: Colour, article: str, reason: Message, rule: str) -> Allocation:
        if colour_for_a is Colour.WHITE:
            return Allocation(a, b, article, reason, rule)
        return Allocation(b, a, article, reason, rule)

    # 2.3/2.4 bind whenever they can be met, even for whom a relaxed round set them aside;
    # else the colours the limitations still in force allow (engine.dubov.relaxation).
    options = (
        [c for c in (Colour.WHITE, Colour.BLACK) if colour_allowed(pa, c) and colour_allowed(pb, c.opposite)]
        or limits.colour_options(pa, pb)
        or [Colour.WHITE, Colour.BLACK]
    )
    if len(options) == 1:
        return give(
            options[0], "Dubov 2.3-2.4", msg("the only colours the limitations 2.3 and 2.4 allow"), "limits"
        )
    if pa.due is not None and pa.due is not pb.due:
        return give(pa.due, "Dubov 3", msg("both get their due colour"), "due")
    if pa.due is None and pb.due is not None:
        return give(pb.due.opposite, "Dubov 3", msg("both get their due colour"), "due")
    if pa.colour_difference != pb.colour_difference:
        colour = Colour.WHITE if pa.colour_difference < pb.colour_difference else Colour.BLACK
        return give(colour, "Dubov 3", msg("equalises the whites and blacks played"), "equalise")
    first = _first_difference(pa, pb)
    if first is not None:
        return give(
            first.opposite,
            "Dubov 3",
            msg("alternates from the first difference of the colour histories"),
            "alternate",
        )
    if pa.aro_tenths != pb.aro_tenths:
        colour = Colour.WHITE if pa.aro_tenths > pb.aro_tenths else Colour.BLACK
        return give(colour, "Dubov 3", msg("White to the higher ARO"), "aro")
    if pa.rating != pb.rating:
        colour = Colour.WHITE if pa.rating < pb.rating else Colour.BLACK
        return give(colour, "Dubov 3", msg("White to the lower R"), "rating")
    colour = Colour.WHITE if a < b else Colour.BLACK
    return give(colour, "Dubov 9", msg("all priorities of 3 equal: White to the lower TPN"), "tpn")
