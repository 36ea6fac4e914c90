"""Dubov 6.4 (choice of floaters) and chapter 8 (treatment of floaters)."""

from __future__ import annotations

from engine.common.completion import Completion
from engine.common.pairable import maximum_matching
from engine.dubov.causes import bars_message
from engine.dubov.context import RoundContext
from engine.messages import Message, joined, msg, msgn
from engine.messages.words import colour_lower
from engine.state import Colour

CLASSES = (
    "not a floater before, can be paired in the lower scoregroup",
    "not a floater before, cannot be paired in the lower scoregroup",
    "a floater before, can be paired in the lower scoregroup",
    "a floater before, cannot be paired in the lower scoregroup",
)


def floater_class(ctx: RoundContext, t: int, lower: list[int]) -> int:
    """Dubov 6.4: 0..3, the order of preference for floating."""
    pairable = any(ctx.completion.can_pair(t, q) for q in lower)
    return (2 if ctx.p(t).was_downfloater else 0) + (0 if pairable else 1)


def choose_floaters(ctx: RoundContext, local: Completion, group: list[int], score: float) -> list[int]:
    """Dubov 6.4: who leaves a scoregroup that cannot be paired whole.

    ``local`` holds the group's largest number of pairs; a participant may
    float only if the others still reach it. Within a class the lower R
    floats first (docs/interpretations/dubov.md, Dubov 6.4).
    """
    need = len(group) - 2 * local.target
    if need <= 0:
        return []
    classes, order = _float_order(ctx, group, score)
    chosen: list[int] = []
    kept: list[int] = []  # earlier in the 6.4 order, but floating them would cost the group a pair
    for t in order:
        if len(chosen) == need:
            break
        if local.remove(t):
            why = msg(
                ": the scoregroup of {count} can form at most {pairs}{kept}",
                count=len(group),
                pairs=msgn("{count} pair", "{count} pairs", count=local.target),
                kept=msg(
                    "; {teams} come first in the 6.4 order but floating them would leave the group fewer pairs",
                    teams=ctx.teams(kept),
                )
                if kept
                else "",
            )
            chosen.append(t)
            _explain_floater(ctx, t, score, classes[t], why)
            ctx.float_reasons[t] = msg(
                "Your {score}-point group could not be paired whole ({members}, at most {pairs}), and you "
                "come first in the order of Dubov 6.4 ({order})",
                score=float(score),
                members=msg("{count} teams", count=len(group))
                if ctx.state.team
                else msgn("{count} players", "{count} players", count=len(group)),
                pairs=msgn("{count} pair", "{count} pairs", count=local.target),
                order=Message(CLASSES[classes[t]]),
            )
        else:
            kept.append(t)
    return chosen


OWN_GROUP = Message("You could not be paired in your own score group")


def _float_order(ctx: RoundContext, group: list[int], score: float) -> tuple[dict[int, int], list[int]]:
    """Dubov 6.4: each one's class, and the group in the order they float (lower R, then higher ARO)."""
    below = ctx.scores_below(score)
    lower = [q for q in ctx.group(below[0])] if below else []
    classes = {t: floater_class(ctx, t, lower) for t in group}
    order = sorted(group, key=lambda t: (classes[t], ctx.p(t).rating, -ctx.p(t).aro_tenths, ctx.p(t).name, t))
    return classes, order


def _explain_floater(ctx: RoundContext, t: int, score: float, cls: int, why: Message) -> None:
    ctx.explain(
        "Dubov 6.4",
        "floater",
        msg(
            "{team} returns to its own scoregroup (transferred up by 7.2) ({order}){why}"
            if ctx.score(t) < score
            else "{team} floats to the next lower scoregroup ({order}){why}",
            team=ctx.team(t),
            order=Message(CLASSES[cls]),
            why=why,
        ),
        tpn=t,
        floater_class=cls + 1,
        score=score,
    )


def floaters_for_the_round(ctx: RoundContext, group: list[int], score: float) -> list[int] | None:
    """Dubov 6.4 when the rest of the round limits the pairs the scoregroup can make.

    "The aim ... is to pair all players within a score group": the most
    pairs within the group such that the whole round can still be paired
    (a maximum-weight perfect matching of everybody left, a pair within the
    group weighing more than any choice of floaters); among those, the
    floaters of the 6.4 order, by the smallest sum of places in it
    (docs/interpretations/dubov.md, Dubov 6.4). None if the round cannot be
    paired (it always can: the completion check holds a pairing).
    """
    comp = ctx.completion
    nodes = sorted(comp.nodes)
    members = set(group)
    classes, order = _float_order(ctx, group, score)
    rank = {t: i for i, t in enumerate(order)}
    inside = (len(group) + 1) ** 2  # outweighs any sum of places
    base = 2 * inside
    edges = []
    for a in nodes:
        for b in comp.adj[a]:
            if b <= a or b not in comp.nodes:
                continue
            if a in members and b in members:
                w = base + inside
            elif a in members or b in members:
                w = base - rank[a if a in members else b]
            else:
                w = base
            edges.append((a, b, w))
    mate = maximum_matching(nodes, edges)
    if len(mate) < len(nodes):
        return None
    leaving = [t for t in order if mate[t] not in members]
    for t in leaving:
        _explain_floater(
            ctx,
            t,
            score,
            classes[t],
            msg(": the rest of the round leaves the scoregroup no more pairs than this"),
        )
        ctx.float_reasons[t] = msg(
            "Your {score}-point group could be paired whole only in a way that left the rest of the round "
            "unpairable, and you come first in the order of Dubov 6.4 ({order})",
            score=float(score),
            order=Message(CLASSES[classes[t]]),
        )
    return leaving


def floater_sequence(ctx: RoundContext, floaters: list[int]) -> list[tuple[int, Colour]]:
    """Dubov 8.1: White floaters and Black floaters each in 6.2 order, alternating from the first White."""
    due = ctx.subgroup_colours(floaters)
    whites = sorted((t for t in floaters if due[t] is Colour.WHITE), key=lambda t: ctx.p(t).sort_white())
    blacks = sorted((t for t in floaters if due[t] is Colour.BLACK), key=lambda t: ctx.p(t).sort_black())
    seq: list[tuple[int, Colour]] = []
    for i in range(max(len(whites), len(blacks))):
        if i < len(whites):
            seq.append((whites[i], Colour.WHITE))
        if i < len(blacks):
            seq.append((blacks[i], Colour.BLACK))
    return seq


def pair_floaters(ctx: RoundContext, floaters: list[int], group: list[int], score: float) -> list[int]:
    """Dubov 8.1-8.2: pair the floaters into this scoregroup. Returns those left unpaired."""
    if not floaters:
        return []
    seq = floater_sequence(ctx, floaters)
    ctx.explain(
        "Dubov 8.1",
        "floater",
        msg(
            "floaters in pairing order: {floaters}",
            floaters=[msg("{team} ({colour})", team=ctx.team(t), colour=colour_lower(c)) for t, c in seq],
        ),
        order=[t for t, _ in seq],
    )
    comp = ctx.completion
    left: list[int] = []
    for f, colour in seq:
        if f not in ctx.remaining:
            continue
        cands = [t for t in group if t in ctx.remaining and comp.can_pair(f, t)]
        cands.sort(
            key=lambda t: (
                0 if ctx.p(t).due is colour.opposite else 1,
                -ctx.p(t).rating,
                ctx.p(t).aro_tenths,
                ctx.p(t).name,
                t,
            )
        )
        passed = []
        partner = None
        for t in cands:
            if comp.fix(f, t):
                partner = t
                break
            passed.append(t)
        if partner is None:
            left.append(f)
            open_ = [t for t in group if t in ctx.remaining]
            bars = bars_message(ctx.limits, f, [t for t in open_ if t not in passed])
            causes = [msg("{team} {bars}", team=f, bars=bars)] if bars else []
            if passed:
                causes.append(
                    msg(
                        "pairing him with {tpns} would leave the rest of the round without a pairing (Dubov 9)",
                        tpns=list(passed),
                    )
                )
            ctx.explain(
                "Dubov 6.4",
                "floater",
                msg(
                    "floater {team} finds no opponent in scoregroup {score} ({cause}) and floats on",
                    team=ctx.team(f),
                    score=float(score),
                    cause=joined(causes) if causes else msg("nobody is left"),
                ),
                tpn=f,
                score=score,
            )
            ctx.float_reasons[f] = msg(
                "{cause}; in the {score}-point group nobody could meet you either",
                cause=ctx.float_reasons.get(f, OWN_GROUP),
                score=float(score),
            )
            continue
        opposite = ctx.p(partner).due is colour.opposite
        came = ctx.float_reasons.get(f, OWN_GROUP)
        ctx.record_pair(
            f,
            partner,
            "Dubov 8.2",
            msg(
                "floater {team} plays {other}: highest R, opposite due colour, then lowest ARO{passed}"
                if opposite
                else "floater {team} plays {other}: highest R, then lowest ARO{passed}",
                team=ctx.team(f),
                other=ctx.team(partner),
                passed=msg(
                    "; passed over {teams} (would leave the rest of the round without a pairing, Dubov 9)",
                    teams=ctx.teams(passed),
                )
                if passed
                else "",
            ),
            why={
                f: msg(
                    "{cause}, so you moved down to the {score}-point group (Dubov 6.4); there you meet the "
                    "highest-rated player due the other colour you may meet, {other} (Dubov 8.2)."
                    if opposite
                    else "{cause}, so you moved down to the {score}-point group (Dubov 6.4); there you meet the "
                    "highest-rated player you may meet, {other} (Dubov 8.2).",
                    cause=came,
                    score=float(score),
                    other=partner,
                ),
                partner: msg(
                    "{other} moved down from the {score}-point group (Dubov 6.4) and meets the highest-rated "
                    "player due the other colour of your group he may meet: you (Dubov 8.2)."
                    if opposite
                    else "{other} moved down from the {score}-point group (Dubov 6.4) and meets the highest-rated "
                    "player of your group he may meet: you (Dubov 8.2).",
                    other=f,
                    score=float(ctx.score(f)),
                ),
            },
            why_article="Dubov 6.4, 8.2",
            passed=passed,
        )
    return left
