"""Why two Dubov participants may not meet this round (Dubov 2.1, 2.3-2.5), in words.

The explanation and the checker name the limitation that bars a pair rather
than saying "incompatible": a committee must be able to read the cause.
"""

from __future__ import annotations

from engine.common.colours import beyond_difference, third_in_a_row
from engine.dubov.limits import Limits
from engine.dubov.profile import Profile
from engine.messages import Message, Team, joined, msg, msgn
from engine.messages.words import colour_name
from engine.state import Colour


def label(limits: Limits, t: int) -> str:
    name = limits.profiles[t].name
    return f"{t}" + (f" {name}" if name else "")


def team(limits: Limits, t: int) -> Team:
    """``t`` as a reason names him: "7 Smith" (by name and TPN where the reader's page knows the names)."""
    return Team(t, label(limits, t))


def colour_bar(p: Profile, colour: Colour) -> Message | None:
    """Why ``p`` may not have ``colour`` (2.4 or 2.3), or None if he may."""
    if third_in_a_row(p.colours, colour):
        return msg("a third {colour} in a row (2.4)", colour=colour_name(colour))
    if beyond_difference(p.colours, colour):
        return msg(
            "{colour}, which would take the colour difference beyond 2 (2.3)", colour=colour_name(colour)
        )
    return None


def bar_cause(limits: Limits, a: int, b: int) -> Message | None:
    """What bars ``a`` from meeting ``b`` other than a game played, in parentheses ("(a forbidden pair,
    2.1)"); None where ``a`` has played ``b`` or nothing bars them."""
    state = limits.state
    if b in state.by_tpn[a].played_opponents:
        return None
    if state.have_met(a, b):
        return msg("(a forbidden pair, 2.1)")
    pa, pb = limits.profiles[a], limits.profiles[b]
    if not limits.colour_options(pa, pb):
        return msg("(no colours both may have, 2.3/2.4)")
    if pa.score != pb.score:
        lower = pa if pa.score < pb.score else pb
        if not limits.may_upfloat(lower):
            return msg("({team} may not float up again, 2.5)", team=lower.tpn)
    return None


def bars_message(limits: Limits, a: int, others: list[int], you: bool = False) -> Message | None:
    """What bars ``a`` from each of ``others``, merged: "has played 3 and 7; may not meet 5 (...)"
    (``you``: said of the reader, "have played 3"), or None if nothing does."""
    played = [b for b in others if b in limits.state.by_tpn[a].played_opponents]
    parts: list[Message] = []
    if played:
        names = [str(b) for b in played]
        listed = (
            names[0] if len(names) == 1 else msg("{first} and {second}", first=names[:-1], second=names[-1])
        )
        parts.append(msg("have played {others}" if you else "has played {others}", others=listed))
    for b in others:
        if b in played:
            continue
        cause = bar_cause(limits, a, b)
        if cause is not None:
            parts.append(msg("may not meet {other} {cause}", other=b, cause=cause))
    if not parts:
        return None
    out = parts[0]
    for part in parts[1:]:
        out = msg("{first}; {second}", first=out, second=part)
    return out


def barred(limits: Limits, a: int, b: int) -> Message | None:
    """Why ``a`` and ``b`` may not be paired under the limitations in force, or None if they may.

    The first cause found, in the order of chapter 2: 2.1 (met, or a
    forbidden pair), 2.3/2.4 (no colours both may have), 2.5 (the lower of
    the two may not float up).
    """
    state = limits.state
    ta, tb = team(limits, a), team(limits, b)
    if b in state.by_tpn[a].played_opponents:
        return msg("{team} and {other} have played each other (2.1)", team=ta, other=tb)
    if state.have_met(a, b):
        return msg("{team} and {other} are a forbidden pair (2.1)", team=ta, other=tb)
    pa, pb = limits.profiles[a], limits.profiles[b]
    if not limits.colour_options(pa, pb):
        parts = []
        for t, p in ((a, pa), (b, pb)):
            bars = [colour_bar(p, c) for c in (Colour.WHITE, Colour.BLACK) if not limits.may_have(p, c)]
            bars = [x for x in bars if x]
            if bars:
                nor = bars[0]
                for more in bars[1:]:
                    nor = msg("{first} nor {second}", first=nor, second=more)
                parts.append(msg("{team} may not have {bars}", team=team(limits, t), bars=nor))
        detail = joined(parts) if parts else msg("no colours both may have")
        return msg("{team} and {other} may not meet: {detail}", team=ta, other=tb, detail=detail)
    if pa.score != pb.score:
        lower = pa if pa.score < pb.score else pb
        if not limits.may_upfloat(lower):
            return msg("{team} {bars}", team=team(limits, lower.tpn), bars=upfloat_bar(limits, lower))
    return None


def upfloat_bar(limits: Limits, p: Profile) -> Message | None:
    """Why ``p`` may not float up this round (2.5), or None if he may."""
    if limits.may_upfloat(p):
        return None
    why = (
        msg("floated up in the previous round")
        if p.upfloated_last_round
        else msgn(
            "has floated up {count} times (limit {limit})",
            "has floated up {count} times (limit {limit})",
            count=p.upfloats,
            limit=limits.upfloat_limit,
        )
    )
    return msg("may not float up again (2.5: {why})", why=why)
