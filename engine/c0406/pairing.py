"""The round-pairing process (C.04.6 3.3): bye, brackets, colours, boards."""

from __future__ import annotations

from engine.c0406.bracket import BracketPairing, pair_bracket
from engine.c0406.bye import assign_bye
from engine.c0406.colours import allocate, first_team
from engine.c0406.context import Context, build_context
from engine.c0406.feasibility import matchable
from engine.c0406.upfloaters import UpfloaterChoice, select_upfloaters
from engine.result import Pair, PairingImpossible, RoundPairing
from engine.state import TournamentState


def pair(state: TournamentState) -> RoundPairing:
    """Pair ``state.next_round`` by C.04.6, with a cited explanation."""
    ctx = build_context(state)
    rp = RoundPairing(round=state.next_round, pairs=[], system="c0406")
    remaining = set(ctx.tpns)
    absent = sorted(p.tpn for p in state.participants if p.tpn not in remaining)
    rp.explain(
        "C.04.6 3.3",
        "round",
        f"Round {state.next_round}: {len(remaining)} teams to be paired"
        + (f"; not paired (absent or withdrawn): {', '.join(map(str, absent))}" if absent else ""),
        teams=sorted(remaining),
        absent=absent,
        options=ctx.options,
    )
    if len(remaining) % 2:
        bye = assign_bye(ctx, remaining, rp)
        rp.bye = bye
        remaining.discard(bye)
    elif not matchable(ctx, remaining):
        raise PairingImpossible(
            "no pairing of all the teams avoids a rematch (C.04.6 2.1.1 [C1], 3.3.3): "
            "the Chief Arbiter decides"
        )
    pairs: list[tuple[int, int]] = []
    bracket_no = 0
    while remaining:
        bracket_no += 1
        top_score = max(ctx.score[t] for t in remaining)
        top = {t for t in remaining if ctx.score[t] == top_score}
        choice = select_upfloaters(ctx, remaining, top)
        _explain_upfloaters(ctx, rp, bracket_no, top, choice)
        bracket = top | set(choice.upfloaters)
        bp = pair_bracket(ctx, bracket, set(choice.upfloaters))
        _explain_bracket(rp, bracket_no, bp)
        pairs.extend(bp.pairs)
        remaining -= bracket
    rp.pairs = board_order(ctx, [colour_pair(ctx, a, b) for a, b in pairs])
    for p in rp.pairs:
        rp.explain(
            p.colour_article,
            "colour",
            f"{p.white}-{p.black}: {_colour_reason(ctx, p)} ({p.colour_article.removeprefix('C.04.6 ')})",
            white=p.white,
            black=p.black,
        )
    return rp


def _colour_reason(ctx: Context, p: Pair) -> str:
    sec = ctx.secondary if ctx.state.scoring.secondary_for_colours else None
    f = first_team(p.white, p.black, ctx.score, sec)
    o = p.black if f == p.white else p.white
    fc = "White" if f == p.white else "Black"
    art = p.colour_article.removeprefix("C.04.6 ")
    pw, pb = ctx.pref[p.white].describe(), ctx.pref[p.black].describe()
    by = ctx.state.by_tpn
    return {
        "4.3.1": f"neither team has played; first-team {f} gets {fc} (initial colour "
        f"{'White' if ctx.state.initial_colour.value == 'w' else 'Black'})",
        "4.3.2": f"the only colour preference is granted ({p.white}: {pw}, {p.black}: {pb})",
        "4.3.3": "opposite colour preferences are granted",
        "4.3.4": f"the strong preference is granted ({p.white}: {pw}, {p.black}: {pb})",
        "4.3.5": f"White to the lower colour difference ({p.white}: {by[p.white].colour_difference:+d}, "
        f"{p.black}: {by[p.black].colour_difference:+d})",
        "4.3.6": "colours alternate from the most recent match in which they differed",
        "4.3.7": f"the colour preference of first-team {f} is granted",
        "4.3.8": f"first-team {f} alternates from its last played match",
        "4.3.9": f"{o} alternates from its last played match",
    }.get(art, "colours")


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
    smaller TPN of the pair's higher-placed team (the C.04.2 order of the
    published pairing list, read for teams)."""

    def key(p: Pair):
        sw, sb = ctx.score[p.white], ctx.score[p.black]
        higher = min((-sw, p.white), (-sb, p.black))
        return (-max(sw, sb), -(sw + sb), higher[1])

    return sorted(pairs, key=key)


def _explain_upfloaters(
    ctx: Context, rp: RoundPairing, no: int, top: set[int], choice: UpfloaterChoice
) -> None:
    residents = sorted(top)
    score = ctx.score[residents[0]]
    if not choice.upfloaters:
        rp.explain(
            "C.04.6 3.5",
            "bracket",
            f"Bracket {no}: scoregroup {score:g} ({', '.join(map(str, residents))}) is paired "
            "without upfloaters",
            bracket=no,
            score=score,
            residents=residents,
            upfloaters=[],
        )
        return
    ups = ", ".join(f"{u} ({ctx.score[u]:g})" for u in choice.upfloaters)
    parts = [f"C4 {choice.c4} upfloater(s)", f"C5 scores {', '.join(f'{s:g}' for s in choice.c5)}"]
    if choice.c6 is not None:
        parts.append(f"C6 the following scoregroup will need {choice.c6}")
    if choice.c7 is not None:
        parts.append(f"C7 {choice.c7} floated in the previous round")
    else:
        parts.append("C7 not applied (last two rounds)")
    msg = (
        f"Bracket {no}: scoregroup {score:g} ({', '.join(map(str, residents))}) takes upfloaters {ups}; "
        + "; ".join(parts)
        + "; first such set in the order of 3.5.3-3.5.4"
    )
    if choice.notes:
        msg += " (" + "; ".join(choice.notes) + ")"
    rp.explain(
        "C.04.6 3.5.5",
        "upfloaters",
        msg,
        bracket=no,
        score=score,
        residents=residents,
        upfloaters=choice.upfloaters,
        c4=choice.c4,
        c5=choice.c5,
        c6=choice.c6,
        c7=choice.c7,
        method=choice.method,
    )


def _explain_bracket(rp: RoundPairing, no: int, bp: BracketPairing) -> None:
    text = "  ".join(f"{a}-{b}" for a, b in bp.pairs)
    c10 = "not applied (last two rounds)" if bp.c10 is None else str(bp.c10)
    rp.explain(
        "C.04.6 3.6.4",
        "pairing",
        f"Bracket {no} pairing {text} (identifier {' '.join(map(str, bp.identifier))}): "
        f"C8 {bp.c8} colour preference(s) not fulfilled, C9 {bp.c9} strong, C10 {c10}; "
        "first identifier (3.6.2-3.6.3) with these values",
        bracket=no,
        pairs=[list(p) for p in bp.pairs],
        identifier=bp.identifier,
        c8=bp.c8,
        c9=bp.c9,
        c10=bp.c10,
        method=bp.method,
    )
