"""What a given (for example hand-amended) Olympiad pairing breaks.

Absolute (the pairing cannot be published): a team paired twice or not at
all, an unknown or unavailable team paired, a rematch (rule 14(a)), a bye
with an even number of teams, more than one bye, a second bye or a bye to a
team that scored without playing (rules 10, 14(b)).

Quality departures (the committee may still approve them, rule 58 allows
differences from the computer): board-1 colour limits (rule 17), score
differences larger than the engine's (rule 15), a bye not to the team rule
10 designates, and - whenever the pairing differs from the engine's and
nothing above says why - the rule whose order puts the engine's pairing
first, or the colour rule that decided board 1's colours
(``engine.olympiad.departures``).
"""

from __future__ import annotations

from engine.common.checks import bye_barred, placed_more_than_once, placement, rematches
from engine.messages import Message, Team, msg
from engine.messages.words import colour_lower
from engine.olympiad.model import build_views
from engine.olympiad.options import parse_options
from engine.result import RoundPairing, Violation
from engine.state import Colour, TournamentState


def violations(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    if (state.options or {}).get("version") == "2022":
        from engine.olympiad.d02 import violations as violations_d02  # the 2022 rules (D.02)

        return violations_d02(state, pairing)
    opts = parse_options(state.options)
    views = build_views(state, opts)
    out: list[Violation] = []
    placed = placement(state, pairing)
    for t, n in placed.placed():
        if t not in views:
            out.append(
                Violation(
                    "Olympiad rule 13", True, msg("team {team} is not a participant", team=Team(t)), (t,)
                )
            )
        elif t not in placed.to_be_paired:
            out.append(
                Violation(
                    "Olympiad rule 52",
                    True,
                    msg("{team} is not to be paired this round", team=views[t].label),
                    (t,),
                )
            )
        if n > 1:
            out.append(placed_more_than_once("Olympiad rule 13", t, n, team_word=True))
    for t in placed.unpaired():
        out.append(
            Violation("Olympiad rule 13", True, msg("{team} is not paired", team=views[t].label), (t,))
        )
    for p in rematches(state, pairing):
        out.append(
            Violation(
                opts.cite("14(a)"),
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
                opts.cite(10),
                True,
                msg("a bye is given although the number of teams is even"),
                (pairing.bye,),
            )
        )
    if bye_barred(state, pairing.bye):
        out.append(
            Violation(
                opts.cite("14(b)"),
                True,
                msg(
                    "{team} has already scored without playing and may not receive a bye",
                    team=views[pairing.bye].label,
                ),
                (pairing.bye,),
            )
        )
    if placed.odd_without_bye:
        out.append(Violation(opts.cite(10), True, msg("the number of teams is odd but no bye is given"), ()))
    # Quality: rule 17 on board 1, as the proposal allocates the colours.
    for p in pairing.pairs:
        w, b = views.get(p.white), views.get(p.black)
        if w is None or b is None:
            continue
        for team, colour in ((w, Colour.WHITE), (b, Colour.BLACK)):
            if not team.may_receive(colour):
                out.append(
                    Violation(
                        opts.cite(17),
                        False,
                        msg(
                            "{team} would have {colour} on board 1 beyond the colour limits",
                            team=team.label,
                            colour=colour_lower(colour),
                        ),
                        (team.tpn,),
                    )
                )
    out.extend(_compare_with_engine(state, pairing, views, opts, absolute=any(v.absolute for v in out)))
    return out


def _compare_with_engine(state, pairing, views, opts, *, absolute: bool) -> list[Violation]:
    """Rules 15 and 10 measured against the engine's own pairing, then the rule
    that prefers the engine's pairing where the two differ."""
    from engine.olympiad.departures import departures
    from engine.olympiad.pairing import pair_with_search
    from engine.result import PairingImpossible

    try:
        engine, search = pair_with_search(state)
    except (PairingImpossible, ValueError):
        return []
    out: list[Violation] = []

    def diffs(rp: RoundPairing) -> list[float]:
        return sorted(
            (
                abs(views[p.white].score - views[p.black].score)
                for p in rp.pairs
                if p.white in views and p.black in views
            ),
            reverse=True,
        )

    mine, theirs = diffs(pairing), diffs(engine)
    if mine > theirs:
        worst = [
            (p.white, p.black)
            for p in pairing.pairs
            if p.white in views and p.black in views and abs(views[p.white].score - views[p.black].score) > 0
        ]
        out.append(
            Violation(
                opts.cite(15),
                False,
                msg(
                    "score differences {mine} are larger than necessary (the engine's: {theirs})",
                    mine=[float(d) for d in mine if d],
                    theirs=[float(d) for d in theirs if d] or Message("none"),
                ),
                tuple(t for pr in worst for t in pr),
            )
        )
    if pairing.bye is not None and engine.bye is not None and pairing.bye != engine.bye:
        out.append(
            Violation(
                opts.cite(10),
                False,
                msg(
                    "rule 10 gives the bye to {team}, not {other}",
                    team=str(engine.bye),
                    other=str(pairing.bye),
                ),
                (pairing.bye, engine.bye),
            )
        )
    if absolute or pairing.bye != engine.bye:
        return out  # the rule broken (or rule 10's bye) is the reason
    teams = [views[p.tpn] for p in state.to_be_paired() if p.tpn in views]
    out.extend(departures(teams, pairing, engine, opts, opts.uses_section_j(state.next_round), search))
    return out
