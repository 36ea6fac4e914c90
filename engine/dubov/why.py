"""The plain-language "why this colour" of each Dubov participant (Dubov 1, 2.3-2.4, 3).

``RoundPairing.explain_why`` takes one line per participant for a captain;
this module writes the colour half of it from the allocation of chapter 3.
The opponent half is written where the pairing is made (rows, transfers,
floaters, bye), because only there is the cause known.
"""

from __future__ import annotations

from engine.dubov.causes import colour_bar
from engine.dubov.colours import Allocation
from engine.dubov.limits import Limits
from engine.dubov.profile import Profile
from engine.state import Colour


def _name(c: Colour) -> str:
    return "White" if c is Colour.WHITE else "Black"


def due_reason(p: Profile) -> str:
    """Dubov 1 in words: why ``p`` is due his colour."""
    whites = sum(1 for c in p.colours if c is Colour.WHITE)
    blacks = len(p.colours) - whites
    if whites != blacks:
        more = "Blacks than Whites" if blacks > whites else "Whites than Blacks"
        return f"you have played more {more}"
    return f"you had {_name(p.colours[-1])} in your last game"


def _first_difference_round(a: Profile, b: Profile) -> int | None:
    for rnd in sorted(set(a.colour_by_round) & set(b.colour_by_round), reverse=True):
        if a.colour_by_round[rnd] is not b.colour_by_round[rnd]:
            return rnd
    return None


def colour_reason(limits: Limits, alloc: Allocation, tpn: int) -> str:
    """Why ``tpn`` gets the colour ``alloc`` gives him, for a captain."""
    white = alloc.white == tpn
    mine = Colour.WHITE if white else Colour.BLACK
    me = limits.profiles[tpn]
    opp = limits.profiles[alloc.black if white else alloc.white]
    you_get = f"You get {_name(mine)}"
    if alloc.rule == "limits":
        bar = colour_bar(me, mine.opposite)
        if bar:
            return f"{you_get}: you may not have {bar}."
        bar = colour_bar(opp, mine)
        return f"{you_get}: {opp.tpn} may not have {bar or _name(mine)}."
    if alloc.rule == "due":
        if me.due is None:
            return f"{you_get}: you have no colour yet and {opp.tpn} is due {_name(mine.opposite)}."
        return f"{you_get}, the colour you are due: {due_reason(me)}."
    due = _name(me.due) if me.due is not None else "the same colour"
    if alloc.rule == "equalise":
        return (
            f"{you_get}: you were both due {due}; {_name(mine)} evens out your colours more than "
            f"{opp.tpn}'s (Whites minus Blacks: yours {me.colour_difference:+d}, "
            f"{opp.tpn}'s {opp.colour_difference:+d})."
        )
    if alloc.rule == "alternate":
        rnd = _first_difference_round(me, opp)
        return (
            f"{you_get}: you were both due {due} with the same balance of colours; in round {rnd}, the last round "
            f"your colours differed, you had {_name(mine.opposite)}, so the colours alternate from there."
        )
    if alloc.rule == "aro":
        return (
            f"{you_get}: your colour histories are alike, and White goes to the higher average rating of "
            f"opponents (yours {me.aro:.1f}, {opp.tpn}'s {opp.aro:.1f})."
        )
    if alloc.rule == "rating":
        return (
            f"{you_get}: your colour histories and average opponent ratings are alike, and White goes to the "
            f"lower rating (yours {me.rating:g}, {opp.tpn}'s {opp.rating:g})."
        )
    return f"{you_get}: everything else being equal, White goes to the lower starting number."
