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
from engine.messages import Fixed, Message, Team, msg
from engine.messages.words import BLACKS, WHITES, due_colour
from engine.messages.words import colour_name as _name
from engine.state import Colour


def due_reason(p: Profile) -> Message:
    """Dubov 1 in words: why ``p`` is due his colour."""
    whites = sum(1 for c in p.colours if c is Colour.WHITE)
    blacks = len(p.colours) - whites
    if whites != blacks:
        more, fewer = (BLACKS, WHITES) if blacks > whites else (WHITES, BLACKS)
        return msg("you have played more {more} than {fewer}", more=more, fewer=fewer)
    return msg("you had {colour} in your last game", colour=_name(p.colours[-1]))


def _first_difference_round(a: Profile, b: Profile) -> int | None:
    for rnd in sorted(set(a.colour_by_round) & set(b.colour_by_round), reverse=True):
        if a.colour_by_round[rnd] is not b.colour_by_round[rnd]:
            return rnd
    return None


def colour_reason(limits: Limits, alloc: Allocation, tpn: int) -> Message:
    """Why ``tpn`` gets the colour ``alloc`` gives him, for a captain."""
    white = alloc.white == tpn
    mine = Colour.WHITE if white else Colour.BLACK
    me = limits.profiles[tpn]
    opp = limits.profiles[alloc.black if white else alloc.white]
    colour, other = _name(mine), Team(opp.tpn)
    if alloc.rule == "limits":
        bar = colour_bar(me, mine.opposite)
        if bar:
            return msg("You get {colour}: you may not have {bar}.", colour=colour, bar=bar)
        return msg(
            "You get {colour}: {other} may not have {bar}.",
            colour=colour,
            other=other,
            bar=colour_bar(opp, mine) or colour,
        )
    if alloc.rule == "due":
        return due_colour(mine, other, None if me.due is None else due_reason(me))
    due = _name(me.due) if me.due is not None else msg("the same colour")
    if alloc.rule == "equalise":
        return msg(
            "You get {colour}: you were both due {due}; {colour} evens out your colours more than "
            "{other}'s (Whites minus Blacks: yours {mine}, {other}'s {theirs}).",
            colour=colour,
            due=due,
            other=other,
            mine=f"{me.colour_difference:+d}",
            theirs=f"{opp.colour_difference:+d}",
        )
    if alloc.rule == "alternate":
        return msg(
            "You get {colour}: you were both due {due} with the same balance of colours; in round {round}, "
            "the last round your colours differed, you had {had}, so the colours alternate from there.",
            colour=colour,
            due=due,
            round=str(_first_difference_round(me, opp)),
            had=_name(mine.opposite),
        )
    if alloc.rule == "aro":
        return msg(
            "You get {colour}: your colour histories are alike, and White goes to the higher average rating of "
            "opponents (yours {mine}, {other}'s {theirs}).",
            colour=colour,
            other=other,
            mine=Fixed(me.aro),
            theirs=Fixed(opp.aro),
        )
    if alloc.rule == "rating":
        return msg(
            "You get {colour}: your colour histories and average opponent ratings are alike, and White goes to "
            "the lower rating (yours {mine}, {other}'s {theirs}).",
            colour=colour,
            other=other,
            mine=float(me.rating),
            theirs=float(opp.rating),
        )
    return msg(
        "You get {colour}: everything else being equal, White goes to the lower starting number.",
        colour=colour,
    )
