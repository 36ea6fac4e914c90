"""Dubov 4 (with 2.2): who receives the bye when the number is odd."""

from __future__ import annotations

from engine.dubov.context import RoundContext
from engine.messages import Fixed, msg
from engine.state import Colour


def bye_order(ctx: RoundContext, tpns: list[int]) -> list[int]:
    """Dubov 4: lowest scoregroup, lowest R, then due to the dominating colour, then higher ARO.

    Participants barred by 2.2 are left out. The dominating colour is the due
    colour most common in the candidate's scoregroup; with equal numbers
    neither dominates and the ARO decides.
    """
    dominating: dict[float, Colour | None] = {}
    for score in {ctx.score(t) for t in tpns}:
        members = [t for t in tpns if ctx.score(t) == score]
        whites = sum(1 for t in members if ctx.p(t).due is Colour.WHITE)
        blacks = sum(1 for t in members if ctx.p(t).due is Colour.BLACK)
        dominating[score] = Colour.WHITE if whites > blacks else Colour.BLACK if blacks > whites else None

    def key(t: int) -> tuple:
        p = ctx.p(t)
        dom = dominating[p.score]
        return (p.score, p.rating, 0 if dom is None or p.due is dom else 1, -p.aro_tenths, p.name, t)

    return sorted((t for t in tpns if ctx.limits.may_get_bye(ctx.p(t))), key=key)


def choose_bye(ctx: RoundContext, tpns: list[int]) -> int | None:
    """The first participant in Dubov 4 order whose bye leaves the rest pairable."""
    barred = [t for t in tpns if not ctx.limits.may_get_bye(ctx.p(t))]
    order = bye_order(ctx, tpns)
    skipped: list[int] = []
    for t in order:
        if ctx.completion.remove(t):
            p = ctx.p(t)
            text = msg(
                "{team} receives the bye: lowest scoregroup ({score}), lowest R ({rating}){aro}{barred}",
                team=ctx.team(t),
                score=float(p.score),
                rating=float(p.rating),
                aro=msg(", ARO {aro}", aro=Fixed(p.aro)) if p.aro_tenths else "",
                barred=msg("; barred by 2.2 (a point without playing): {teams}", teams=ctx.teams(barred))
                if barred
                else "",
            )
            ctx.explain("Dubov 4", "bye", text, tpn=t, barred=barred)
            if skipped:
                ctx.explain(
                    "Dubov 9",
                    "bye",
                    msg("a bye to {teams} would leave the others unpairable", teams=ctx.teams(skipped)),
                    skipped=skipped,
                )
            lowest = min(ctx.score(x) for x in tpns)
            where = (
                msg("the lowest score group")
                if p.score == lowest
                else msg("the {score}-point group (nobody lower may have it)", score=float(p.score))
            )
            reason = msg(
                "The number of players is odd; the bye goes to the lowest-rated player of the lowest "
                "score group who may have one: you, in {where}, rated {rating}{barred}{skipped}."
                if not ctx.state.team
                else "The number of teams is odd; the bye goes to the lowest-rated team of the lowest "
                "score group who may have one: you, in {where}, rated {rating}{barred}{skipped}.",
                where=where,
                rating=float(p.rating),
                barred=msg("; {tpns} already had a point without playing (Dubov 2.2)", tpns=list(barred))
                if barred
                else "",
                skipped=msg("; a bye to {tpns} would have left the others unpairable", tpns=list(skipped))
                if skipped
                else "",
            )
            ctx.pairing.explain_why(t, opponent=None, opponent_reason=reason, opponent_article="Dubov 4")
            ctx.remaining.discard(t)
            ctx.pairing.bye = t
            return t
        skipped.append(t)
    return None
