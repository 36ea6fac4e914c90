"""Dubov 5: the first round, upper half against lower half, colours by lot."""

from __future__ import annotations

from engine.dubov.context import RoundContext
from engine.messages import Message, msg
from engine.messages.words import BLACK, WHITE
from engine.result import Pair


def pair_first_round(ctx: RoundContext, listed: list[int]) -> None:
    """Pair the upper half of ``listed`` (the starting list) against the lower half.

    The first pair's first player gets ``state.initial_colour`` (the lot);
    odd-numbered pairs alike, even-numbered pairs the other way. A forbidden
    pair is improved as in 6.3 (the upper half as the first column).
    """
    half = len(listed) // 2
    left, right = listed[:half], listed[half:]
    comp = ctx.completion
    lot = ctx.state.initial_colour
    for i, a in enumerate(left):
        chosen = (
            right[i]
            if comp.fix(a, right[i])
            else next((b for b in right if b in ctx.remaining and comp.fix(a, b)), None)
        )
        if chosen is None:
            continue
        colour = lot if i % 2 == 0 else lot.opposite
        white, black = (a, chosen) if colour.name == "WHITE" else (chosen, a)
        ctx.remaining.discard(a)
        ctx.remaining.discard(chosen)
        ctx.pairs.append(Pair(white, black, "Dubov 5"))
        article = "Dubov 5" if chosen == right[i] else "Dubov 6.3"
        ctx.explain(
            article,
            "pairing",
            msg(
                "pair {number}: {team} - {other}{barred}",
                number=i + 1,
                team=ctx.team(a),
                other=ctx.team(chosen),
                barred=""
                if chosen == right[i]
                else msg(
                    " ({team} may not be paired with {other})", team=ctx.team(right[i]), other=ctx.team(a)
                ),
            ),
            white=white,
            black=black,
        )
        ctx.explain(
            "Dubov 5",
            "colour",
            msg(
                "pair {number}: {team} White (odd pair: as the lot)"
                if i % 2 == 0
                else "pair {number}: {team} White (even pair: opposite to the lot)",
                number=i + 1,
                team=ctx.team(white),
            ),
            white=white,
            black=black,
        )
        if chosen == right[i]:
            plain = {
                a: msg(
                    "In round 1 the upper half of the starting list meets the lower half in order: you are "
                    "No. {number} of the upper half and {other} No. {number} of the lower half.",
                    number=i + 1,
                    other=chosen,
                ),
                chosen: msg(
                    "In round 1 the upper half of the starting list meets the lower half in order: you are "
                    "No. {number} of the lower half and {other} No. {number} of the upper half.",
                    number=i + 1,
                    other=a,
                ),
            }
        else:
            plain = {
                a: msg(
                    "In round 1 the upper half meets the lower half in order, but you may not meet {barred}, "
                    "so you meet the next {noun} of the lower half you may meet, {other}.",
                    barred=right[i],
                    noun=ctx.noun_message,
                    other=chosen,
                ),
                chosen: msg(
                    "In round 1 the upper half meets the lower half in order; {other} may not meet {barred}, "
                    "so he meets the next {noun} of the lower half he may meet: you.",
                    other=a,
                    barred=right[i],
                    noun=ctx.noun_message,
                ),
            }
        for t in (a, chosen):
            mine = "w" if t == white else "b"
            ctx.pairing.explain_why(
                t,
                opponent=chosen if t == a else a,
                opponent_reason=plain[t],
                opponent_article=article,
                colour=mine,
                colour_reason=_lot(ctx, t == white, t == a, i + 1),
                colour_article="Dubov 5",
            )


def _lot(ctx: RoundContext, white: bool, first: bool, number: int) -> Message:
    """Dubov 5 in words: the colours of round 1 go by the lot, pair by pair."""
    colour = WHITE if white else BLACK
    if ctx.state.team:
        return msg(
            "You get {colour}: in round 1 the first team of each odd-numbered pair has the colour drawn by lot, "
            "of each even-numbered pair the other; you are the first of pair {number}."
            if first
            else "You get {colour}: in round 1 the first team of each odd-numbered pair has the colour drawn by "
            "lot, of each even-numbered pair the other; you are the second of pair {number}.",
            colour=colour,
            number=number,
        )
    return msg(
        "You get {colour}: in round 1 the first player of each odd-numbered pair has the colour drawn by lot, "
        "of each even-numbered pair the other; you are the first of pair {number}."
        if first
        else "You get {colour}: in round 1 the first player of each odd-numbered pair has the colour drawn by "
        "lot, of each even-numbered pair the other; you are the second of pair {number}.",
        colour=colour,
        number=number,
    )
