"""What a given (hand-amended) pairing of the next round breaks, and why the engine's is preferred (C.04.6).

Absolute: a team not to be paired that is paired, a team paired twice or not
at all, a bye when the number of teams is even, a rematch (C1), a bye to a
team that had a PAB or a forfeit win (C2).

Otherwise, when the given pairing differs from the engine's, exactly one
reason comes first: the given pairing is read as the text builds a round
(3.3.2: the bye, then bracket after bracket the top-scoregroup with the lower
teams its members meet as upfloaters), and at the first step where it departs
from the engine's, the first rule of that step on which the engine's choice
is better is named -- 3.4.2-3.4.4 for the bye; C4, C5, C6, C7 for the set of
upfloaters, else its 3.5.4 order; C8, C9, C10 for the bracket's pairing, else
its 3.6.2-3.6.3 identifier (both identifiers given). Then the pairs whose
colours 4.3 would allocate the other way, each under its deciding article.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.c0406.bracket import identifier, pair_bracket, pair_cost, seat_order
from engine.c0406.colours import Preference
from engine.c0406.context import Context, build_context
from engine.c0406.following import following_scoregroup, upfloaters_needed
from engine.c0406.pairing import colour_pair, pair
from engine.c0406.upfloaters import select_upfloaters, upfloater_sequence
from engine.messages import Team, msg
from engine.result import PairingImpossible, RoundPairing, Violation
from engine.state import Colour, TournamentState


def violations(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    ctx = build_context(state)
    out = _absolute(ctx, pairing)
    if any(v.absolute for v in out):
        return out
    try:
        engine = pair(state)
    except PairingImpossible:
        return out
    if not _same_pairs(pairing, engine):
        out.append(first_difference(ctx, pairing, engine))
    for p in pairing.pairs:
        expected = colour_pair(ctx, p.white, p.black)
        if expected.white != p.white:
            out.append(
                Violation(
                    expected.colour_article.removeprefix("C.04.6 "),
                    False,
                    msg(
                        "{white}-{black}: {article} gives White to {team}",
                        white=p.white,
                        black=p.black,
                        article=expected.colour_article,
                        team=Team(expected.white),
                    ),
                    (p.white, p.black),
                )
            )
    return out


def _same_pairs(a: RoundPairing, b: RoundPairing) -> bool:
    return a.bye == b.bye and {frozenset((p.white, p.black)) for p in a.pairs} == {
        frozenset((p.white, p.black)) for p in b.pairs
    }


def _absolute(ctx: Context, pairing: RoundPairing) -> list[Violation]:
    out: list[Violation] = []
    teams = set(ctx.tpns)
    seen: dict[int, int] = {}
    for p in pairing.pairs:
        for t in (p.white, p.black):
            seen[t] = seen.get(t, 0) + 1
    if pairing.bye is not None:
        seen[pairing.bye] = seen.get(pairing.bye, 0) + 1
    for t in sorted(seen):
        if t not in teams:
            out.append(
                Violation(
                    "3.3.1", True, msg("team {team} is not to be paired in this round", team=Team(t)), (t,)
                )
            )
        elif seen[t] > 1:
            out.append(
                Violation("3.3.1", True, msg("team {team} is paired more than once", team=Team(t)), (t,))
            )
    missing = sorted(teams - seen.keys())
    if missing:
        out.append(Violation("3.3.1", True, f"not paired: {', '.join(map(str, missing))}", tuple(missing)))
    if pairing.bye is not None and len(teams) % 2 == 0:
        out.append(
            Violation(
                "1.4",
                True,
                msg("team {team} has a bye but the number of teams is even", team=Team(pairing.bye)),
                (pairing.bye,),
            )
        )
    if pairing.bye is not None and pairing.bye in ctx.bye_barred:
        out.append(
            Violation(
                "C2",
                True,
                msg(
                    "team {team} already had a pairing-allocated bye or a forfeit win", team=Team(pairing.bye)
                ),
                (pairing.bye,),
            )
        )
    for p in pairing.pairs:
        if p.white in ctx.conflicts and p.black in ctx.conflicts[p.white]:
            met = msg("{team} and {other} have already met", team=Team(p.white), other=Team(p.black))
            out.append(Violation("C1", True, met, (p.white, p.black)))
    return out


# -- the first difference, step by step -------------------------------------------


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
        where = f"bracket {no} (scoregroup {top_score:g})"
        if set(mine) != set(choice.upfloaters):
            return _set_reason(ctx, where, remaining, top, mine, choice.upfloaters)
        ups = set(mine)
        bracket = top | ups
        best = pair_bracket(ctx, bracket, ups)
        given_pairs = sorted({(min(t, opp[t]), max(t, opp[t])) for t in bracket})  # type: ignore[type-var]
        if set(given_pairs) != {(min(a, b), max(a, b)) for a, b in best.pairs}:
            return _pairing_reason(ctx, where, bracket, ups, given_pairs, best.pairs)
        remaining -= bracket
    return Violation("3.3", False, "the same pairs as the engine's pairing")


def _bye_reason(ctx: Context, given: int | None, engine: int | None) -> Violation:
    if given is None or engine is None:
        return Violation(
            "1.4", False, f"the engine gives the pairing-allocated bye to {engine}", (engine or 0,)
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


def _sets(a: list[int]) -> str:
    return "{" + ", ".join(map(str, a)) + "}" if a else "no upfloaters"


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
    ctx: Context, where: str, remaining: set[int], top: set[int], mine: list[int], best: list[int]
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
            text = f"C4: {a.c4} upfloater(s) in {where}, the engine's pairing has {b.c4}"
        elif crit == "C5":
            text = (
                f"C5: upfloaters' scores {', '.join(f'{s:g}' for s in a.c5)} in {where}, "
                f"the engine's pairing has {', '.join(f'{s:g}' for s in b.c5)}"
            )
        elif crit == "C6":
            assert a.c6 is not None
            need_b = b.c6[0] if b.c6 is not None else 0
            text = (
                f"C6: with upfloaters {_sets(mine)} in {where} the following scoregroup needs {a.c6[0]} "
                f"upfloater(s) (its parity minimum is {a.c6[1]}); with the engine's {_sets(best)} it needs {need_b}"
            )
        else:
            text = f"C7: {a.c7} upfloater(s) in {where} floated in the previous round, the engine's pairing has {b.c7}"
        return Violation(crit, False, text, tpns)
    return Violation(
        "3.5.4",
        False,
        f"3.5.4: in {where} the engine's set of upfloaters {_sets(best)} comes before {_sets(mine)} "
        "(C4 to C7 equal)",
        tpns,
    )


def _not_worse(crit: str, where: str, tpns: tuple[int, ...]) -> Violation:
    """The given pairing does better than the engine's on a criterion: an engine fault to report."""
    return Violation(
        crit,
        False,
        f"{crit}: in {where} the given pairing does better than the engine's; please report this case",
        tpns,
    )


def _pairing_reason(
    ctx: Context,
    where: str,
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
    labels = (
        ("C8", "colour preference(s) not fulfilled"),
        ("C9", "strong colour preference(s) not fulfilled"),
        ("C10", "upfloaters' opponent(s) that floated in the previous round"),
    )
    for i, (crit, label) in enumerate(labels):
        if crit == "C9" and not ctx.type_b or crit == "C10" and not ctx.c7_c10_apply:
            continue
        if a[i] < b[i]:
            return _not_worse(crit, where, tpns)
        if a[i] > b[i]:
            return Violation(
                crit, False, f"{crit}: {a[i]} {label} in {where}, the engine's pairing has {b[i]}", tpns
            )
    order = seat_order(ctx, bracket, ups)
    text_m, text_b = _pairs_text(mine, order), _pairs_text(best, order)
    return Violation(
        "3.6.3",
        False,
        f"3.6.3: in {where} the engine's pairing {text_b} (identifier {_ident(best, order)}) comes before "
        f"{text_m} (identifier {_ident(mine, order)}); C8 to C10 equal",
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


# -- C4-C10 totals of a whole pairing (kept for callers that compare totals) --------


@dataclass
class Values:
    c4: int = 0
    c5: tuple[float, ...] = ()
    c6: int = 0
    c7: int = 0
    c8: int = 0
    c9: int = 0
    c10: int = 0


def _fulfilled(pref: Preference, got: Colour) -> bool:
    return pref.colour is None or pref.colour == got


def criteria_values(ctx: Context, pairing: RoundPairing) -> Values:
    """C4-C10 totals of a complete legal pairing, bracket by bracket (C8, C9 by the given colours)."""
    opp = {}
    for p in pairing.pairs:
        opp[p.white], opp[p.black] = p.black, p.white
    v = Values()
    c5: list[float] = []
    remaining = set(opp)
    first = True
    while remaining:
        top_score = max(ctx.score[t] for t in remaining)
        top = {t for t in remaining if ctx.score[t] == top_score}
        ups = {opp[t] for t in top if ctx.score[opp[t]] < top_score}
        if not first and len(ups) > len(top) % 2:
            v.c6 += 1
        first = False
        v.c4 += len(ups)
        c5.extend(ctx.score[u] for u in ups)
        if ctx.c7_c10_apply:
            v.c7 += sum(1 for u in ups if u in ctx.prev_floaters)
            v.c10 += sum(1 for u in ups if opp[u] in ctx.prev_floaters)
        remaining -= top | ups
    v.c5 = tuple(sorted(c5))
    for p in pairing.pairs:
        for t, got in ((p.white, Colour.WHITE), (p.black, Colour.BLACK)):
            pref = ctx.pref[t]
            if not _fulfilled(pref, got):
                v.c8 += 1
                if pref.strong:
                    v.c9 += 1
    return v
