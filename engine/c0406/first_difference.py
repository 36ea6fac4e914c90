"""Why the engine's pairing comes first, when a given legal pairing differs from it (C.04.6 3.3.2-3.6).

The given pairing is read as the text builds a round (3.3.2: the bye, then
bracket after bracket the top-scoregroup with the lower teams its members meet
as upfloaters), and at the first step where it departs from the engine's, the
first rule of that step on which the engine's choice is better is named:
3.4.2-3.4.4 for the bye; C4, C5, C6, C7 for the set of upfloaters, else its
3.5.4 order; C8, C9, C10 for the bracket's pairing, else its 3.6.2-3.6.3
identifier (both identifiers given). Each reason is a message
(``engine.messages``), written in the reader's language where it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.c0406.bracket import identifier, pair_bracket, pair_cost, seat_order
from engine.c0406.context import Context
from engine.c0406.following import following_scoregroup, upfloaters_needed
from engine.c0406.upfloaters import select_upfloaters, upfloater_sequence
from engine.messages import Message, Team, msg
from engine.result import RoundPairing, Violation


def first_difference(ctx: Context, given: RoundPairing, engine: RoundPairing) -> Violation:
    """Why the engine's pairing comes first: the first step of 3.3.2 where ``given``
    departs from it, and the first rule of that step that prefers the engine's."""
    if given.bye != engine.bye:
        return _bye_reason(ctx, given.bye, engine.bye)
    ctx.bye = engine.bye
    opp = given.opponents()
    remaining = set(ctx.tpns) - {engine.bye}
    no = 0
    while remaining:
        no += 1
        top_score = max(ctx.score[t] for t in remaining)
        top = {t for t in remaining if ctx.score[t] == top_score}
        mine = upfloater_sequence(ctx.score, {opp[t] for t in top if ctx.score[opp[t]] < top_score})  # type: ignore[index]
        choice = select_upfloaters(ctx, remaining, top)
        where = msg("bracket {number} (scoregroup {score})", number=no, score=float(top_score))
        if set(mine) != set(choice.upfloaters):
            return _set_reason(ctx, where, remaining, top, mine, choice.upfloaters)
        ups = set(mine)
        bracket = top | ups
        best = pair_bracket(ctx, bracket, ups)
        given_pairs = sorted({(min(t, opp[t]), max(t, opp[t])) for t in bracket})  # type: ignore[type-var]
        if set(given_pairs) != {(min(a, b), max(a, b)) for a, b in best.pairs}:
            return _pairing_reason(ctx, where, bracket, ups, given_pairs, best.pairs)
        remaining -= bracket
    return Violation("3.3", False, msg("the same pairs as the engine's pairing"))


def _bye_reason(ctx: Context, given: int | None, engine: int | None) -> Violation:
    if given is None or engine is None:
        return Violation(
            "1.4",
            False,
            msg("the engine gives the pairing-allocated bye to {team}", team=str(engine)),
            (engine or 0,),
        )
    played = {t: ctx.state.by_tpn[t].matches_played for t in (given, engine)}
    tpns = (given, engine)
    if ctx.score[engine] != ctx.score[given]:
        return Violation(
            "3.4.2",
            False,
            msg(
                "3.4.2: the pairing-allocated bye goes to the lowest score: {team} has {score}, {other} has {others}",
                team=Team(engine),
                score=float(ctx.score[engine]),
                other=Team(given),
                others=float(ctx.score[given]),
            ),
            tpns,
        )
    if played[engine] != played[given]:
        return Violation(
            "3.4.3",
            False,
            msg(
                "3.4.3: the pairing-allocated bye goes to the team that has played the most matches: "
                "{team} has played {played}, {other} {others}",
                team=Team(engine),
                played=played[engine],
                other=Team(given),
                others=played[given],
            ),
            tpns,
        )
    return Violation(
        "3.4.4",
        False,
        msg(
            "3.4.4: the pairing-allocated bye goes to the largest TPN: {team}, not {other}",
            team=Team(engine),
            other=Team(given),
        ),
        tpns,
    )


def _sets(a: list[int]) -> str | Message:
    return "{" + ", ".join(map(str, a)) + "}" if a else msg("no upfloaters")


@dataclass
class _SetValues:
    c4: int
    c5: list[float]
    c6: tuple[int, int] | None  # (upfloaters needed, parity minimum); None: C6 does not apply
    c7: int


def _values(ctx: Context, remaining: set[int], top: set[int], ups: list[int]) -> _SetValues:
    following = following_scoregroup(ctx, remaining, ctx.score[next(iter(top))])
    left = following.teams - set(ups)
    c6 = None
    if following.applies and left:
        need = upfloaters_needed(ctx, remaining - top - set(ups), left)
        c6 = (need if need is not None else len(left), len(left) % 2)
    c7 = sum(1 for u in ups if u in ctx.prev_floaters) if ctx.c7_c10_apply else 0
    return _SetValues(len(ups), sorted(ctx.score[u] for u in ups), c6, c7)


def _c6_key(ctx: Context, v: _SetValues) -> int:
    if v.c6 is None:
        return 0
    need, parity = v.c6
    return need if ctx.options["c6"] == "graded" else int(need > parity)


def _set_reason(
    ctx: Context, where: Message, remaining: set[int], top: set[int], mine: list[int], best: list[int]
) -> Violation:
    a, b = _values(ctx, remaining, top, mine), _values(ctx, remaining, top, best)
    tpns = tuple(sorted(set(mine) ^ set(best)))
    # (criterion, the given set's key, the engine's key: smaller is better)
    keys = [
        ("C4", a.c4, b.c4),
        ("C5", [-s for s in a.c5], [-s for s in b.c5]),
        ("C6", _c6_key(ctx, a), _c6_key(ctx, b)),
        ("C7", a.c7, b.c7),
    ]
    for crit, ka, kb in keys:
        if ka == kb:
            continue
        if ka < kb:
            return _not_worse(crit, where, tpns)
        if crit == "C4":
            text = msg(
                "C4: {count} upfloater(s) in {where}, the engine's pairing has {theirs}",
                count=a.c4,
                where=where,
                theirs=b.c4,
            )
        elif crit == "C5":
            text = msg(
                "C5: upfloaters' scores {scores} in {where}, the engine's pairing has {theirs}",
                scores=[float(s) for s in a.c5],
                where=where,
                theirs=[float(s) for s in b.c5],
            )
        elif crit == "C6":
            assert a.c6 is not None
            text = msg(
                "C6: with upfloaters {sets} in {where} the following scoregroup needs {count} upfloater(s) (its "
                "parity minimum is {parity}); with the engine's {theirs} it needs {need}",
                sets=_sets(mine),
                where=where,
                count=a.c6[0],
                parity=a.c6[1],
                theirs=_sets(best),
                need=b.c6[0] if b.c6 is not None else 0,
            )
        else:
            text = msg(
                "C7: {count} upfloater(s) in {where} floated in the previous round, the engine's pairing has "
                "{theirs}",
                count=a.c7,
                where=where,
                theirs=b.c7,
            )
        return Violation(crit, False, text, tpns)
    return Violation(
        "3.5.4",
        False,
        msg(
            "3.5.4: in {where} the engine's set of upfloaters {theirs} comes before {sets} (C4 to C7 equal)",
            where=where,
            theirs=_sets(best),
            sets=_sets(mine),
        ),
        tpns,
    )


def _not_worse(crit: str, where: Message, tpns: tuple[int, ...]) -> Violation:
    """The given pairing does better than the engine's on a criterion: an engine fault to report."""
    return Violation(
        crit,
        False,
        msg(
            "{criterion}: in {where} the given pairing does better than the engine's; please report this case",
            criterion=crit,
            where=where,
        ),
        tpns,
    )


def _pairing_reason(
    ctx: Context,
    where: Message,
    bracket: set[int],
    ups: set[int],
    mine: list[tuple[int, int]],
    best: list[tuple[int, int]],
) -> Violation:
    def totals(pairs) -> tuple[int, int, int]:
        costs = [pair_cost(ctx, a, b, ups) for a, b in pairs]
        return tuple(sum(c[i] for c in costs) for i in range(3))  # type: ignore[return-value]

    a, b = totals(mine), totals(best)
    tpns = tuple(sorted({t for p in mine for t in p} - {t for p in set(mine) & set(best) for t in p}))
    for i, crit in enumerate(("C8", "C9", "C10")):
        if crit == "C9" and not ctx.type_b or crit == "C10" and not ctx.c7_c10_apply:
            continue
        if a[i] < b[i]:
            return _not_worse(crit, where, tpns)
        if a[i] > b[i]:
            return Violation(
                crit,
                False,
                msg(
                    "C8: {count} colour preference(s) not fulfilled in {where}, the engine's pairing has {theirs}"
                    if crit == "C8"
                    else "C9: {count} strong colour preference(s) not fulfilled in {where}, the engine's pairing "
                    "has {theirs}"
                    if crit == "C9"
                    else "C10: {count} upfloaters' opponent(s) that floated in the previous round in {where}, the "
                    "engine's pairing has {theirs}",
                    count=a[i],
                    where=where,
                    theirs=b[i],
                ),
                tpns,
            )
    order = seat_order(ctx, bracket, ups)
    return Violation(
        "3.6.3",
        False,
        msg(
            "3.6.3: in {where} the engine's pairing {theirs} (identifier {their_identifier}) comes before {pairs} "
            "(identifier {identifier}); C8 to C10 equal",
            where=where,
            theirs=_pairs_text(best, order),
            their_identifier=_ident(best, order),
            pairs=_pairs_text(mine, order),
            identifier=_ident(mine, order),
        ),
        tpns,
    )


def _oriented(pairs, order: list[int]) -> list[tuple[int, int]]:
    """(top, bottom) of each pair by 3.6.1, in identifier order."""
    seat = {t: i for i, t in enumerate(order)}
    return sorted(((a, b) if seat[a] < seat[b] else (b, a) for a, b in pairs), key=lambda p: seat[p[0]])


def _ident(pairs, order: list[int]) -> str:
    if order == sorted(order):
        return " ".join(map(str, identifier(pairs)))
    o = _oriented(pairs, order)
    return " ".join(map(str, [a for a, _ in o] + [b for _, b in o]))


def _pairs_text(pairs, order: list[int]) -> str:
    return "  ".join(f"{a}-{b}" for a, b in _oriented(pairs, order))
