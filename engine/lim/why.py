"""The plain-language "why this colour" of each Lim player (Lim 12, 13), and small wording helpers.

``RoundPairing.explain_why`` takes one line per participant for a captain.
The opponent half is written where the pair is made (``engine.lim.scoregroup``)
and kept in ``LimContext.pair_why``; the colour half is written here from the
step of the colour order (``engine.lim.colours.allocation``) that decided.
"""

from __future__ import annotations

from engine.common.colours import beyond_difference, third_in_a_row
from engine.lim.context import LimContext, LimPlayer
from engine.result import Pair
from engine.state import Colour


def name(c: Colour | None) -> str:
    return "White" if c is Colour.WHITE else "Black"


def listing(items: list[int], word: str = "and") -> str:
    names = [str(x) for x in items]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {word} " + names[-1]


def due_reason(p: LimPlayer) -> str:
    """Lim 12.1, 12.5, 12.6 in words: why ``p`` is due his colour."""
    whites = sum(1 for c in p.colours if c is Colour.WHITE)
    blacks = len(p.colours) - whites
    if whites != blacks:
        return f"you have had more {'Blacks' if blacks > whites else 'Whites'}"
    return f"you had {name(p.colours[-1])} in your last game"


def _bar(p: LimPlayer, colour: Colour) -> str:
    if third_in_a_row(p.colours, colour):
        return f"a third {name(colour)} running"
    if beyond_difference(p.colours, colour):
        return f"three more {name(colour)}s than {name(colour.opposite)}s"
    return ""


def colour_reason(ctx: LimContext, pair: Pair, rule: str, tpn: int, board: int, upper: bool) -> str:
    """Why ``tpn`` gets the colour ``pair`` gives him, for a captain."""
    white = pair.white == tpn
    mine = Colour.WHITE if white else Colour.BLACK
    me = ctx.players[tpn]
    other_tpn = pair.black if white else pair.white
    opp = ctx.players[other_tpn]
    you_get = f"You get {name(mine)}"
    if rule == "limits":
        bar = _bar(me, mine.opposite)
        if bar:
            return f"{you_get}: {name(mine.opposite)} would give you {bar}."
        return f"{you_get}: {name(mine)} would give {other_tpn} {_bar(opp, mine) or 'a colour Lim 12.1 forbids'}."
    if rule == "lot":
        drawn = "the colour drawn by lot" if board % 2 == 1 else "the colour opposite to the lot"
        higher = "the higher-ranked player" if ctx.rank_key(tpn) < ctx.rank_key(other_tpn) else "the other"
        return (
            f"{you_get}: neither of you has a colour yet; at table {board} the higher-ranked player has {drawn}, "
            f"and you are {higher}."
        )
    if rule == "due":
        if me.due is None:
            return f"{you_get}: you have no colour yet and {other_tpn} is due {name(mine.opposite)}."
        return f"{you_get}, the colour you are due: {due_reason(me)}."
    if rule == "compulsory":
        if me.must:
            return f"{you_get}: you were both due {name(me.due)}, and it is compulsory for you (Lim 12.3)."
        return (
            f"{you_get}: you were both due {name(me.due)}, and it is compulsory for {other_tpn} (Lim 12.3)."
        )
    if rule == "history":
        for i in range(1, min(len(me.colours), len(opp.colours)) + 1):
            if me.colours[-i] is not opp.colours[-i]:
                when = "in your last game" if i == 1 else f"in your game {i} games back"
                return (
                    f"{you_get}: you were both due {name(me.due)}; going back, {when} you had "
                    f"{name(me.colours[-i])} and {other_tpn} {name(opp.colours[-i])}, so the colours alternate "
                    "from there."
                )
    higher = ctx.rank_key(tpn) < ctx.rank_key(other_tpn)
    who = "higher" if upper else "lower"
    where = "in the median score-group or above" if upper else "below the median score-group"
    return (
        f"{you_get}: you were both due {name(me.due)} with the same colour history; {where} the {who}-ranked "
        f"player gets his due colour, and you are the {'higher' if higher else 'lower'}-ranked."
    )
