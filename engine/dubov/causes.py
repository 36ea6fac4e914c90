"""Why two Dubov participants may not meet this round (Dubov 2.1, 2.3-2.5), in words.

The explanation and the checker name the limitation that bars a pair rather
than saying "incompatible": a committee must be able to read the cause.
"""

from __future__ import annotations

from engine.common.colours import beyond_difference, third_in_a_row
from engine.dubov.limits import Limits
from engine.dubov.profile import Profile
from engine.messages import Message, msg
from engine.state import Colour


def label(limits: Limits, t: int) -> str:
    name = limits.profiles[t].name
    return f"{t}" + (f" {name}" if name else "")


def _name(c: Colour) -> str:
    return "White" if c is Colour.WHITE else "Black"


def colour_bar(p: Profile, colour: Colour) -> str:
    """Why ``p`` may not have ``colour`` (2.4 or 2.3), or ``""`` if he may."""
    if third_in_a_row(p.colours, colour):
        return f"a third {_name(colour)} in a row (2.4)"
    if beyond_difference(p.colours, colour):
        return f"{_name(colour)}, which would take the colour difference beyond 2 (2.3)"
    return ""


def short_bar(limits: Limits, a: int, b: int) -> str:
    """What bars ``a`` from meeting ``b``, seen from ``a`` ("has played 7", ...); ``""`` if nothing."""
    state = limits.state
    if b in state.by_tpn[a].played_opponents:
        return f"has played {b}"
    if state.have_met(a, b):
        return f"may not meet {b} (a forbidden pair, 2.1)"
    pa, pb = limits.profiles[a], limits.profiles[b]
    if not limits.colour_options(pa, pb):
        return f"may not meet {b} (no colours both may have, 2.3/2.4)"
    if pa.score != pb.score:
        lower = pa if pa.score < pb.score else pb
        if not limits.may_upfloat(lower):
            return f"may not meet {b} ({lower.tpn} may not float up again, 2.5)"
    return ""


def bar_cause(limits: Limits, a: int, b: int) -> Message | None:
    """The limitation in parentheses of :func:`short_bar` ("(a forbidden pair, 2.1)") as a message;
    None where ``a`` has played ``b`` or nothing bars them."""
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
    """:func:`bars_text` as a message (``you``: said of the reader, "have played 3"), or None."""
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


def barred(limits: Limits, a: int, b: int) -> str:
    """Why ``a`` and ``b`` may not be paired under the limitations in force, or ``""`` if they may.

    The first cause found, in the order of chapter 2: 2.1 (met, or a
    forbidden pair), 2.3/2.4 (no colours both may have), 2.5 (the lower of
    the two may not float up).
    """
    state = limits.state
    la, lb = label(limits, a), label(limits, b)
    if b in state.by_tpn[a].played_opponents:
        return f"{la} and {lb} have played each other (2.1)"
    if state.have_met(a, b):
        return f"{la} and {lb} are a forbidden pair (2.1)"
    pa, pb = limits.profiles[a], limits.profiles[b]
    if not limits.colour_options(pa, pb):
        parts = []
        for t, p in ((a, pa), (b, pb)):
            bars = [colour_bar(p, c) for c in (Colour.WHITE, Colour.BLACK) if not limits.may_have(p, c)]
            bars = [x for x in bars if x]
            if bars:
                parts.append(f"{label(limits, t)} may not have " + " nor ".join(bars))
        detail = "; ".join(parts) or "no colours both may have"
        return f"{la} and {lb} may not meet: {detail}"
    if pa.score != pb.score:
        lower = pa if pa.score < pb.score else pb
        if not limits.may_upfloat(lower):
            return f"{label(limits, lower.tpn)} {upfloat_bar(limits, lower)}"
    return ""


def upfloat_bar(limits: Limits, p: Profile) -> str:
    """Why ``p`` may not float up this round (2.5), or ``""`` if he may."""
    if limits.may_upfloat(p):
        return ""
    why = (
        "floated up in the previous round"
        if p.upfloated_last_round
        else f"has floated up {p.upfloats} times (limit {limits.upfloat_limit})"
    )
    return f"may not float up again (2.5: {why})"


def bars_text(limits: Limits, a: int, others: list[int]) -> str:
    """What bars ``a`` from each of ``others``, merged: "has played 3 and 7; may not meet 5 (...)"."""
    played = [b for b in others if b in limits.state.by_tpn[a].played_opponents]
    rest = [short_bar(limits, a, b) for b in others if b not in played]
    parts = []
    if played:
        names = [str(b) for b in played]
        parts.append(
            "has played " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0])
        )
    parts += [r for r in rest if r]
    return "; ".join(parts)
