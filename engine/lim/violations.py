"""What a given (for example hand-amended) Lim pairing breaks, and why the engine's is preferred.

Absolute: a player paired twice or not at all, a player who is not to be
paired, a rematch (Lim 9.1), a second bye or a bye after a win by default
(Lim 8.2), a colour that breaks Lim 12.1(a)/(b) (Lim 9.1; not absolute in
the last round, Lim 13). Quality departures, whenever the pairing differs
from the engine's: a bye other than Lim 8.1 gives; the first decision of
the Lim procedure (a transfer or parity floater of 9.3, an 11.4 float, a
floater's opponent of 10.8, a scrutiny of 9.4/11/12.2) the pairing does not
follow, with the engine's own cause (``first_departure``); floaters the
engine's pairing does not have (Lim 10), a player floated two rounds running
(Lim 10.10); colours other than Lim 12 gives.
"""

from __future__ import annotations

from engine.common.checks import bye_barred, is_rematch, placed_more_than_once, placement
from engine.common.departures import (
    colour_steps,
    given_instead,
    pair_keys,
    pair_not_followed,
    step_said,
    step_violation,
)
from engine.lim.colours import allocate
from engine.lim.context import LimContext
from engine.lim.pairing import pair as engine_pair
from engine.messages import Team, msg
from engine.messages.words import colour_name
from engine.result import PairingImpossible, RoundPairing, Violation
from engine.state import Colour, TournamentState


def violations(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    ctx = LimContext.build(state)
    out: list[Violation] = []
    placed = placement(state, pairing)
    for t, n in placed.placed():
        if t not in placed.to_be_paired:
            out.append(
                Violation(
                    "Lim 7",
                    True,
                    msg("{team} is not a participant to be paired in this round", team=Team(t)),
                    (t,),
                )
            )
        elif n > 1:
            out.append(placed_more_than_once("Lim 9", t, n))
    for t in placed.unpaired():
        out.append(
            Violation("Lim 9", True, msg("{team} is neither paired nor given the bye", team=Team(t)), (t,))
        )

    if bye_barred(state, pairing.bye):
        out.append(
            Violation(
                "Lim 8.2",
                True,
                msg("{team} already had a bye or won a point by default", team=Team(pairing.bye)),
                (pairing.bye,),
            )
        )
    if placed.bye_with_even_number and pairing.bye in ctx.players:
        out.append(
            Violation(
                "Lim 8.1", True, msg("a bye is given although the number of players is even"), (pairing.bye,)
            )
        )

    try:
        engine: RoundPairing | None = engine_pair(state)
    except PairingImpossible:
        engine = None

    if engine is not None and pairing.bye is not None and engine.bye != pairing.bye:
        out.append(
            Violation(
                "Lim 8.1",
                False,
                msg(
                    "the bye goes to {team}, the lowest rank in the lowest score-group", team=str(engine.bye)
                ),
                (pairing.bye,),
            )
        )

    engine_pairs = {frozenset((p.white, p.black)) for p in engine.pairs} if engine else set()
    engine_board = (
        {frozenset((p.white, p.black)): i for i, p in enumerate(engine.pairs, start=1)} if engine else {}
    )
    relaxed = engine is not None and any(st.data.get("colours_relaxed") for st in engine.explanation)
    floats: list[Violation] = []
    colours: list[Violation] = []
    for board, p in enumerate(pairing.pairs, start=1):
        a, b = p.white, p.black
        if a not in ctx.players or b not in ctx.players or a == b:
            if a == b:
                out.append(Violation("Lim 9", True, msg("{team} is paired with himself", team=Team(a)), (a,)))
            continue
        if is_rematch(state, a, b):
            out.append(
                Violation(
                    "Lim 9.1",
                    True,
                    msg("{team} and {other} have already played each other", team=Team(a), other=Team(b)),
                    (a, b),
                )
            )
        for t, c in ((a, Colour.WHITE), (b, Colour.BLACK)):
            for art in ctx.players[t].breaks(c) if ctx.players[t].forbidden else []:
                last = ctx.last_round or relaxed
                out.append(
                    Violation(
                        "Lim 13" if last else f"Lim {art}",
                        not last,
                        msg(
                            "{team} gets {colour}: three times running"
                            if art == "12.1(a)"
                            else "{team} gets {colour}: three more of one colour",
                            team=Team(t),
                            colour=colour_name(c),
                        ),
                        (t,),
                    )
                )
        upper = max(ctx.score(a), ctx.score(b)) >= ctx.median
        want = allocate(ctx, a, b, upper=upper, board=engine_board.get(frozenset((a, b)), board))
        if want.white != a and not ctx.players[a].forbidden and not ctx.players[b].forbidden:
            colours.append(
                Violation(
                    want.colour_article,
                    False,
                    msg(
                        "{white}-{black}: {article} gives White to {team}",
                        white=Team(a),
                        black=Team(b),
                        article=want.colour_article,
                        team=Team(want.white),
                    ),
                    (a, b),
                )
            )
        if ctx.score(a) != ctx.score(b) and frozenset((a, b)) not in engine_pairs:
            hi, lo = (a, b) if ctx.score(a) > ctx.score(b) else (b, a)
            floats.append(
                Violation(
                    "Lim 10",
                    False,
                    msg(
                        "{team} ({score}) floats to meet {other} ({others}), not in the engine's pairing",
                        team=Team(hi),
                        score=float(ctx.score(hi)),
                        other=Team(lo),
                        others=float(ctx.score(lo)),
                    ),
                    (hi, lo),
                )
            )
            for t in (hi, lo):
                if ctx.players[t].floated_last_round:
                    floats.append(
                        Violation(
                            "Lim 10.10",
                            False,
                            msg("{team} floated in the round just before as well", team=Team(t)),
                            (t,),
                        )
                    )
    if engine is not None and not any(v.absolute for v in out) and not pairing.same_pairing_as(engine):
        first = first_departure(ctx, engine, pairing)
        if first is not None:
            out.append(first)
    out += floats + colours
    if engine is not None and not pairing.same_pairing_as(engine):
        out += colour_steps(engine, pairing, {t for v in out for t in v.tpns})
    return out


def first_departure(ctx: LimContext, engine: RoundPairing, given: RoundPairing) -> Violation | None:
    """The first decision of the engine's procedure ``given`` does not follow, citing its Step.

    The explanation lists the decisions in the order of Lim 9.2: the
    score-groups above the median downward, those below upward, the median
    group last; in each, the transfers and floaters (9.3, 11.4) before the
    scrutinies (9.4, 10.8, 11, 12.2).
    """
    mine, theirs = pair_keys(given), pair_keys(engine)
    e_opp, g_opp = engine.opponents(), given.opponents()

    def kept_home(t: int) -> bool:
        """The engine floats ``t`` out of his score-group; ``given`` pairs him within it."""
        e, g = e_opp.get(t), g_opp.get(t)
        if e is None or g is None or t not in ctx.players:
            return False
        return ctx.score(e) != ctx.score(t) and ctx.score(g) == ctx.score(t)

    for s in engine.explanation:
        if s.topic == "pairing" and "player" in s.data:
            departure = pair_not_followed(s, s.data["player"], s.data["opponent"], theirs, mine, given)
            if departure is not None:
                return departure
        if s.topic == "floaters":
            for t in s.data.get("tpns", [s.data["tpn"]] if "tpn" in s.data else []):
                if kept_home(t):
                    return step_violation(
                        s,
                        msg(
                            "{team} floats out of his score-group ({step}); this pairing keeps him in it ({instead})",
                            team=Team(t),
                            step=step_said(s),
                            instead=given_instead(given, t),
                        ),
                        (t,),
                    )
    return None
