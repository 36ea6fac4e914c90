"""Pairing one score-group (Lim 9.3, 9.4, 9.5, 10, 11).

Transfers first (Lim 9.3(a)-(c): no compatible opponent in the group), then
the parity floater (Lim 9.3(d), 10.2-10.10), then the scrutiny and exchanges
of Lim 11 (see :mod:`engine.lim.exchange`, worded by :mod:`engine.lim.scrutiny`). If even that cannot pair every
player, the players who cannot be paired while everyone scrutinised before
them keeps an opponent are floated (Lim 11.4, 10.1); a parity floater comes
back in their place (Lim 11.4(a)).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.lim import matching
from engine.lim.context import LimContext
from engine.lim.exchange import Member, search
from engine.lim.floaters import choose_parity_floater, floater_order
from engine.lim.scrutiny import explain_level
from engine.lim.why import group_message, label_message
from engine.messages import Message, joined, msg
from engine.result import RoundPairing


@dataclass
class GroupOutcome:
    label: str
    pairs: list[tuple[int, int]] = field(default_factory=list)  # in the order made
    floaters: list[int] = field(default_factory=list)
    blocked: bool = False


def fmt(score: float) -> str:
    return f"{score:g}"


def transfer_reason(ctx: LimContext, p: int, group: list[int]) -> tuple[str, Message]:
    """Lim 9.3(a)-(c): why ``p`` has no suitable opponent in ``group``."""
    others = [q for q in group if q != p]
    if all(ctx.met(p, q) for q in others):
        return "9.3(a)", msg("has already played every player of the score-group")
    me = ctx.players[p]
    if abs(me.diff) >= 2:
        return "9.3(b)", msg("has two more of one colour and no compatible opponent for a permissible colour")
    return "9.3(c)", msg("had the same colour twice running and no compatible opponent with the other colour")


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
    res = sorted(residents, reverse=not downward)
    members = floater_order(ctx, [Member(t, k) for t, k in incoming.items()], downward)
    members += [Member(t) for t in res]
    rp.explain(
        "Lim 9.2",
        "bracket",
        msg(
            "{group}: paired downward; players [{players}]{floaters}"
            if downward
            else "{group}: paired upward; players [{players}]{floaters}",
            group=label_message(label),
            players=res,
            floaters=msg(
                ", floaters in {floaters}", floaters=str([(m.tpn, m.floater) for m in members if m.floater])
            )
            if incoming
            else "",
        ),
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
                msg(
                    "floater {team} {why} (Lim {rule}): floated downward to a further score-group"
                    if downward
                    else "floater {team} {why} (Lim {rule}): floated upward to a further score-group",
                    team=t,
                    why=why,
                    rule=art,
                ),
                tpn=t,
            )
            continue
        rp.explain(
            f"Lim {art}",
            "floaters",
            msg(
                "{team} {why}: transferred downward (Lim 10.2)"
                if downward
                else "{team} {why}: transferred upward (Lim 10.2)",
                team=t,
                why=why,
            ),
            tpn=t,
        )
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
            msg(
                "{group} is odd: {team} floats downward (Lim 10.2, 10.9, 10.10): {reasons}"
                if downward
                else "{group} is odd: {team} floats upward (Lim 10.2, 10.9, 10.10): {reasons}",
                group=label_message(label),
                team=parity,
                reasons=joined(choice.reasons),
            ),
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
            rp.explain(
                "Lim 11.4(a)",
                "floaters",
                msg("{team} comes back into {group} in exchange", team=parity, group=label_message(label)),
                tpn=parity,
            )
        rp.explain(
            "Lim 11.4",
            "floaters",
            msg(
                "no compatible opponent can be found for [{tpns}] in spite of exchanges: floated downward (Lim "
                "10.1); the players scrutinised before them keep theirs ({bars})"
                if downward
                else "no compatible opponent can be found for [{tpns}] in spite of exchanges: floated upward (Lim "
                "10.1); the players scrutinised before them keep theirs ({bars})",
                tpns=cannot,
                bars=joined([msg("{team}: {bars}", team=t, bars=_bars(ctx, t, full)) for t in cannot]),
            ),
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


def _bars(ctx: LimContext, t: int, group: list[int]) -> Message:
    """Whom in ``group`` ``t`` may not meet (Lim 9.1): "has met 2, 3; no colours keep Lim 12.1 with 5"."""
    met = [q for q in group if q != t and ctx.met(t, q)]
    colours = [q for q in group if q != t and not ctx.met(t, q) and not ctx.compatible(t, q)]
    parts = []
    if met:
        parts.append(msg("has met {tpns}", tpns=met))
    if colours:
        parts.append(msg("no colours keep Lim 12.1 with {tpns}", tpns=colours))
    return joined(parts) if parts else msg("may meet the others, but not with everyone above paired")


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
