"""The causes in a C.04.6 explanation (3.5, 3.6), for the arbiter and for each team.

For each bracket the arbiter reads why it has that many upfloaters (the
residents that cannot be paired among themselves and the earlier meetings,
C1, that prevent it), which scoregroup C6 measured and what it counted (or
why it did not apply), and how the bracket was paired. Each team then gets
one plain-language line (``RoundPairing.explain_why``): why this opponent,
why this colour, each with its article.
"""

from __future__ import annotations

from dataclasses import dataclass

import rustworkx as rx

from engine.c0406.bracket import BracketPairing
from engine.c0406.bye import ByeDecision, bye_why, explain_bye, points
from engine.c0406.colour_reasons import colour_reason, colour_why
from engine.c0406.context import Context
from engine.c0406.upfloaters import UpfloaterChoice
from engine.messages import Message, Team, joined, msg
from engine.result import Pair, RoundPairing


@dataclass
class C4Cause:
    text: Message  # for the arbiter
    short: Message | str  # for a captain: why teams float up into this scoregroup
    unpaired: list[int]
    meetings: list[tuple[int, int, str]]


@dataclass
class Bracket:
    """One bracket of the round as the process built it (3.3.2 step 2)."""

    no: int
    score: float
    residents: list[int]
    choice: UpfloaterChoice
    pairing: BracketPairing | None = None
    cause: C4Cause | None = None  # computed once (c4_cause)


def met(ctx: Context, a: int, b: int) -> str:
    """When a and b met (C1): "round 3", or "a forbidden pair"."""
    for r in ctx.state.by_tpn[a].history:
        if r.played and r.opponent == b:
            return f"round {r.round}"
    return "a forbidden pair"


def met_message(ctx: Context, a: int, b: int) -> Message:
    """:func:`met` in words the reader's language writes."""
    for r in ctx.state.by_tpn[a].history:
        if r.played and r.opponent == b:
            return msg("round {round}", round=r.round)
    return msg("a forbidden pair")


def unpaired_residents(ctx: Context, residents: list[int]) -> list[int]:
    """Residents left over by a largest pairing of the scoregroup among itself (C1)."""
    nodes = sorted(residents)
    g = rx.PyGraph()
    g.add_nodes_from(nodes)
    g.add_edges_from_no_data(
        [(i, j) for i, a in enumerate(nodes) for j in range(i + 1, len(nodes)) if ctx.compatible(a, nodes[j])]
    )
    matched = {v for e in rx.max_weight_matching(g, max_cardinality=True) for v in e}
    return [t for i, t in enumerate(nodes) if i not in matched]


def c4_cause(ctx: Context, b: Bracket) -> C4Cause:
    """Why the bracket has ``c4`` upfloaters: parity, earlier meetings (C1), or C3."""
    if b.cause is None:
        b.cause = _c4_cause(ctx, b)
    return b.cause


def _c4_cause(ctx: Context, b: Bracket) -> C4Cause:
    residents, k = b.residents, b.choice.c4
    n = len(residents)
    # No more upfloaters than the parity: the residents pair among themselves but for
    # the parity (C4 >= what they leave over), no matching needed.
    unpaired = unpaired_residents(ctx, residents) if k > n % 2 else []
    d = len(unpaired) if k > n % 2 else n % 2
    group = msg("the {score}-point scoregroup", score=float(b.score))
    seen = {
        (min(u, o), max(u, o)) for u in unpaired for o in residents if o != u and not ctx.compatible(u, o)
    }
    meetings = [(a, c, met(ctx, a, c)) for a, c in sorted(seen)]
    parts: list[Message] = []
    short: Message | str = ""
    if d > n % 2:
        listed = [msg("{a}-{b} ({when})", a=a, b=c, when=met_message(ctx, a, c)) for a, c, _ in meetings[:12]]
        parts.append(
            msg(
                "its {count} teams can form at most {pairs} pair(s) among themselves because of earlier "
                "meetings (C1): {listed}{more}",
                count=n,
                pairs=(n - d) // 2,
                listed=listed,
                more=" ..." if len(meetings) > 12 else "",
            )
        )
        short = msg(
            "the teams of {group} cannot all be paired among themselves (they have already met)", group=group
        )
    elif d == 1:
        parts.append(msg("it has an odd number of teams ({count})", count=n))
        short = msg("{group} has an odd number of teams", group=group)
    if k > d:
        parts.append(
            msg(
                "fewer upfloaters leave no legal pairing for the bracket or for the teams still to be paired "
                "(C1, C3)"
            )
        )
        short = short or msg("without it no legal pairing of {group} and the teams below exists", group=group)
    return C4Cause(joined(parts) if parts else msg("{text}", text=""), short, unpaired, meetings)


def c6_text(ctx: Context, choice: UpfloaterChoice) -> tuple[Message | None, dict]:
    """Which scoregroup C6 measured and what it counted, or why it did not apply."""
    f = choice.following
    if f is None:
        return None, {}
    data = {"c6_scoregroup": f.score, "c6_reason": str(f.reason), "c6_left": []}
    if not f.applies:
        return msg("C6: {reason}", reason=f.reason), data
    left = sorted(f.teams - set(choice.upfloaters))
    data["c6_left"] = left
    if not left:
        return msg(
            "C6: this set takes every team of {group}, which is now empty: C6 does not apply", group=f.reason
        ), data
    need, parity = choice.c6 or 0, len(left) % 2
    if need == parity:
        return (
            msg(
                "C6 measured {group}, {teams} left after this set: it can be paired with {need} upfloater(s), "
                "its parity minimum",
                group=f.reason,
                teams=left,
                need=need,
            ),
            data,
        )
    verdict = (
        msg("no set does better, so C6 does not separate the sets (pass/fail)")
        if ctx.options["c6"] == "pass_fail"
        else msg("the fewest any set allows (graded)")
    )
    return (
        msg(
            "C6 measured {group}, {teams} left after this set: it will need at least {need} upfloater(s), "
            "more than its parity minimum {parity}; {verdict}",
            group=f.reason,
            teams=left,
            need=need,
            parity=parity,
            verdict=verdict,
        ),
        data,
    )


def explain_round(
    ctx: Context, rp: RoundPairing, brackets: list[Bracket], pairs: tuple[Pair, ...], bye: int | None
) -> None:
    """The round's explanation (3.3): the teams, the bye (3.4), each bracket's upfloaters
    (3.5) and pairing (3.6), each pair's colours (4), then one "why" per team."""
    state = ctx.state
    teams = set(ctx.tpns)
    absent = sorted(p.tpn for p in state.participants if p.tpn not in teams)
    rp.explain(
        "C.04.6 3.3",
        "round",
        msg(
            "Round {round}: {count} teams to be paired; not paired (absent or withdrawn): {absent}",
            round=state.next_round,
            count=len(teams),
            absent=absent,
        )
        if absent
        else msg("Round {round}: {count} teams to be paired", round=state.next_round, count=len(teams)),
        teams=sorted(teams),
        absent=absent,
        options=ctx.options,
    )
    decision = explain_bye(ctx, teams, bye, rp) if bye is not None else None
    for b in brackets:
        explain_upfloaters(ctx, rp, b)
        explain_bracket(rp, b)
    for p in pairs:
        reason, data = colour_reason(ctx, p)
        rp.explain(
            p.colour_article,
            "colour",
            msg(
                "{white}-{black}: {reason} ({article})",
                white=p.white,
                black=p.black,
                reason=reason,
                article=p.colour_article.removeprefix("C.04.6 "),
            ),
            white=p.white,
            black=p.black,
            **data,
        )
    explain_whys(ctx, rp, brackets, list(pairs), decision)


def explain_upfloaters(ctx: Context, rp: RoundPairing, b: Bracket) -> None:
    choice, residents = b.choice, sorted(b.residents)
    head = msg(
        "Bracket {bracket}: scoregroup {score} ({teams})", bracket=b.no, score=float(b.score), teams=residents
    )
    if not choice.upfloaters:
        rp.explain(
            "C.04.6 3.5",
            "bracket",
            msg("{head} is paired without upfloaters", head=head),
            bracket=b.no,
            score=b.score,
            residents=residents,
            upfloaters=[],
        )
        return
    cause = c4_cause(ctx, b)
    c6, c6_data = c6_text(ctx, choice)
    ups = [msg("{team} ({score})", team=u, score=float(ctx.score[u])) for u in choice.upfloaters]
    parts: list[Message] = [
        msg("C4 {count} upfloater(s): {cause}", count=choice.c4, cause=cause.text),
        msg("C5 scores {scores}", scores=[float(s) for s in choice.c5]),
    ]
    if c6 is not None:
        parts.append(c6)
    parts.append(
        msg("C7 not applied (last two rounds)")
        if choice.c7 is None
        else msg("C7 {count} floated in the previous round", count=choice.c7)
    )
    said = msg(
        "{head} takes upfloaters {teams}; {criteria}; first such set in the order of 3.5.3-3.5.4",
        head=head,
        teams=ups,
        criteria=joined(parts),
    )
    if choice.notes:
        said = msg("{text} ({notes})", text=said, notes=joined(choice.notes))
    rp.explain(
        "C.04.6 3.5.5",
        "upfloaters",
        said,
        bracket=b.no,
        score=b.score,
        residents=residents,
        upfloaters=choice.upfloaters,
        c4=choice.c4,
        c4_unpaired=cause.unpaired,
        c4_meetings=[list(m) for m in cause.meetings],
        c5=choice.c5,
        c6=choice.c6,
        c7=choice.c7,
        method=choice.method,
        **c6_data,
    )


def explain_bracket(rp: RoundPairing, b: Bracket) -> None:
    bp = b.pairing
    assert bp is not None
    text = "  ".join(f"{x}-{y}" for x, y in bp.pairs)
    c10 = msg("not applied (last two rounds)") if bp.c10 is None else str(bp.c10)
    rp.explain(
        "C.04.6 3.6.4",
        "pairing",
        msg(
            "Bracket {bracket} pairing {pairs} (identifier {identifier}): C8 {c8} colour preference(s) not "
            "fulfilled, C9 {c9} strong, C10 {c10}; first identifier (3.6.2-3.6.3) with these values",
            bracket=b.no,
            pairs=text,
            identifier=" ".join(map(str, bp.identifier)),
            c8=bp.c8,
            c9=bp.c9,
            c10=c10,
        ),
        bracket=b.no,
        pairs=[list(p) for p in bp.pairs],
        identifier=bp.identifier,
        c8=bp.c8,
        c9=bp.c9,
        c10=bp.c10,
        method=bp.method,
    )


def opponent_why(ctx: Context, b: Bracket, t: int, o: int) -> tuple[Message, str]:
    """A captain's reason for meeting ``o`` in bracket ``b``, and its article."""
    unit = Message(points(ctx))
    ups = set(b.choice.upfloaters)
    floater = t if t in ups else o if o in ups else None
    if floater is None:
        return (
            msg(
                "Both teams have {score} {unit} and are paired within their scoregroup: the first "
                "pairing in the order of 3.6.2-3.6.3 among those that best meet the colour preferences",
                score=float(ctx.score[t]),
                unit=unit,
            ),
            "C.04.6 3.6",
        )
    cause = c4_cause(ctx, b).short
    return (
        msg(
            "Team {team} floats up from {score} {unit}: {cause}",
            team=Team(floater),
            score=float(ctx.score[floater]),
            unit=unit,
            cause=cause,
        ),
        "C.04.6 3.5",
    )


def explain_whys(
    ctx: Context, rp: RoundPairing, brackets: list[Bracket], pairs: list[Pair], bye: ByeDecision | None
) -> None:
    """One plain-language step per team (``RoundPairing.explain_why``)."""
    lines: dict[int, dict] = {}
    bracket_of = {t: b for b in brackets for t in (*b.residents, *b.choice.upfloaters)}
    for p in pairs:
        for t, o in ((p.white, p.black), (p.black, p.white)):
            reason, article = opponent_why(ctx, bracket_of[t], t, o)
            lines[t] = {
                "opponent": o,
                "opponent_reason": reason,
                "opponent_article": article,
                "colour": "w" if t == p.white else "b",
                "colour_reason": colour_why(ctx, p, t),
                "colour_article": p.colour_article,
            }
    if bye is not None:
        reason, article = bye_why(ctx, bye)
        lines[bye.bye] = {"opponent": None, "opponent_reason": reason, "opponent_article": article}
    for t in sorted(lines):
        rp.explain_why(t, **lines[t])
