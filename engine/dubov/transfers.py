"""Dubov 7: transfers that bring a scoregroup to the standard requirement of 6.1.

7.1 a participant with no possible opponent in his scoregroup gets one
transferred from the next possible lower scoregroup; 7.2 an odd scoregroup
receives one participant from the next possible lower scoregroup; 7.3 and 7.4
move participants between the colour subgroups until they are equal, within
the limits of 2.6. Run in this order.
"""

from __future__ import annotations

from engine.dubov.causes import bars_message, upfloat_bar
from engine.dubov.context import RoundContext
from engine.messages import Message, joined, msg
from engine.messages.words import colour_lower
from engine.state import Colour


def _candidate_key(ctx: RoundContext, wanted: Colour | None):
    """7.1/7.2: the wanted due colour first, then the highest R, then the lowest ARO."""

    def key(t: int) -> tuple:
        p = ctx.p(t)
        return (0 if wanted is None or p.due is wanted else 1, -p.rating, p.aro_tenths, p.name, t)

    return key


def _why(ctx: RoundContext, q: int, wanted: Colour) -> Message:
    return msg(
        "due colour {colour}, then highest R, then lowest ARO"
        if ctx.p(q).due is wanted
        else "none due {colour}, then highest R, then lowest ARO",
        colour=colour_lower(wanted),
    )


def _no_partner(ctx: RoundContext, x: int, group: list[int]) -> Message:
    """Why ``x`` may be paired with nobody of ``group`` (for a transfer passed over)."""
    bars = upfloat_bar(ctx.limits, ctx.p(x)) or bars_message(ctx.limits, x, group)
    return msg("{team} {bars}", team=x, bars=bars or "")


def transfer_7_1(ctx: RoundContext, group: list[int], score: float, due: dict[int, Colour]) -> list[int]:
    """Dubov 7.1. Returns the group without the participants thus paired."""
    comp = ctx.completion
    kept = list(group)
    for t in sorted(group, key=lambda t: ctx.p(t).sort_black()):
        if any(comp.can_pair(t, o) for o in kept if o != t):
            continue
        partner = None
        for lower in ctx.scores_below(score):
            cands = [q for q in ctx.group(lower) if comp.can_pair(t, q)]
            cands.sort(key=_candidate_key(ctx, due[t].opposite))
            partner = next((q for q in cands if comp.fix(t, q)), None)
            if partner is not None:
                break
        if partner is None:
            ctx.explain(
                "Dubov 7.1",
                "transfer",
                msg(
                    "{team} has no possible opponent in the scoregroup and none can be transferred from a lower "
                    "scoregroup",
                    team=ctx.team(t),
                ),
                tpn=t,
            )
            continue
        kept.remove(t)
        others = [o for o in group if o != t]
        only = (
            msg("is the only team of the scoregroup")
            if ctx.state.team
            else msg("is the only player of the scoregroup")
        )
        bars = bars_message(ctx.limits, t, others) or only
        if others:
            plain_t = msg(
                "You {bars} (everyone else in your {score}-point group)",
                bars=bars_message(ctx.limits, t, others, you=True) or only,
                score=float(score),
            )
            plain_p = msg(
                "{other} {bars} (everyone else in his {score}-point group)",
                other=t,
                bars=bars_message(ctx.limits, t, others) or only,
                score=float(score),
            )
        else:
            plain_t = msg("You are alone in your {score}-point group", score=float(score))
            plain_p = msg("{other} is alone in his {score}-point group", other=t, score=float(score))
        passed = [q for q in cands[: cands.index(partner)]]
        ctx.explain(
            "Dubov 7.1",
            "transfer",
            msg(
                "{team} has no possible opponent in the scoregroup ({tpn} {bars}): {other} (score {score}) is "
                "transferred up to play it ({why}){passed}",
                team=ctx.team(t),
                tpn=t,
                bars=bars,
                other=ctx.team(partner),
                score=float(ctx.score(partner)),
                why=_why(ctx, partner, due[t].opposite),
                passed=msg(
                    "; passed over: {teams} (would leave the rest of the round without a pairing, Dubov 9)",
                    teams=ctx.teams(passed),
                )
                if passed
                else "",
            ),
            tpn=t,
            transferred=partner,
            **({"passed": passed} if passed else {}),
        )
        wanted = ctx.p(partner).due is due[t].opposite
        ctx.record_pair(
            t,
            partner,
            "Dubov 7.1",
            msg("{team} - {other} (transfer 7.1)", team=ctx.team(t), other=ctx.team(partner)),
            why={
                t: msg(
                    "{cause}, so {other} was brought up from the {score}-point group to play you, as the highest "
                    "rated there due the other colour."
                    if wanted
                    else "{cause}, so {other} was brought up from the {score}-point group to play you, as the "
                    "highest rated there.",
                    cause=plain_t,
                    other=partner,
                    score=float(ctx.score(partner)),
                ),
                partner: msg(
                    "{cause}, so a {noun} from a lower group was brought up to play him: you, as the highest "
                    "rated there due the other colour."
                    if wanted
                    else "{cause}, so a {noun} from a lower group was brought up to play him: you, as the "
                    "highest rated there.",
                    cause=plain_p,
                    noun=ctx.noun_message,
                ),
            },
        )
    return kept


def transfer_7_2(ctx: RoundContext, group: list[int], score: float, due: dict[int, Colour]) -> int | None:
    """Dubov 7.2: the participant transferred into an odd scoregroup, if any."""
    if len(group) % 2 == 0:
        return None
    comp = ctx.completion
    whites = sum(1 for t in group if due[t] is Colour.WHITE)
    blacks = len(group) - whites
    dominating = Colour.WHITE if whites > blacks else Colour.BLACK
    passed: list[Message] = []
    for lower in ctx.scores_below(score):
        key = _candidate_key(ctx, dominating.opposite)
        everyone = sorted(ctx.group(lower), key=key)
        cands = [q for q in everyone if any(comp.can_pair(q, t) for t in group)]
        if not cands:
            passed.append(
                msg("nobody of scoregroup {score} can be paired with the scoregroup", score=float(lower))
            )
            continue
        q = cands[0]
        passed += [
            msg("{team} ({why})", team=ctx.team(x), why=_no_partner(ctx, x, group))
            for x in everyone[: everyone.index(q)]
        ]
        ctx.explain(
            "Dubov 7.2",
            "transfer",
            msg(
                "the scoregroup is odd ({whites} due White, {blacks} due Black): {team} (score {score}) is "
                "transferred up (dominating colour {colour}; {why}){passed}",
                whites=whites,
                blacks=blacks,
                team=ctx.team(q),
                score=float(lower),
                colour=colour_lower(dominating),
                why=_why(ctx, q, dominating.opposite),
                passed=msg("; passed over: {passed}", passed=joined(passed)) if passed else "",
            ),
            transferred=q,
            dominating=dominating.value,
            score=score,
        )
        return q
    ctx.explain(
        "Dubov 7.2",
        "transfer",
        msg("the scoregroup is odd and no lower scoregroup can give a player; one will float (6.4)"),
    )
    return None


def balance_7_3_7_4(ctx: RoundContext, group: list[int], due: dict[int, Colour]) -> dict[int, Colour]:
    """Dubov 7.3 / 7.4 (with 2.6): equalise the colour subgroups. Returns the subgroup of each."""
    side = dict(due)
    whites = [t for t in group if side[t] is Colour.WHITE]
    blacks = [t for t in group if side[t] is Colour.BLACK]
    if len(whites) > len(blacks):
        n = (len(whites) - len(blacks)) // 2
        order = sorted(whites, key=lambda t: (ctx.p(t).aro_tenths, -ctx.p(t).rating, ctx.p(t).name, t))
        frm, to, article, how = Colour.WHITE, Colour.BLACK, "Dubov 7.3", msg("lowest ARO, then higher R")
    else:
        n = (len(blacks) - len(whites)) // 2
        order = sorted(blacks, key=lambda t: (-ctx.p(t).aro_tenths, ctx.p(t).rating, ctx.p(t).name, t))
        frm, to, article, how = Colour.BLACK, Colour.WHITE, "Dubov 7.4", msg("highest ARO, then lower R")
    if n == 0:
        return side
    allowed = [t for t in order if ctx.limits.may_change_subgroup(ctx.p(t), frm)]
    moved = allowed[:n]
    last = order.index(moved[-1]) if len(moved) == n else len(order)
    passed = [t for t in order[:last] if t not in allowed]
    for t in moved:
        side[t] = to
    text = msg(
        "{whites} due White, {blacks} due Black: {moves}{passed}",
        whites=len(whites),
        blacks=len(blacks),
        moves=msg(
            "{teams} move to the white subgroup ({how})"
            if to is Colour.WHITE
            else "{teams} move to the black subgroup ({how})",
            teams=ctx.teams(moved),
            how=how,
        )
        if moved
        else msg("nobody may move"),
        passed=msg("; passed over by 2.6 (2.3/2.4 forbid the colour): {teams}", teams=ctx.teams(passed))
        if passed
        else "",
    )
    ctx.explain(article, "transfer", text, moved=moved, barred=passed)
    return side
