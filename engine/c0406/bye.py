"""The pairing-allocated bye (C.04.6 1.4, 2.1.2 [C2], 3.4).

3.4: the PAB goes to the team that 3.4.1 leaves a legal pairing for all the
other teams, 3.4.2 has the lowest score, 3.4.3 has played the highest number
of matches, 3.4.4 has the largest TPN. A team that already had a PAB, a
forfeit win or a full-point bye may not receive it (C2).

"Matches played" counts matches actually played (1.6.1 vocabulary): a
forfeit is not a match played.

The explanation says which step decided and which teams each step removed,
the steps read as successive filters: C2, then 3.4.1, 3.4.2, 3.4.3, 3.4.4.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.c0406.context import Context
from engine.c0406.feasibility import certified, certified_without, legal_edges, matchable
from engine.matching import LexMatching
from engine.messages import Message, Team, joined, msg
from engine.result import PairingImpossible, RoundPairing

DUMMY = 0  # TPNs start at 1


@dataclass
class ByeDecision:
    """Who received the bye, which step of 3.4 decided, and what each step removed."""

    bye: int
    decided_by: str  # "C2", "3.4.1", "3.4.2", "3.4.3" or "3.4.4"
    removed: dict[str, list[int]] = field(default_factory=dict)  # step -> teams it removed


def bye_order(ctx: Context) -> list[int]:
    """Teams allowed the PAB (C2), best first by 3.4.2-3.4.4."""
    played = {t: ctx.state.by_tpn[t].matches_played for t in ctx.tpns}
    ok = [t for t in ctx.tpns if t not in ctx.bye_barred]
    return sorted(ok, key=lambda t: (ctx.score[t], -played[t], -t))


def assign_bye(ctx: Context, teams: set[int]) -> int:
    """The team that receives the pairing-allocated bye (3.4), C2 and 3.4.1-3.4.4."""
    order = bye_order(ctx)
    if not order:
        raise PairingImpossible(
            msg(
                "the number of teams is odd and every team already had a pairing-allocated bye "
                "or a forfeit win (C.04.6 2.1.2 [C2])"
            )
        )
    first = order[0]
    if certified(ctx, teams - {first}):
        return first
    edges = legal_edges(ctx, teams)
    for t in order:
        edges[(DUMMY, t)] = ()
    lm = LexMatching(teams | {DUMMY}, edges)
    if lm.optimum() is None:
        raise PairingImpossible(
            msg(
                "no team can receive the pairing-allocated bye and leave a legal pairing "
                "for all the other teams (C.04.6 3.4.1, 3.3.3)"
            )
        )
    rank = {t: i for i, t in enumerate(order)}
    lm.fix_partners([DUMMY], lambda v, u: rank[u])
    return lm.matching()[DUMMY]


def explain_bye(ctx: Context, teams: set[int], bye: int, rp: RoundPairing) -> ByeDecision:
    """The 3.4 step of the explanation: which step decided and what each removed."""
    decision = decide_steps(ctx, teams, bye_order(ctx), bye)
    rp.explain(
        "C.04.6 3.4",
        "bye",
        bye_message(ctx, decision),
        bye=bye,
        skipped=decision.removed.get("3.4.1", []),
        barred=decision.removed.get("C2", []),
        decided_by=decision.decided_by,
        removed=decision.removed,
        score=ctx.score[bye],
        matches_played=ctx.state.by_tpn[bye].matches_played,
    )
    return decision


def decide_steps(ctx: Context, teams: set[int], order: list[int], bye: int) -> ByeDecision:
    """3.4's filters applied in turn to the teams C2 allows: what each removed.

    3.4.1 is only settled where it matters: the teams before the bye in the
    order (removed by it, else one of them would have the bye), the other teams
    of the bye's score, and (to tell whether 3.4.1 alone decided) the first
    team of a higher score that leaves a legal pairing."""
    played = {t: ctx.state.by_tpn[t].matches_played for t in order}
    before = order[: order.index(bye)]
    score = ctx.score[bye]

    cert = certified_without(ctx, teams)

    def leaves_legal(t: int) -> bool:
        return cert(t) or matchable(ctx, teams - {t})

    same = [t for t in order[order.index(bye) + 1 :] if ctx.score[t] == score]
    illegal = sorted(before + [t for t in same if not leaves_legal(t)])
    higher = [t for t in order if ctx.score[t] > score and t not in illegal]
    removed: dict[str, list[int]] = {}
    barred = sorted(t for t in teams if t in ctx.bye_barred)
    if barred:
        removed["C2"] = barred
    if illegal:
        removed["3.4.1"] = illegal
    left = [t for t in same if t not in illegal]
    if higher:
        removed["3.4.2"] = sorted(higher)
    fewer = sorted(t for t in left if played[t] < played[bye])
    if fewer:
        removed["3.4.3"] = fewer
    smaller = sorted(t for t in left if played[t] == played[bye])
    if smaller:
        removed["3.4.4"] = smaller
    if len(order) == 1:
        decided = "C2"
    elif smaller:
        decided = "3.4.4"
    elif fewer:
        decided = "3.4.3"
    elif higher and any(leaves_legal(t) for t in higher):
        decided = "3.4.2"
    else:
        decided = "3.4.1"
    return ByeDecision(bye, decided, removed)


def points(ctx: Context) -> str:
    """The unit of the primary score (1.2)."""
    return "match points" if ctx.state.scoring.primary.value == "MP" else "game points"


def _teams(ts: list[int]) -> Message | list[int]:
    if len(ts) > 8:
        return msg("{count} teams", count=len(ts))
    return ts


def bye_message(ctx: Context, d: ByeDecision) -> Message:
    """The arbiter's account of 3.4: each step, the teams it removed, the step that decided."""
    bye = d.bye
    played = ctx.state.by_tpn[bye].matches_played
    score = float(ctx.score[bye])
    parts: list[Message] = []
    r = d.removed
    if "C2" in r:
        parts.append(
            msg("C2 bars {teams} (a pairing-allocated bye or a forfeit win already)", teams=_teams(r["C2"]))
        )
    if "3.4.1" in r:
        parts.append(
            msg(
                "3.4.1 removes {teams} (no legal pairing for the others without it)", teams=_teams(r["3.4.1"])
            )
        )
    if "3.4.2" in r:
        parts.append(
            msg(
                "3.4.2 (lowest score, {score}) removes {teams} with a higher score",
                score=score,
                teams=_teams(r["3.4.2"]),
            )
        )
    if "3.4.3" in r:
        parts.append(
            msg(
                "3.4.3 (most matches played, {played}) removes {teams}",
                played=played,
                teams=_teams(r["3.4.3"]),
            )
        )
    if "3.4.4" in r:
        parts.append(msg("3.4.4 (largest TPN) removes {teams}", teams=_teams(r["3.4.4"])))
    return msg(
        "Team {team} receives the pairing-allocated bye (score {score}, {played} matches played): {steps}; "
        "decided by {decided}",
        team=Team(bye),
        score=score,
        played=played,
        steps=joined(parts) if parts else msg("the only team to be paired"),
        decided=d.decided_by,
    )


def bye_why(ctx: Context, d: ByeDecision) -> tuple[Message, str]:
    """The captain's line for the team with the bye: (reason, article)."""
    s = msg("{score} {unit}", score=float(ctx.score[d.bye]), unit=Message(points(ctx)))
    played = ctx.state.by_tpn[d.bye].matches_played
    text = {
        "C2": ("Pairing-allocated bye: it is the only team that has not had one or won by forfeit", "2.1.2"),
        "3.4.1": (
            "Pairing-allocated bye: the only team whose bye leaves a legal pairing for all others",
            "3.4.1",
        ),
        "3.4.2": (
            "Pairing-allocated bye: lowest score ({score}) among the teams that may receive it",
            "3.4.2",
        ),
        "3.4.3": (
            "Pairing-allocated bye: of the teams with the lowest score ({score}) that may receive it, "
            "it has played the most matches ({played})",
            "3.4.3",
        ),
        "3.4.4": (
            "Pairing-allocated bye: of the teams with the lowest score ({score}) and the most matches "
            "played that may receive it, it has the largest TPN",
            "3.4.4",
        ),
    }[d.decided_by]
    params = {"score": s, "played": played}
    return Message(
        text[0], {k: v for k, v in params.items() if "{" + k + "}" in text[0]}
    ), f"C.04.6 {text[1]}"
