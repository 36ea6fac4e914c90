"""The Step and the plain "why" of each scrutiny of a score-group (Lim 9.4, 10.8, 11, 12.2).

The exchange search (:mod:`engine.lim.exchange`) returns one :class:`Level` per player scrutinised:
his opponent and the candidates he passed over, each with the cause. This module writes it for the
committee (the step, citing the article that decided it) and, for both players of the pair, for a
captain (``LimContext.pair_why``, the opponent half of the "why" line).
"""

from __future__ import annotations

from engine.lim.context import LimContext
from engine.lim.exchange import Level
from engine.lim.why import group_message, listed
from engine.messages import Message, msg
from engine.messages.words import colour_name
from engine.result import RoundPairing


def explain_level(
    ctx: LimContext,
    rp: RoundPairing,
    lvl: Level,
    first_resident: bool,
    label: str = "",
    downward: bool = True,
) -> None:
    """The Step of one scrutiny (Lim 9.4, 10.8, 11, 12.2), and the plain "why" of the pair it makes."""
    p, c = lvl.player, lvl.opponent
    causes = {q: _cause(ctx, lvl, p, q, why) for q, why in lvl.rejected}
    tried = [msg("{team} ({cause})", team=q, cause=causes[q]) for q, _ in lvl.rejected]
    data = {"player": p, "opponent": c, "tried": [q for q, _ in lvl.rejected]}
    plain_tried = _plain_tried(ctx, lvl, p, "you")
    if lvl.floater:
        colour = lvl.colour_exchange
        step = msg(
            "floater {team} meets {other}{colour}{passed}",
            team=p,
            other=c,
            colour=(
                msg(" (the nearest player due the alternate colour, within the Maxi rating limit)")
                if ctx.options.maxi
                else msg(" (the nearest player due the alternate colour)")
            )
            if colour
            else "",
            passed=msg("; passed over {tried}", tried=tried) if tried else "",
        )
        rp.explain("Lim 10.8", "pairing", step, **data)
        came = ctx.float_why.get(p) or msg("You floated into {group}", group=group_message(label))
        _why(
            ctx,
            p,
            c,
            "Lim 10.8",
            msg(
                "{cause}; there a floater meets the nearest player due the alternate colour he may meet first: "
                "{other}{tried}."
                if colour
                else "{cause}; there a floater meets the nearest player he may meet first: {other}{tried}.",
                cause=came,
                other=c,
                tried=msg(" ({tried})", tried=plain_tried) if plain_tried else "",
            ),
            msg(
                "{other} floated into {group}, and a floater meets the nearest player due the alternate colour "
                "he may meet first: you (Lim 10.8)."
                if colour
                else "{other} floated into {group}, and a floater meets the nearest player he may meet first: "
                "you (Lim 10.8).",
                other=p,
                group=group_message(label),
            ),
        )
        return
    if lvl.colour_exchange:
        first = lvl.default
        due = ctx.players[p].due
        rp.explain(
            "Lim 12.2",
            "pairing",
            msg(
                "{team} v {other}: opponents exchanged so both get the colour they are due{first}{maxi}",
                team=p,
                other=c,
                first=msg(
                    " ({first}, the first compatible opponent, is due {colour} like {team})",
                    first=first,
                    colour=colour_name(due),
                    team=p,
                )
                if first
                else "",
                maxi=msg(" (ratings within the Maxi limit, Lim 12.7)") if ctx.options.maxi else "",
            ),
            passed_for_colour=first,
            **data,
        )
        _why(
            ctx,
            p,
            c,
            "Lim 12.2",
            msg(
                "{first}, your first possible opponent, is due {colour} like you, so opponents were exchanged "
                "and you meet {other}: you both get the colour you are due.",
                first=str(first),
                colour=colour_name(due),
                other=c,
            ),
            msg(
                "{other}'s first possible opponent, {first}, is due the same colour as he, so opponents were "
                "exchanged and he meets you: you both get the colour you are due.",
                other=p,
                first=str(first),
            ),
        )
    elif c == lvl.proposed and not tried:
        rp.explain(
            "Lim 9.4",
            "pairing",
            msg(
                "{team} v {other}: proposed pairing confirmed (top half against bottom half)", team=p, other=c
            ),
            **data,
        )
        _why(
            ctx,
            p,
            c,
            "Lim 9.4",
            msg(
                "You are the highest-ranked player still to be paired in {group}; its top half meets its bottom "
                "half in order, which gives you {other}."
                if downward
                else "You are the lowest-ranked player still to be paired in {group}; its top half meets its "
                "bottom half in order, which gives you {other}.",
                group=group_message(label),
                other=c,
            ),
            msg(
                "{other}, the highest-ranked player still to be paired in {group}, meets the first of the bottom "
                "half in order: you."
                if downward
                else "{other}, the lowest-ranked player still to be paired in {group}, meets the first of the "
                "bottom half in order: you.",
                other=p,
                group=group_message(label),
            ),
        )
    else:
        art = "Lim 11.2" if first_resident else "Lim 11.3"
        rp.explain(
            art,
            "pairing",
            msg("{team} v {other} after exchanges (Lim 11.1): {tried}", team=p, other=c, tried=tried),
            **data,
        )
        names = listed([q for q, _ in lvl.rejected], "or")
        _why(
            ctx,
            p,
            c,
            art,
            msg(
                "Your proposed opponent could not be kept ({cause}), so exchanges in {group} give you {other}.",
                cause=plain_tried,
                group=group_message(label),
                other=c,
            ),
            msg(
                "{other} could not meet {others} ({cause}), so exchanges in the group give him you.",
                other=p,
                others=names,
                cause=_plain_tried(ctx, lvl, p, "he"),
            ),
        )


def _cause(ctx: LimContext, lvl: Level, p: int, q: int, why: str) -> Message:
    if why == "incompatible":
        return ctx.why_incompatible(p, q)
    alone = lvl.isolates.get(q)
    if alone is not None:
        return msg("would leave {team} without a compatible opponent, Lim 11.4", team=alone)
    return msg("would leave the others unpairable, Lim 11.4")


def _plain_tried(ctx: LimContext, lvl: Level, p: int, subject: str) -> Message | str:
    """Why ``p`` did not get the candidates he passed over, for a captain ("you have already played 4 and 5");
    ``""`` if he passed over none."""
    you = subject == "you"
    played = [
        q for q, why in lvl.rejected if why == "incompatible" and q in ctx.state.by_tpn[p].played_opponents
    ]
    bits: list[Message] = []
    if played:
        bits.append(
            msg(
                "you have already played {others}" if you else "he has already played {others}",
                others=listed(played),
            )
        )
    for q, why in lvl.rejected:
        if q in played:
            continue
        if why == "incompatible":
            if ctx.met(p, q):
                bits.append(
                    msg(
                        "you and {other} may not be paired" if you else "he and {other} may not be paired",
                        other=q,
                    )
                )
            else:
                bits.append(
                    msg(
                        "no colours would keep the colour rules for you and {other}"
                        if you
                        else "no colours would keep the colour rules for him and {other}",
                        other=q,
                    )
                )
        elif q in lvl.isolates:
            bits.append(
                msg(
                    "meeting {other} would have left {others} without an opponent",
                    other=q,
                    others=lvl.isolates[q],
                )
            )
        else:
            bits.append(msg("meeting {other} would have left the others unpairable", other=q))
    if not bits:
        return ""
    text = bits[0]
    for bit in bits[1:]:
        text = msg("{first}; {second}", first=text, second=bit)
    return text


def _why(ctx: LimContext, p: int, c: int, article: str, for_p: Message, for_c: Message) -> None:
    ctx.pair_why[frozenset((p, c))] = {p: (for_p, article), c: (for_c, article)}
