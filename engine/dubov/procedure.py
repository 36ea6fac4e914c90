"""The Dubov round: ARO list, bye, first round or scoregroups top down.

Dubov 1 (ARO, due colours), 4 (bye), 5 (first round), 6-8 (scoregroups),
9 (publish the ARO list; proceed wisely). The limitations of chapter 2 give
way only when no pairing respects them, and then only for the fewest
participants (``engine.dubov.relaxation``).
"""

from __future__ import annotations

from engine.common.boards import by_scores
from engine.common.completion import Completion
from engine.common.pairable import maximum_matching
from engine.common.scoregroups import scoregroups
from engine.dubov.bye import bye_order, choose_bye
from engine.dubov.causes import team
from engine.dubov.context import RoundContext
from engine.dubov.first_round import pair_first_round
from engine.dubov.limits import Limits, max_upfloats
from engine.dubov.profile import profiles
from engine.dubov.relaxation import fewest_departures, why
from engine.dubov.scoregroup import pair_scoregroup
from engine.messages import Fixed, Message, joined, msg
from engine.result import PairingImpossible, RoundPairing, Step
from engine.state import TournamentState


def aro_step(state: TournamentState, profs) -> Step:
    """Dubov 9: the ARO list published with the round; ``data`` is {tpn: ARO}."""
    data = {t: profs[t].aro for t in sorted(profs)}
    said = msg(
        "ARO after round {round} (Dubov 1): {aros}",
        round=state.rounds_played,
        aros=[msg("{team}: {aro}", team=t, aro=Fixed(a)) for t, a in data.items()],
    )
    return Step("Dubov 9", "aro", said, data)


def pair(state: TournamentState) -> RoundPairing:
    """Pair ``state.next_round`` by the Dubov system (1997 text)."""
    profs = profiles(state)
    tpns = [p.tpn for p in state.to_be_paired()]
    pairing, reason = _attempt(state, Limits(state, profs), tpns)
    if pairing is not None:
        return pairing
    departures = fewest_departures(
        state, profs, tpns, max_upfloats(state), _bye_candidates(state, profs, tpns)
    )
    if departures is not None:
        pairing, reason = _attempt(state, Limits(state, profs, departures=departures), tpns)
        if pairing is not None:
            return pairing
    raise PairingImpossible(
        msg("Dubov: no pairing of round {round}: {reason}", round=state.next_round, reason=reason)
    )


def _bye_candidates(state: TournamentState, profs, tpns: list[int]) -> list[int] | None:
    """Who may have the bye (2.2), in the order of Dubov 4 (round 1: Dubov 5, the last first)."""
    if len(tpns) % 2 == 0:
        return None
    if state.rounds_played == 0:
        return [t for t in reversed(tpns) if not profs[t].had_unplayed_point]
    limits = Limits(state, profs)
    ctx = RoundContext(state, limits, Completion([], adj={}), RoundPairing(state.next_round, []))
    return bye_order(ctx, tpns)


RELAXATION_READING = "docs/interpretations/dubov.md, Relaxation"
LEFTOVER_READING = "docs/interpretations/dubov.md, Leftovers"


def _explain_departures(pairing: RoundPairing, state: TournamentState, limits: Limits) -> None:
    """One Step per limitation that gives way, naming who and why (Dubov 2.x; the reading)."""
    limit = max_upfloats(state)
    for article, tpns in limits.departures.by_article():
        names = sorted(tpns)
        reasons = {t: why(state, article, limits.profiles[t], limit) for t in names}
        who = joined([msg("{team} ({reason})", team=team(limits, t), reason=reasons[t]) for t in names])
        pairing.explain(
            article,
            "relaxation",
            msg(
                "no pairing of the round keeps {article} for everybody: it gives way for {who} only, the fewest "
                "departures any pairing allows; everybody else keeps it ({reading})",
                article=article[6:],
                who=who,
                reading=RELAXATION_READING,
            ),
            exempt=names,
            reasons={t: str(r) for t, r in reasons.items()},
            reading=RELAXATION_READING,
        )


def _attempt(state: TournamentState, limits: Limits, tpns: list[int]) -> tuple[RoundPairing | None, str]:
    """One try at the given limitations; on failure, why."""
    pairing = RoundPairing(round=state.next_round, pairs=[], system="dubov")
    pairing.explanation.append(aro_step(state, limits.profiles))
    _explain_departures(pairing, state, limits)
    completion = Completion(tpns, adj=limits.adjacency(tpns))
    ctx = RoundContext(state, limits, completion, pairing, remaining=set(tpns))
    if len(tpns) % 2 and not _bye(ctx, tpns):
        return None, "no participant may receive the bye (2.2) with the others all paired"
    if not ctx.completion.perfect:
        return None, "the participants cannot all be paired without a second meeting (2.1)"
    if state.rounds_played == 0:
        pair_first_round(ctx, [t for t in tpns if t != pairing.bye])
    else:
        floaters: list[int] = []
        for score in scoregroups(sorted(ctx.remaining), ctx.score):
            floaters = pair_scoregroup(ctx, score, floaters)
    _pair_leftovers(ctx)
    pairing.pairs = sorted(ctx.pairs, key=lambda p: _board_key(ctx, p.white, p.black))
    return pairing, ""


def _bye(ctx: RoundContext, tpns: list[int]) -> bool:
    if ctx.state.rounds_played == 0:
        for t in reversed(tpns):
            if ctx.completion.remove(t):
                ctx.remaining.discard(t)
                ctx.pairing.bye = t
                ctx.explain(
                    "Dubov 5",
                    "bye",
                    msg("odd number: the last in the list, {team}, gets the bye", team=ctx.team(t)),
                    tpn=t,
                )
                ctx.pairing.explain_why(
                    t,
                    opponent=None,
                    opponent_reason=(
                        msg(
                            "The number of players is odd, and in round 1 the bye goes to the last in the "
                            "starting list."
                            if not ctx.state.team
                            else "The number of teams is odd, and in round 1 the bye goes to the last in the "
                            "starting list."
                        )
                        if t == tpns[-1]
                        else msg(
                            "The number of players is odd, and in round 1 the bye goes to the lowest in the "
                            "starting list whose bye leaves the others pairable."
                            if not ctx.state.team
                            else "The number of teams is odd, and in round 1 the bye goes to the lowest in the "
                            "starting list whose bye leaves the others pairable."
                        )
                    ),
                    opponent_article="Dubov 5",
                )
                return True
        return False
    return choose_bye(ctx, tpns) is not None


def _pair_leftovers(ctx: RoundContext) -> None:
    """Dubov 6.4 / 8.2: floaters no lower scoregroup could take are paired among themselves.

    6.4 sends whoever a scoregroup leaves unpaired to the next lower one and
    8.2 pairs him there; below the lowest scoregroup there is none. Those left
    are paired as near in score as possible, within the limitations in force
    (so the round's departures stay the fewest), which the completion check
    guarantees is possible (docs/interpretations/dubov.md, Leftovers).
    """
    left = sorted(ctx.remaining)
    if not left:
        return
    ctx.explain(
        "Dubov 6.4",
        "leftover",
        msg(
            "{teams} floated below the lowest scoregroup without an opponent (6.4, 8.2): they are paired among "
            "themselves, as near in score as possible ({reading})",
            teams=ctx.teams(left),
            reading=LEFTOVER_READING,
        ),
        tpns=left,
        reading=LEFTOVER_READING,
    )
    edges = [
        (a, b, 10_000 - int(10 * abs(ctx.score(a) - ctx.score(b))))
        for a in left
        for b in ctx.completion.adj[a]
        if b in ctx.remaining and a < b
    ]
    mate = maximum_matching(left, edges)
    for a, b in sorted((a, b) for a, b in mate.items() if a < b):
        ctx.completion.fix(a, b)
        ctx.record_pair(
            a,
            b,
            "Dubov 6.4",
            msg(
                "{team} - {other}: floaters left without an opponent, paired as near in score as the others "
                "allow ({reading})",
                team=ctx.team(a),
                other=ctx.team(b),
                reading=LEFTOVER_READING,
            ),
            why={a: _left_over(b), b: _left_over(a)},
        )
    if ctx.remaining:
        raise PairingImpossible(msg("Dubov: {players} cannot be paired", players=str(sorted(ctx.remaining))))


def _left_over(other: int) -> Message:
    return msg(
        "No lower score group was left to take you as a floater, so the floaters left over are paired among "
        "themselves, as near in score as possible: you meet {other}.",
        other=other,
    )


def _board_key(ctx: RoundContext, a: int, b: int) -> tuple:
    """Boards by the higher score, then the lower score, then the higher R."""
    return (*by_scores(ctx.score(a), ctx.score(b)), -max(ctx.p(a).rating, ctx.p(b).rating), min(a, b))
