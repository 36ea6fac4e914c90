"""The plain-language "why this colour" of each Lim player (Lim 12, 13), and small wording helpers.

``RoundPairing.explain_why`` takes one line per participant for a captain.
The opponent half is written where the pair is made (``engine.lim.scoregroup``)
and kept in ``LimContext.pair_why``; the colour half is written here from the
step of the colour order (``engine.lim.colours.allocation``) that decided.
"""

from __future__ import annotations

from engine.common.colours import beyond_difference, third_in_a_row
from engine.lim.context import LimContext, LimPlayer
from engine.messages import Message, Team, msg
from engine.messages.words import BLACKS, WHITES, due_colour
from engine.messages.words import colour_name as name
from engine.result import Pair
from engine.state import Colour


def listing(items: list[int], word: str = "and") -> str:
    names = [str(x) for x in items]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {word} " + names[-1]


def listed(items: list[int], word: str = "and") -> str | Message:
    """:func:`listing` in the reader's language: "3", "3 and 5", "3, 5 or 7"."""
    names = [str(x) for x in items]
    if len(names) < 2:
        return "".join(names)
    return msg(
        "{first} and {second}" if word == "and" else "{first} or {second}", first=names[:-1], second=names[-1]
    )


def group_message(label: str, capital: bool = False) -> Message:
    """A score-group's label ("score-group 2.5", "median score-group") with its article, as a message
    (``capital``: starting a sentence)."""
    if label.startswith("score-group "):
        score = label.removeprefix("score-group ")
        return msg("The score-group {score}" if capital else "the score-group {score}", score=float(score))
    return msg("The median score-group" if capital else "the median score-group")


def label_message(label: str) -> Message:
    """A score-group's label ("score-group 2.5", "median score-group") as a message."""
    if label.startswith("score-group "):
        return msg("score-group {score}", score=float(label.removeprefix("score-group ")))
    return msg("median score-group")


def due_reason(p: LimPlayer) -> Message:
    """Lim 12.1, 12.5, 12.6 in words: why ``p`` is due his colour."""
    whites = sum(1 for c in p.colours if c is Colour.WHITE)
    blacks = len(p.colours) - whites
    if whites != blacks:
        return msg("you have had more {colours}", colours=BLACKS if blacks > whites else WHITES)
    return msg("you had {colour} in your last game", colour=name(p.colours[-1]))


def _bar(p: LimPlayer, colour: Colour) -> Message | None:
    if third_in_a_row(p.colours, colour):
        return msg("a third {colour} running", colour=name(colour))
    if beyond_difference(p.colours, colour):
        return msg(
            "three more {colours} than {others}",
            colours=WHITES if colour is Colour.WHITE else BLACKS,
            others=BLACKS if colour is Colour.WHITE else WHITES,
        )
    return None


def colour_reason(ctx: LimContext, pair: Pair, rule: str, tpn: int, board: int, upper: bool) -> Message:
    """Why ``tpn`` gets the colour ``pair`` gives him, for a captain."""
    white = pair.white == tpn
    mine = Colour.WHITE if white else Colour.BLACK
    me = ctx.players[tpn]
    other_tpn = pair.black if white else pair.white
    opp = ctx.players[other_tpn]
    colour, other = name(mine), Team(other_tpn)
    if rule == "limits":
        bar = _bar(me, mine.opposite)
        if bar:
            return msg(
                "You get {colour}: {opposite} would give you {bar}.",
                colour=colour,
                opposite=name(mine.opposite),
                bar=bar,
            )
        return msg(
            "You get {colour}: {colour} would give {other} {bar}.",
            colour=colour,
            other=other,
            bar=_bar(opp, mine) or msg("a colour Lim 12.1 forbids"),
        )
    if rule == "lot":
        higher = ctx.rank_key(tpn) < ctx.rank_key(other_tpn)
        key = {
            (
                True,
                True,
            ): "the higher-ranked player has the colour drawn by lot, and you are the higher-ranked player",
            (True, False): "the higher-ranked player has the colour drawn by lot, and you are the other",
            (False, True): "the higher-ranked player has the colour opposite to the lot, and you are the "
            "higher-ranked player",
            (
                False,
                False,
            ): "the higher-ranked player has the colour opposite to the lot, and you are the other",
        }[(board % 2 == 1, higher)]
        return msg(
            "You get {colour}: neither of you has a colour yet; at table {board} {rule}.",
            colour=colour,
            board=board,
            rule=msg(key),
        )
    if rule == "due":
        return due_colour(mine, other, None if me.due is None else due_reason(me))
    if rule == "compulsory":
        if me.must:
            return msg(
                "You get {colour}: you were both due {due}, and it is compulsory for you (Lim 12.3).",
                colour=colour,
                due=name(me.due),
            )
        return msg(
            "You get {colour}: you were both due {due}, and it is compulsory for {other} (Lim 12.3).",
            colour=colour,
            due=name(me.due),
            other=other,
        )
    if rule == "history":
        for i in range(1, min(len(me.colours), len(opp.colours)) + 1):
            if me.colours[-i] is not opp.colours[-i]:
                when = msg("in your last game") if i == 1 else msg("in your game {count} games back", count=i)
                return msg(
                    "You get {colour}: you were both due {due}; going back, {when} you had {had} and {other} "
                    "{theirs}, so the colours alternate from there.",
                    colour=colour,
                    due=name(me.due),
                    when=when,
                    had=name(me.colours[-i]),
                    other=other,
                    theirs=name(opp.colours[-i]),
                )
    higher = ctx.rank_key(tpn) < ctx.rank_key(other_tpn)
    key = {
        (True, True): "in the median score-group or above the higher-ranked player gets his due colour, "
        "and you are the higher-ranked",
        (True, False): "in the median score-group or above the higher-ranked player gets his due colour, "
        "and you are the lower-ranked",
        (False, True): "below the median score-group the lower-ranked player gets his due colour, "
        "and you are the higher-ranked",
        (False, False): "below the median score-group the lower-ranked player gets his due colour, "
        "and you are the lower-ranked",
    }[(upper, higher)]
    return msg(
        "You get {colour}: you were both due {due} with the same colour history; {rule}.",
        colour=colour,
        due=name(me.due),
        rule=msg(key),
    )
