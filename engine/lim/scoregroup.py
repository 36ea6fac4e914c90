"""Pairing one score-group (Lim 9.3, 9.4, 9.5, 10, 11).

Transfers first (Lim 9.3(a)-(c): no compatible opponent in the group), then
the parity floater (Lim 9.3(d), 10.2-10.10), then the scrutiny and exchanges
of Lim 11 (see :mod:`engine.lim.exchange`). If even that cannot pair every
player, the players who cannot be paired while everyone scrutinised before
them keeps an opponent are floated (Lim 11.4, 10.1); a parity floater comes
back in their place (Lim 11.4(a)).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.lim import matching
from engine.lim.context import LimContext
from engine.lim.exchange import Level, Member, search
from engine.lim.floaters import choose_parity_floater, floater_order
from engine.lim.why import group_message, listed
from engine.messages import Message, msg
from engine.messages.words import colour_name
from engine.result import RoundPairing


@dataclass
class GroupOutcome:
    label: str
    pairs: list[tuple[int, int]] = field(default_factory=list)  # in the order made
    floaters: list[int] = field(default_factory=list)
    blocked: bool = False


def fmt(score: float) -> str:
    return f"{score:g}"


def transfer_reason(ctx: LimContext, p: int, group: list[int]) -> tuple[str, str]:
    """Lim 9.3(a)-(c): why ``p`` has no suitable opponent in ``group``."""
    others = [q for q in group if q != p]
    if all(ctx.met(p, q) for q in others):
        return "9.3(a)", "has already played every player of the score-group"
    me = ctx.players[p]
    if abs(me.diff) >= 2:
        return "9.3(b)", "has two more of one colour and no compatible opponent for a permissible colour"
    return "9.3(c)", "had the same colour twice running and no compatible opponent with the other colour"


def pair_group(
    ctx: LimContext,
    rp: RoundPairing,
    *,
    label: str,
    residents: list[int],
    incoming: dict[int, str],
    downward: bool,
    adjacent: list[int],
    median: bool = False,
) -> GroupOutcome:
    out = GroupOutcome(label=label)
    direction = "downward" if downward else "upward"
    res = sorted(residents, reverse=not downward)
    members = floater_order(ctx, [Member(t, k) for t, k in incoming.items()], downward)
    members += [Member(t) for t in res]
    rp.explain(
        "Lim 9.2",
        "bracket",
        f"{label}: paired {direction}; players {res}"
        + (f", floaters in {[(m.tpn, m.floater) for m in members if m.floater]}" if incoming else ""),
        group=label,
        residents=res,
        incoming=dict(incoming),
        downward=downward,
    )
    everyone = [m.tpn for m in members]

    # Lim 9.3(a)-(c): transfers before pairing.
    forced = []
    if len(everyone) > 1:
        forced = [t for t in everyone if not any(ctx.compatible(t, q) for q in everyone if q != t)]
    for t in forced:
        art, why = transfer_reason(ctx, t, everyone)
        if t in incoming:
            # Lim 10.5: a floater with no compatible opponent where he was sent
            # goes on to a further score-group.
            rp.explain(
                "Lim 10.5",
                "floaters",
                f"floater {t} {why} (Lim {art}): floated {direction} to a further score-group",
                tpn=t,
            )
            continue
        rp.explain(f"Lim {art}", "floaters", f"{t} {why}: transferred {direction} (Lim 10.2)", tpn=t)
        ctx.float_why[t] = msg(
            "You have no compatible opponent in {group} ({bars}), so you were transferred downward (Lim {rule})"
            if downward
            else "You have no compatible opponent in {group} ({bars}), so you were transferred upward (Lim {rule})",
            group=group_message(label),
            bars=_plain_bars(ctx, t, everyone),
            rule=art,
        )
    if forced and median:
        out.blocked = True
        out.floaters = forced
        return out
    members = [m for m in members if m.tpn not in forced]
    out.floaters.extend(forced)

    # Lim 9.3(d): make the number even.
    parity: int | None = None
    if len(members) % 2:
        if median:
            out.blocked = True
            return out
        choice = choose_parity_floater(
            ctx, [m.tpn for m in members], set(incoming), adjacent, forced, downward
        )
        parity = choice.tpn
        rp.explain(
            "Lim 9.3(d)",
            "floaters",
            f"{label} is odd: {parity} floats {direction} (Lim 10.2, 10.9, 10.10): "
            + "; ".join(choice.reasons),
            tpn=parity,
            floater_type=choice.kind,
            due=choice.due_counts,
            passed=choice.passed,
        )
        ctx.float_why[parity] = msg(
            "{group} had an odd number of players, and you were the one to float downward "
            "({cause}; Lim 9.3(d), 10.2)"
            if downward
            else "{group} had an odd number of players, and you were the one to float upward "
            "({cause}; Lim 9.3(d), 10.2)",
            group=group_message(label, capital=True),
            cause=choice.plain,
        )
    pool = [m for m in members if m.tpn != parity]
    order = [m.tpn for m in pool]
    if len(matching.maximum(order, ctx.compatible)) < len(order):
        # Lim 11.4: keep the pairings of the players scrutinised first.
        full = [m.tpn for m in members]
        cannot = matching.unpaired_in_scrutiny_order(full, ctx.compatible)
        if median:
            out.blocked = True
            out.floaters.extend(cannot)
            return out
        if parity is not None and parity not in cannot:
            rp.explain("Lim 11.4(a)", "floaters", f"{parity} comes back into {label} in exchange", tpn=parity)
        rp.explain(
            "Lim 11.4",
            "floaters",
            f"no compatible opponent can be found for {cannot} in spite of exchanges: floated {direction} (Lim 10.1)"
            + "; the players scrutinised before them keep theirs ("
            + "; ".join(f"{t}: {_bars(ctx, t, full)}" for t in cannot)
            + ")",
            tpns=cannot,
        )
        for t in cannot:
            ctx.float_why[t] = msg(
                "No compatible opponent could be found for you in {group} in spite of exchanges, once the "
                "players ranked above you were paired, so you were floated downward (Lim 11.4, 10.1)"
                if downward
                else "No compatible opponent could be found for you in {group} in spite of exchanges, once the "
                "players ranked above you were paired, so you were floated upward (Lim 11.4, 10.1)",
                group=group_message(label),
            )
        parity = None
        pool = [m for m in members if m.tpn not in cannot]
        out.floaters.extend(cannot)
    elif parity is not None:
        out.floaters.append(parity)

    pairs, levels = search(ctx, pool, downward=downward)
    if pairs is None:  # pragma: no cover - the matching said it was possible
        raise AssertionError(f"{label}: exchange search failed after the matching check")
    out.pairs = pairs
    first_resident = True
    for lvl in levels:
        explain_level(ctx, rp, lvl, first_resident, label, downward)
        if not lvl.floater:
            first_resident = False
    return out


def _bars(ctx: LimContext, t: int, group: list[int]) -> str:
    """Whom in ``group`` ``t`` may not meet (Lim 9.1): "has met 2, 3; colours bar 5"."""
    met = [q for q in group if q != t and ctx.met(t, q)]
    colours = [q for q in group if q != t and not ctx.met(t, q) and not ctx.compatible(t, q)]
    parts = []
    if met:
        parts.append(f"has met {', '.join(map(str, met))}")
    if colours:
        parts.append(f"no colours keep Lim 12.1 with {', '.join(map(str, colours))}")
    return "; ".join(parts) or "may meet the others, but not with everyone above paired"


def _plain_bars(ctx: LimContext, t: int, group: list[int]) -> Message:
    """:func:`_bars` for a captain: "you have met 2, 3; no colours keep the colour rules with 5"."""
    met = [q for q in group if q != t and ctx.met(t, q)]
    colours = [q for q in group if q != t and not ctx.met(t, q) and not ctx.compatible(t, q)]
    parts = []
    if met:
        parts.append(msg("you have met {tpns}", tpns=met))
    if colours:
        parts.append(msg("no colours keep the colour rules with {tpns}", tpns=colours))
    if not parts:
        return msg("may meet the others, but not with everyone above paired")
    return parts[0] if len(parts) == 1 else msg("{first}; {second}", first=parts[0], second=parts[1])


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
    tried = [f"{q} ({causes[q]})" for q, _ in lvl.rejected]
    data = {"player": p, "opponent": c, "tried": [q for q, _ in lvl.rejected]}
    plain_tried = _plain_tried(ctx, lvl, p, "you")
    if lvl.floater:
        step = f"floater {p} meets {c}"
        colour = ""
        if lvl.colour_exchange:
            colour = " due the alternate colour"
            step += " (the nearest player due the alternate colour"
            step += ", within the Maxi rating limit)" if ctx.options.maxi else ")"
        if tried:
            step += "; passed over " + ", ".join(tried)
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
            f"{p} v {c}: opponents exchanged so both get the colour they are due"
            + (f" ({first}, the first compatible opponent, is due {_colour(due)} like {p})" if first else "")
            + (" (ratings within the Maxi limit, Lim 12.7)" if ctx.options.maxi else ""),
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
            f"{p} v {c}: proposed pairing confirmed (top half against bottom half)",
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
        rp.explain(art, "pairing", f"{p} v {c} after exchanges (Lim 11.1): " + ", ".join(tried), **data)
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


def _colour(c) -> str:
    return "White" if c is not None and c.value == "w" else "Black"


def _cause(ctx: LimContext, lvl: Level, p: int, q: int, why: str) -> str:
    if why == "incompatible":
        return ctx.why_incompatible(p, q)
    alone = lvl.isolates.get(q)
    if alone is not None:
        return f"would leave {alone} without a compatible opponent, Lim 11.4"
    return "would leave the others unpairable, Lim 11.4"


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
