"""What a given (for example hand-amended) pairing breaks under D.02.

Absolute: a team paired twice or not at all, an unknown or unavailable team
paired, a rematch (6.1), a bye with an even number of teams or none with an
odd number (4.1), a bye to an ineligible team (4.2).

Quality (the arbiters may still publish it): board 1 beyond the colour limits
where the engine kept them (7.3), a bye not to the team 4.1 designates, and,
where the proposal differs from the engine's pairing, the first decision of
the engine's procedure the proposal does not follow, with its article
(8.2.x, 8.3.x, 9.3, 9.4, 9.5 ...); where the pairs agree but board 1's
colours do not, the colour article that decided (7.2-7.6).
"""

from __future__ import annotations

from engine.common.checks import placed_more_than_once, placement, rematches
from engine.messages import English, Message, Team, msg
from engine.messages.words import colour_lower
from engine.olympiad.d02.bye import ineligible
from engine.olympiad.d02.model import B, W, build_teams
from engine.olympiad.d02.options import parse_d02
from engine.result import PairingImpossible, RoundPairing, Violation
from engine.state import TournamentState

BARRED = {  # a bye to a team :func:`ineligible` bars, by article
    "D.02 4.2.1": "{team} has already received the bye: it may not receive the bye",
    "D.02 4.2.2": "{team} won a match by default (its opponents did not appear): it may not receive the bye",
    "D.02 4.2.3": "{team} joined after round 1 (a late entry): it may not receive the bye",
}


def _said(text) -> Message:
    """A decision's reason as a message (a plain string: English prose)."""
    return text if isinstance(text, Message) else msg("{text}", text=English(str(text)))


def violations(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    opts = parse_d02(state.options)
    cards = build_teams(state)
    out: list[Violation] = []
    placed = placement(state, pairing)
    for t, n in placed.placed():
        if t not in cards:
            out.append(
                Violation("D.02 3.1", True, msg("team {team} is not a participant", team=Team(t)), (t,))
            )
        elif t not in placed.to_be_paired:
            out.append(
                Violation(
                    "D.02 4.1", True, msg("{team} is not to be paired this round", team=cards[t].label), (t,)
                )
            )
        if n > 1:
            out.append(placed_more_than_once("D.02 6.4", t, n, team_word=True))
    for t in placed.unpaired():
        out.append(Violation("D.02 6.4", True, msg("{team} is not paired", team=cards[t].label), (t,)))
    for p in rematches(state, pairing):
        out.append(
            Violation(
                "D.02 6.1",
                True,
                msg(
                    "{team} and {other} have already played each other",
                    team=Team(p.white),
                    other=Team(p.black),
                ),
                (p.white, p.black),
            )
        )
    if placed.bye_with_even_number:
        out.append(
            Violation(
                "D.02 4.1", True, msg("a bye is given although the number of teams is even"), (pairing.bye,)
            )
        )
    if placed.odd_without_bye:
        out.append(Violation("D.02 4.1", True, msg("the number of teams is odd but no bye is given"), ()))
    if pairing.bye in cards:
        barred = ineligible(cards[pairing.bye], opts)
        if barred is not None:
            said = (
                msg(BARRED[barred[0]], team=cards[pairing.bye].label)
                if barred[0] in BARRED
                else f"{barred[1]}: it may not receive the bye"
            )
            out.append(Violation(barred[0], True, said, (pairing.bye,)))
    out.extend(_against_engine(state, pairing, cards, absolute=any(v.absolute for v in out)))
    return out


def _against_engine(state, pairing: RoundPairing, cards, *, absolute: bool) -> list[Violation]:
    from engine.olympiad.d02.pairing import pair_with_decisions

    try:
        engine, decisions = pair_with_decisions(state)
    except (PairingImpossible, ValueError):
        return []
    out: list[Violation] = []
    relaxed = any(s.article == "D.02 7.4" and s.data.get("lifted", True) for s in engine.explanation)
    engine_colours = {frozenset((p.white, p.black)): p for p in engine.pairs}
    for p in pairing.pairs:
        w, b = cards.get(p.white), cards.get(p.black)
        if w is None or b is None:
            continue
        for team, colour in ((w, W), (b, B)):
            if not team.may_receive(colour) and not relaxed:
                out.append(
                    Violation(
                        "D.02 7.3",
                        False,
                        msg(
                            "{team} would have {colour} on board 1 beyond the colour limits",
                            team=team.label,
                            colour=colour_lower(colour),
                        ),
                        (team.tpn,),
                    )
                )
    if pairing.bye is not None and engine.bye is not None and pairing.bye != engine.bye:
        out.append(
            Violation(
                "D.02 4.1",
                False,
                msg("4.1 gives the bye to {team}, not {other}", team=str(engine.bye), other=str(pairing.bye)),
                (pairing.bye, engine.bye),
            )
        )
    if absolute or pairing.bye != engine.bye:
        return out
    given = {frozenset((p.white, p.black)) for p in pairing.pairs}
    opponent = {}
    for p in pairing.pairs:
        opponent[p.white], opponent[p.black] = p.black, p.white
    for d in decisions:
        if d.kind == "pair":
            if frozenset((d.a.tpn, d.b.tpn)) in given:
                continue
            had = opponent.get(d.a.tpn)
            instead = (
                msg("; the proposal pairs {team} with {other}", team=d.a.label, other=cards[had].label)
                if had in cards
                else ""
            )
            out.append(
                Violation(
                    d.article,
                    False,
                    msg(
                        "the rules pair {team} with {other}{instead}. {reason}",
                        team=d.a.label,
                        other=d.b.label,
                        instead=instead,
                        reason=_said(d.reason),
                    ),
                    (d.a.tpn, d.b.tpn),
                )
            )
            return out
        had = opponent.get(d.a.tpn)
        if had in cards and cards[had].mp == d.a.mp:
            out.append(
                Violation(
                    d.article,
                    False,
                    msg(
                        "the rules float {team} out of its group; the proposal pairs it with {other} of its own "
                        "group. {reason}",
                        team=d.a.label,
                        other=cards[had].label,
                        reason=_said(d.reason),
                    ),
                    (d.a.tpn, had),
                )
            )
            return out
    for p in pairing.pairs:
        e = engine_colours.get(frozenset((p.white, p.black)))
        if e is not None and e.white != p.white:
            out.append(
                Violation(
                    e.colour_article,
                    False,
                    msg(
                        "{team} should have White on board 1 against {other}",
                        team=cards[e.white].label,
                        other=cards[e.black].label,
                    ),
                    (e.white, e.black),
                )
            )
    return out
