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
            f"no compatible opponent can be found for {cannot} in spite of exchanges: floated {direction} (Lim 10.1)",
            tpns=cannot,
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
        explain_level(ctx, rp, lvl, first_resident)
        if not lvl.floater:
            first_resident = False
    return out


def explain_level(ctx: LimContext, rp: RoundPairing, lvl: Level, first_resident: bool) -> None:
    p, c = lvl.player, lvl.opponent
    tried = [
        f"{q} ({ctx.why_incompatible(p, q) if why == 'incompatible' else 'would leave the others unpairable, Lim 11.4'})"
        for q, why in lvl.rejected
    ]
    data = {"player": p, "opponent": c, "tried": [q for q, _ in lvl.rejected]}
    if lvl.floater:
        msg = f"floater {p} meets {c}"
        if lvl.colour_exchange:
            msg += " (the nearest player due the alternate colour"
            msg += ", within the Maxi rating limit)" if ctx.options.maxi else ")"
        if tried:
            msg += "; passed over " + ", ".join(tried)
        rp.explain("Lim 10.8", "pairing", msg, **data)
        return
    if lvl.colour_exchange:
        rp.explain(
            "Lim 12.2",
            "pairing",
            f"{p} v {c}: opponents exchanged so both get the colour they are due"
            + (" (ratings within the Maxi limit, Lim 12.7)" if ctx.options.maxi else ""),
            **data,
        )
    elif c == lvl.proposed and not tried:
        rp.explain("Lim 9.4", "pairing", f"{p} v {c}: proposed pairing confirmed", **data)
    else:
        art = "Lim 11.2" if first_resident else "Lim 11.3"
        rp.explain(art, "pairing", f"{p} v {c} after exchanges (Lim 11.1): " + ", ".join(tried), **data)
