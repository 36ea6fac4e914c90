"""The pairing-allocated bye (C.04.6 1.4, 2.1.2 [C2], 3.4).

3.4: the PAB goes to the team that 3.4.1 leaves a legal pairing for all the
other teams, 3.4.2 has the lowest score, 3.4.3 has played the highest number
of matches, 3.4.4 has the largest TPN. A team that already had a PAB, a
forfeit win or a full-point bye may not receive it (C2).

"Matches played" counts matches actually played (1.6.1 vocabulary): a
forfeit is not a match played.
"""

from __future__ import annotations

from engine.c0406.context import Context
from engine.c0406.feasibility import certified, legal_edges
from engine.matching import LexMatching
from engine.result import PairingImpossible, RoundPairing

DUMMY = 0  # TPNs start at 1


def bye_order(ctx: Context) -> list[int]:
    """Teams allowed the PAB (C2), best first by 3.4.2-3.4.4."""
    played = {t: ctx.state.by_tpn[t].matches_played for t in ctx.tpns}
    ok = [t for t in ctx.tpns if t not in ctx.bye_barred]
    return sorted(ok, key=lambda t: (ctx.score[t], -played[t], -t))


def assign_bye(ctx: Context, teams: set[int], rp: RoundPairing) -> int:
    order = bye_order(ctx)
    barred = sorted(t for t in teams if t in ctx.bye_barred)
    if not order:
        raise PairingImpossible(
            "the number of teams is odd and every team already had a pairing-allocated bye "
            "or a forfeit win (C.04.6 2.1.2 [C2])"
        )
    first = order[0]
    if certified(ctx, teams - {first}):
        bye = first
    else:
        edges = legal_edges(ctx, teams)
        for t in order:
            edges[(DUMMY, t)] = ()
        lm = LexMatching(teams | {DUMMY}, edges)
        if lm.optimum() is None:
            raise PairingImpossible(
                "no team can receive the pairing-allocated bye and leave a legal pairing "
                "for all the other teams (C.04.6 3.4.1, 3.3.3)"
            )
        rank = {t: i for i, t in enumerate(order)}
        lm.fix_partners([DUMMY], lambda v, u: rank[u])
        bye = lm.matching()[DUMMY]
    skipped = order[: order.index(bye)]
    played = ctx.state.by_tpn[bye].matches_played
    msg = (
        f"Team {bye} receives the pairing-allocated bye: lowest score ({ctx.score[bye]:g}), "
        f"then most matches played ({played}), then largest TPN, among the teams allowed it"
    )
    if skipped:
        msg += f"; {', '.join(map(str, skipped))} would leave no legal pairing for the others (3.4.1)"
    if barred:
        msg += f"; barred by C2: {', '.join(map(str, barred))}"
    rp.explain(
        "C.04.6 3.4",
        "bye",
        msg,
        bye=bye,
        skipped=skipped,
        barred=barred,
        score=ctx.score[bye],
        matches_played=played,
    )
    return bye
