"""The Dubov round: ARO list, bye, first round or scoregroups top down.

Dubov 1 (ARO, due colours), 4 (bye), 5 (first round), 6-8 (scoregroups),
9 (publish the ARO list; proceed wisely). The limitations of chapter 2 are
relaxed only when no pairing respects them (see ``engine.dubov.limits``).
"""

from __future__ import annotations

from engine.common.boards import by_scores
from engine.common.completion import Completion
from engine.common.pairable import maximum_matching
from engine.common.scoregroups import scoregroups
from engine.dubov.bye import choose_bye
from engine.dubov.context import RoundContext
from engine.dubov.first_round import pair_first_round
from engine.dubov.limits import LEVELS, NO_COLOUR_LIMITS, NO_UPFLOAT_LIMITS, STRICT, Limits
from engine.dubov.profile import profiles
from engine.dubov.scoregroup import pair_scoregroup
from engine.result import PairingImpossible, RoundPairing, Step
from engine.state import TournamentState

RELAXED = {
    NO_UPFLOAT_LIMITS: "no pairing respects the upfloat limits of 2.5: they are set aside for this round",
    NO_COLOUR_LIMITS: "no pairing respects 2.3, 2.4 and 2.5: the colour limits are set aside too "
    "(colours still follow them where they can)",
}


def aro_step(state: TournamentState, profs) -> Step:
    """Dubov 9: the ARO list published with the round; ``data`` is {tpn: ARO}."""
    data = {t: profs[t].aro for t in sorted(profs)}
    text = ", ".join(f"{t}: {a:.1f}" for t, a in data.items())
    return Step("Dubov 9", "aro", f"ARO after round {state.rounds_played} (Dubov 1): {text}", data)


def pair(state: TournamentState) -> RoundPairing:
    """Pair ``state.next_round`` by the Dubov system (1997 text)."""
    profs = profiles(state)
    tpns = [p.tpn for p in state.to_be_paired()]
    reason = "nobody to pair"
    exempt: frozenset[int] = frozenset()
    for level in LEVELS:
        for _ in range(4 if level == STRICT else 1):
            limits = Limits(state, profs, level, exempt)
            pairing, reason, unmatched = _attempt(state, limits, tpns)
            if pairing is not None:
                return pairing
            barred = {t for t in unmatched if not limits.may_upfloat(profs[t])}
            if level != STRICT or not barred:
                break
            exempt = exempt | barred
    raise PairingImpossible(f"Dubov: no pairing of round {state.next_round}: {reason}")


def _attempt(
    state: TournamentState, limits: Limits, tpns: list[int]
) -> tuple[RoundPairing | None, str, set[int]]:
    """One try at the given limitations; on failure, why and who was left unmatched."""
    pairing = RoundPairing(round=state.next_round, pairs=[], system="dubov")
    pairing.explanation.append(aro_step(state, limits.profiles))
    if limits.level:
        pairing.explain("Dubov 9", "relaxation", RELAXED[limits.level], level=limits.level)
    elif limits.exempt:
        pairing.explain(
            "Dubov 9",
            "relaxation",
            "no pairing respects 2.5 for everybody: the upfloat limits are set aside for "
            + ", ".join(str(t) for t in sorted(limits.exempt))
            + ", who could not otherwise be paired",
            exempt=sorted(limits.exempt),
        )
    completion = Completion(tpns, adj=limits.adjacency(tpns))
    unmatched = {t for t in tpns if t not in completion.mate}
    ctx = RoundContext(state, limits, completion, pairing, remaining=set(tpns))
    if len(tpns) % 2 and not _bye(ctx, tpns):
        return None, "no participant may receive the bye (2.2) with the others all paired", unmatched
    if not ctx.completion.perfect:
        return None, "the participants cannot all be paired without a second meeting (2.1)", unmatched
    if state.rounds_played == 0:
        pair_first_round(ctx, [t for t in tpns if t != pairing.bye])
    else:
        floaters: list[int] = []
        for score in scoregroups(sorted(ctx.remaining), ctx.score):
            floaters = pair_scoregroup(ctx, score, floaters)
    _pair_leftovers(ctx)
    pairing.pairs = sorted(ctx.pairs, key=lambda p: _board_key(ctx, p.white, p.black))
    return pairing, "", set()


def _bye(ctx: RoundContext, tpns: list[int]) -> bool:
    if ctx.state.rounds_played == 0:
        for t in reversed(tpns):
            if ctx.completion.remove(t):
                ctx.remaining.discard(t)
                ctx.pairing.bye = t
                ctx.explain(
                    "Dubov 5", "bye", f"odd number: the last in the list, {ctx.label(t)}, gets the bye", tpn=t
                )
                return True
        return False
    return choose_bye(ctx, tpns) is not None


def _pair_leftovers(ctx: RoundContext) -> None:
    """Dubov 9: whoever the procedure left unpaired is paired as near in score as possible."""
    left = sorted(ctx.remaining)
    if not left:
        return
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
            "Dubov 9",
            f"{ctx.label(a)} - {ctx.label(b)}: the procedure left them unpaired; "
            "paired as near in score as the remaining players allow",
        )
    if ctx.remaining:
        raise PairingImpossible(f"Dubov: {sorted(ctx.remaining)} cannot be paired")


def _board_key(ctx: RoundContext, a: int, b: int) -> tuple:
    """Boards by the higher score, then the lower score, then the higher R."""
    return (*by_scores(ctx.score(a), ctx.score(b)), -max(ctx.p(a).rating, ctx.p(b).rating), min(a, b))
