"""A round of the Lim system: bye, score-groups, the median group (Lim 7, 8, 9.2, 9.6).

Pairing begins with the highest score-group and proceeds downward to just
before the median score-group, then from the lowest score-group upward; the
median score-group, which receives the floaters of both passes, is paired
last, downward (Lim 9.2). If it cannot be paired, pairings of its
neighbours are cracked one by one (Lim 9.6).
"""

from __future__ import annotations

from engine.common.boards import by_scores
from engine.common.scoregroups import scoregroups
from engine.lim.colours import allocation
from engine.lim.context import LimContext
from engine.lim.scoregroup import GroupOutcome, fmt, pair_group
from engine.lim.why import colour_reason, group_message, label_message, listed
from engine.messages import Message, msg
from engine.result import PairingImpossible, RoundPairing, Step
from engine.state import TournamentState


def bye_candidates(ctx: LimContext, players: list[int]) -> list[int]:
    """Lim 8.1, 8.2: lowest rank in the lowest score-group first; no second bye, none after a default win."""
    order = sorted(players, key=lambda t: (ctx.score(t), -t))
    return [t for t in order if not ctx.players[t].bye_barred]


def pair(state: TournamentState) -> RoundPairing:
    """Lim pairing of ``state.next_round``; colours yield only if nothing else pairs."""
    try:
        return pair_with(LimContext.build(state))
    except PairingImpossible as strict:
        if state.is_last_round:
            raise
        try:
            rp = pair_with(LimContext.build(state, relaxed=True))
        except PairingImpossible:
            raise strict from None
    rp.explanation.insert(
        1,
        Step(
            "Lim 9.1",
            "criteria",
            msg(
                "no pairing keeps Lim 12.1(a)/(b) for everyone: the colour part of compatibility yields, as in the "
                "last round (Lim 13); rematches stay excluded"
            ),
            {"colours_relaxed": True},
        ),
    )
    return rp


def pair_with(ctx: LimContext) -> RoundPairing:
    state = ctx.state
    players = [p.tpn for p in state.to_be_paired()]
    rp = RoundPairing(round=state.next_round, pairs=[], system="lim")
    rp.explain(
        "Lim 7",
        "bracket",
        msg("pairing numbers are the TPNs; No. 1 is the highest numbered player"),
        players=players,
    )
    if ctx.options.maxi:
        rp.explain(
            "Lim 10.2",
            "bracket",
            msg("Maxi-tournament: rating limit {limit}", limit=float(ctx.options.maxi_limit)),
        )
    if ctx.last_round and not ctx.relaxed:
        rp.explain("Lim 13", "bracket", msg("last round: same-score pairings take priority over colours"))
    byes: list[int | None] = [None]
    if len(players) % 2:
        byes = list(bye_candidates(ctx, players))
        if not byes:
            raise PairingImpossible(
                msg("Lim 8.2: every player to be paired has had a bye or a win by default")
            )
    failures: list[int] = []
    for bye in byes:
        attempt = RoundPairing(round=rp.round, pairs=[], system="lim")
        if bye is not None:
            passed = [
                t for t in sorted(players, key=lambda t: (ctx.score(t), -t)) if ctx.players[t].bye_barred
            ]
            passed = [t for t in passed if (ctx.score(t), -t) < (ctx.score(bye), -bye)]
            step = msg(
                "bye to {team}: lowest rank in the lowest score-group{passed}{failures} (Lim 8.3: one point, no "
                "colour)",
                team=bye,
                passed=msg("; not [{tpns}], who had a bye or won by default (Lim 8.2)", tpns=passed)
                if passed
                else "",
                failures=msg("; the bye to [{tpns}] left the others unpairable", tpns=list(failures))
                if failures
                else "",
            )
            attempt.explain("Lim 8.1", "bye", step, tpn=bye)
            plain = msg(
                "The number of teams is odd; the bye goes to the lowest-ranked of the lowest score-group who may "
                "have one: you{passed}{failures}."
                if state.team
                else "The number of players is odd; the bye goes to the lowest-ranked of the lowest score-group "
                "who may have one: you{passed}{failures}.",
                passed=msg("; {tpns} already had a bye or a win by default (Lim 8.2)", tpns=listed(passed))
                if passed
                else "",
                failures=msg(
                    "; a bye to {tpns} would have left the others unpairable", tpns=listed(failures, "or")
                )
                if failures
                else "",
            )
            attempt.explain_why(bye, opponent=None, opponent_reason=plain, opponent_article="Lim 8.1")
        try:
            pair_field(ctx, attempt, [t for t in players if t != bye])
        except PairingImpossible:
            if bye is None:
                raise
            failures.append(bye)
            continue
        attempt.bye = bye
        rp.explanation.extend(attempt.explanation)
        rp.pairs = attempt.pairs
        rp.bye = bye
        return rp
    raise PairingImpossible(
        msg("Lim 8: no choice of the bye ({players}) leaves a pairable field", players=str(failures))
    )


def pair_field(ctx: LimContext, rp: RoundPairing, players: list[int]) -> None:
    groups = scoregroups(players, ctx.score)
    med = ctx.median
    above = sorted((s for s in groups if s > med), reverse=True)
    below = sorted(s for s in groups if s < med)
    rp.explain(
        "Lim 9.2",
        "bracket",
        msg(
            "score-groups [{groups}]; median score {median}{none}; order: [{above}] downward, [{below}] upward, "
            "median last",
            groups=_scores(groups),
            median=float(med),
            none="" if med in groups else msg(" (no player has it: the median group holds only floaters)"),
            above=_scores(above),
            below=_scores(below),
        ),
        median=med,
        groups={fmt(s): sorted(v) for s, v in groups.items()},
    )

    high, down_floaters = _one_pass(ctx, rp, groups, above, below, downward=True)
    low, up_floaters = _one_pass(ctx, rp, groups, below, above, downward=False)

    median = pair_median(ctx, rp, groups.get(med, []), down_floaters, up_floaters, high, low)
    made = [(p, True) for g in high for p in g.pairs]
    made += [(p, True) for p in median.pairs]
    made += [(p, False) for g in low for p in g.pairs]
    made.sort(key=lambda x: board_key(ctx, *x[0]))
    for board, ((a, b), upper) in enumerate(made, start=1):
        pair, rule = allocation(ctx, a, b, upper=upper, board=board)
        rp.pairs.append(pair)
        rp.explain(
            pair.colour_article, "colour",
            msg("board {board}: {white} White, {black} Black ({rule})", board=board, white=pair.white, black=pair.black, rule=Message(COLOUR_RULES[rule])),
            white=pair.white, black=pair.black, board=board, rule=rule,
        )  # fmt: skip
        reasons = ctx.pair_why.get(frozenset((a, b)), {})
        for t in (pair.white, pair.black):
            opponent = pair.black if t == pair.white else pair.white
            text, article = reasons.get(t, (msg("You were paired with {other}.", other=opponent), "Lim 9"))
            rp.explain_why(
                t,
                opponent=opponent,
                opponent_reason=text,
                opponent_article=article,
                colour="w" if t == pair.white else "b",
                colour_reason=colour_reason(ctx, pair, rule, t, board, upper),
                colour_article=pair.colour_article,
            )


COLOUR_RULES = {
    "limits": "the colours Lim 12.1 allows",
    "lot": "neither has a colour yet: the lot",
    "due": "each gets the colour he is due",
    "compulsory": "the compulsory colour of 12.3",
    "history": "the colour histories, going back to the latest game they differ",
    "rank": "identical histories: the ranking decides",
}


def _one_pass(
    ctx: LimContext,
    rp: RoundPairing,
    groups: dict[float, list[int]],
    seq: list[float],
    other: list[float],
    *,
    downward: bool,
) -> tuple[list[GroupOutcome], dict[int, str]]:
    """Lim 9.2: the score-groups ``seq`` in turn towards the median group, each passing its floaters on.

    Pairing downward the floaters are "DF" (from a higher group), upward "UF".
    The adjacent score-group of the last one before the median group is the
    median group, or, where nobody has the median score, the nearest group
    of the other pass (``other``).
    """
    med = ctx.median

    def adjacent(i: int) -> list[int]:
        if i + 1 < len(seq):
            return groups[seq[i + 1]]
        if med in groups:
            return groups[med]
        return groups[other[-1]] if other else []

    kind = "DF" if downward else "UF"
    outcomes: list[GroupOutcome] = []
    incoming: dict[int, str] = {}
    for i, s in enumerate(seq):
        out = pair_group(
            ctx, rp, label=f"score-group {fmt(s)}", residents=groups[s], incoming=incoming,
            downward=downward, adjacent=adjacent(i),
        )  # fmt: skip
        outcomes.append(out)
        incoming = {t: kind for t in out.floaters}
    return outcomes, incoming


def _scores(scores) -> list[Message]:
    """Scores as the list of Lim 9.2's step writes them ("'2.5'", the quotes of the list it always printed)."""
    return [msg("'{score}'", score=float(s)) for s in scores]


def board_key(ctx: LimContext, a: int, b: int) -> tuple[float, float, int]:
    """Lim board order (the text is silent): by the scores of the pair, then the higher ranked player."""
    return (*by_scores(ctx.score(a), ctx.score(b)), min(a, b))


def pair_median(
    ctx: LimContext,
    rp: RoundPairing,
    residents: list[int],
    down: dict[int, str],
    up: dict[int, str],
    high: list[GroupOutcome],
    low: list[GroupOutcome],
) -> GroupOutcome:
    """Lim 9.2 (the median group last, downward) and 9.6 (the blocked median group)."""
    extra_down: dict[int, str] = {}
    extra_up: dict[int, str] = {}
    while True:
        trial = RoundPairing(round=rp.round, pairs=[])
        out = pair_group(
            ctx, trial, label="median score-group", residents=residents,
            incoming={**down, **extra_down, **up, **extra_up}, downward=True, adjacent=[], median=True,
        )  # fmt: skip
        if not out.blocked:
            rp.explanation.extend(trial.explanation)
            return out
        n_high, n_low = len(down) + len(extra_down), len(up) + len(extra_up)
        low_left = any(g.pairs for g in low)
        high_left = any(g.pairs for g in high)
        if not low_left and not high_left:
            raise PairingImpossible(
                msg("Lim 9.6: the median score-group cannot be paired even with every pairing cracked")
            )
        from_low = (n_high > n_low and low_left) or not high_left
        stack = low if from_low else high
        group = next(g for g in reversed(stack) if g.pairs)
        a, b = group.pairs.pop()
        (extra_up if from_low else extra_down).update(
            {a: "UF" if from_low else "DF", b: "UF" if from_low else "DF"}
        )
        rp.explain(
            "Lim 9.6",
            "bracket",
            msg(
                "median score-group blocked ({high} floaters from above, {low} from below): pairing {team} v {other} "
                "of {group} cracked, both join the median group",
                high=n_high,
                low=n_low,
                team=a,
                other=b,
                group=label_message(group.label),
            ),
            cracked=[a, b],
            group=group.label,
        )
        for t in (a, b):
            ctx.float_why[t] = msg(
                "The median score-group could not be paired, so your pairing in {group} was cracked and you "
                "joined it (Lim 9.6)",
                group=group_message(group.label),
            )
