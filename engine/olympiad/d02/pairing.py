"""Pair one round by the Olympiad Pairing Rules in force since 1 January 2022 (D.02).

Order of work:

1. the teams' cards: matchpoints (3.2.1), pairing numbers (3.1), teams met
   (6.1), board-1 colours (7.7);
2. the bye (Article 4);
3. the groups (6.3) paired in the order of 6.4 (``engine.olympiad.d02.procedure``);
4. board-1 colours (Article 7) and the order of the boards (11.1);
5. one plain-language "why" line per team (``engine.olympiad.why``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.messages import msg, prose
from engine.olympiad.d02.bye import choose_bye
from engine.olympiad.d02.colours import allocate, board_key
from engine.olympiad.d02.decisions import Decision
from engine.olympiad.d02.kept import Kept
from engine.olympiad.d02.model import build_teams
from engine.olympiad.d02.options import NOT_READ_BY_D02, parse_d02
from engine.olympiad.d02.procedure import Procedure
from engine.olympiad.why import explain_teams
from engine.result import Pair, RoundPairing
from engine.state import TournamentState


@dataclass(frozen=True)
class Note:
    """Why ``a`` meets ``b`` (the shape ``engine.olympiad.why.explain_teams`` reads)."""

    a: object
    b: object
    article: str
    reason: str


def pair(state: TournamentState) -> RoundPairing:
    return pair_with_decisions(state)[0]


def pair_with_decisions(state: TournamentState) -> tuple[RoundPairing, list[Decision]]:
    """The pairing and the procedure's decisions in the order they were made."""
    opts = parse_d02(state.options)
    rnd = state.next_round
    cards = build_teams(state)
    out = RoundPairing(round=rnd, pairs=[], system="olympiad")
    out.explain(
        "D.02 3.2",
        "scores",
        msg(
            "round {round}: teams are ranked by matchpoints, then by their initial pairing number (D.02 3.1); "
            "two teams have met when at least one board was played (D.02 6.1)",
            round=rnd,
        ),
    )
    given = sorted(k for k in NOT_READ_BY_D02 if k in (state.options or {}))
    if given:
        out.explain(
            "D.02 1.1",
            "options",
            msg(
                "not read under the 2022 rules (options of the 1998 and 2007 texts): {options}", options=given
            ),
        )
    absent = sorted(state.unavailable & cards.keys())
    if absent:
        out.explain(
            "D.02 4.1",
            "absent",
            msg("not paired this round: {teams}", teams=[cards[t].label for t in absent]),
            tpns=absent,
        )
    present = [cards[p.tpn] for p in state.to_be_paired()]
    if not present:
        return out, []
    met = {t.tpn: t.met for t in present}
    kept = Kept(met)
    bye, steps, bye_plain = choose_bye(present, opts, kept.pairable)
    out.explanation.extend(steps)
    out.bye = bye.tpn if bye is not None else None
    teams = [t for t in present if t is not bye]
    counted = present if opts.median_teams == "with_bye" else teams
    decisions: list[Decision] = []
    colour_why: dict[tuple[int, int], str] = {}
    notes: list[Note] = []
    if teams:
        proc = Procedure(teams, opts, counted)
        pairs = proc.run()
        decisions = proc.decisions
        out.explanation.extend(proc.steps)
        notes = [Note(d.a, d.b, d.article, d.reason) for d in decisions if d.kind == "pair"]
        by_rounds = opts.colour_history == "rounds"
        coloured = [allocate(a, b, state.initial_colour, by_rounds) for a, b in pairs]
        coloured.sort(key=lambda c: board_key(c[0], c[1]))
        out.explain(
            "D.02 11.1",
            "boards",
            msg(
                "boards are numbered by the higher ranked team's matchpoints, then both teams' matchpoints, "
                "then the higher ranked team's rating, highest first"
            ),
        )
        for white, black, article, why in coloured:
            out.pairs.append(Pair(white.tpn, black.tpn, article))
            colour_why[(white.tpn, black.tpn)] = why
            out.explain(
                article,
                "colour",
                msg(
                    "{white} - {black}: {white} has White on board 1 ({why}); the boards alternate, board 3 like "
                    "board 1",
                    white=white.label,
                    black=black.label,
                    why=prose(why),
                ),
                white=white.tpn,
                black=black.tpn,
                why=str(why),
            )
    explain_teams(
        out,
        pairs=out.pairs,
        notes=notes,
        colour_why=colour_why,
        views=cards,
        boards=state.boards,
        bye_reason=(bye_plain, "D.02 4.1") if bye is not None else None,
        opts=None,
    )
    return out, decisions
