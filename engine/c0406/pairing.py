"""The round-pairing process (C.04.6 3.3): bye, brackets, colours, boards."""

from __future__ import annotations

from engine.c0406.bracket import pair_bracket
from engine.c0406.bye import assign_bye
from engine.c0406.colours import allocate, first_team
from engine.c0406.context import Context, build_context
from engine.c0406.explain import Bracket, explain_round
from engine.c0406.feasibility import matchable
from engine.c0406.upfloaters import select_upfloaters
from engine.messages import msg
from engine.result import Pair, PairingImpossible, RoundPairing
from engine.state import TournamentState


def pair(state: TournamentState) -> RoundPairing:
    """Pair ``state.next_round`` by C.04.6, with a cited explanation.

    The explanation (:func:`engine.c0406.explain.explain_round`) is written
    when it is first read, from the decisions kept here.
    """
    ctx = build_context(state)
    rp = RoundPairing(round=state.next_round, pairs=[], system="c0406")
    remaining = set(ctx.tpns)
    if len(remaining) % 2:
        rp.bye = ctx.bye = assign_bye(ctx, remaining)
        remaining.discard(rp.bye)
    elif not matchable(ctx, remaining):
        raise PairingImpossible(
            msg(
                "no pairing of all the teams avoids a rematch (C.04.6 2.1.1 [C1], 3.3.3): the Chief Arbiter decides"
            )
        )
    brackets: list[Bracket] = []
    while remaining:
        top_score = max(ctx.score[t] for t in remaining)
        top = {t for t in remaining if ctx.score[t] == top_score}
        choice = select_upfloaters(ctx, remaining, top)
        b = Bracket(len(brackets) + 1, top_score, sorted(top), choice)
        bracket = top | set(choice.upfloaters)
        b.pairing = pair_bracket(ctx, bracket, set(choice.upfloaters))
        brackets.append(b)
        remaining -= bracket
    pairs = [colour_pair(ctx, a, c) for b in brackets for a, c in b.pairing.pairs]  # type: ignore[union-attr]
    rp.pairs = board_order(ctx, pairs)
    paired, bye = tuple(rp.pairs), rp.bye  # as paired, should a caller change rp before reading
    rp.explain_later(lambda: explain_round(ctx, rp, brackets, paired, bye))
    return rp


def colour_pair(ctx: Context, a: int, b: int) -> Pair:
    """Colours of one pair by 4.2 (first-team) and 4.3.1-4.3.9."""
    sec = ctx.secondary if ctx.state.scoring.secondary_for_colours else None
    f = first_team(a, b, ctx.score, sec)
    o = b if f == a else a
    by = ctx.state.by_tpn
    number = f
    if ctx.options["initial_colour_by"] == "rank":
        number = ctx.tpns.index(f) + 1
    colour, article = allocate(
        by[f], by[o], ctx.pref[f], ctx.pref[o], ctx.type_b, ctx.state.initial_colour, number
    )
    if colour.value == "w":
        return Pair(f, o, article)
    return Pair(o, f, article)


def board_order(ctx: Context, pairs: list[Pair]) -> list[Pair]:
    """Boards: higher score of the pair, then higher sum of scores, then the
    smaller TPN of the pair's higher-placed team (the pairing-list order of the
    General Handling Rules, read for teams); option ``board_order="smaller_tpn"``:
    the smaller TPN of the pair, as FIDE's tool orders them."""
    by_smaller = ctx.options["board_order"] == "smaller_tpn"

    def key(p: Pair):
        sw, sb = ctx.score[p.white], ctx.score[p.black]
        higher = min((-sw, p.white), (-sb, p.black))
        return (-max(sw, sb), -(sw + sb), min(p.white, p.black) if by_smaller else higher[1])

    return sorted(pairs, key=key)
