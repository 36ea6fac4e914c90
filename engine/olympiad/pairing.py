"""Pair one round by the Chess Olympiad pairing rules (1998 text, 2007 amendments).

Order of work, as a committee does it by hand:

1. pairing scores (rule 1 / amended rule 1, imaginary points of amended
   rule 25; unfinished games are already draws in the snapshot, rule 11);
2. the bye (rules 10, 14(b));
3. the groups and the median (rule 16), paired in its order by Section I
   (rounds 1-4; 1-3 in 2007) or Section J (Extended Buchholz);
4. board-1 colours (rules 17-24) and table order;
5. one plain-language "why" line per team (``engine.olympiad.why``).
"""

from __future__ import annotations

from engine.common.boards import by_scores
from engine.messages import Message, msg, prose
from engine.olympiad.bye import choose_bye
from engine.olympiad.colours import allocate
from engine.olympiad.feasibility import round_completable
from engine.olympiad.groups import standings_key
from engine.olympiad.model import TeamView, build_views
from engine.olympiad.one_group import all_groups_as_one
from engine.olympiad.options import OlympiadOptions, parse_options
from engine.olympiad.pools import PairNote
from engine.olympiad.search import GroupSearch, SearchBudgetExceeded
from engine.olympiad.why import explain_teams
from engine.result import Pair, RoundPairing
from engine.state import TournamentState


def pair(state: TournamentState) -> RoundPairing:
    if (state.options or {}).get("version") == "2022":
        from engine.olympiad.d02 import pair as pair_d02  # the 2022 rules (D.02), their own procedure

        return pair_d02(state)
    return pair_with_search(state)[0]


def pair_with_search(state: TournamentState) -> tuple[RoundPairing, GroupSearch | None]:
    """The pairing and the group-by-group search that made it (None: no search ran, or
    its budget was exceeded); the checker follows a proposal through the same search."""
    opts = parse_options(state.options)
    rnd = state.next_round
    views = build_views(state, opts)
    out = RoundPairing(round=rnd, pairs=[], system="olympiad")
    section_j = opts.uses_section_j(rnd)
    _explain_scores(out, state, opts, views, section_j)
    teams = [views[p.tpn] for p in state.to_be_paired()]
    if not teams:
        return out, None

    met = {t.tpn: t.met for t in teams}

    def completable(tpns: frozenset[int]) -> bool:
        return round_completable(met, tpns)

    bye, steps = choose_bye(teams, opts, rnd, completable)
    out.explanation.extend(steps)
    out.bye = bye
    bye_reason = None
    if bye is not None:
        last = steps[-1]
        bye_reason = (last.data.get("plain", last.message), last.article)
    teams = [t for t in teams if t.tpn != bye]
    notes: list[PairNote] = []
    colour_why: dict[tuple[int, int], str] = {}
    search: GroupSearch | None = None
    if teams:
        search = GroupSearch(teams, opts, section_j)
        try:
            pairs = search.run()
            out.explanation.extend(search.steps)
            notes = search.notes()
        except SearchBudgetExceeded:
            search = None
            pairs, steps = all_groups_as_one(teams, opts, section_j)
            out.explanation.extend(steps)
            why = (
                f"The groups could not be paired one by one within the search budget, so all of them were "
                f"paired as one group ({opts.cite(50)})."
            )
            notes = [PairNote(a, b, opts.cite(50), why) for a, b in pairs]
        out.pairs = _coloured_and_ordered(pairs, teams, opts, rnd, state, section_j, out, colour_why)
    explain_teams(
        out,
        pairs=out.pairs,
        notes=notes,
        colour_why=colour_why,
        views=views,
        boards=state.boards,
        bye_reason=bye_reason,
        opts=opts,
    )
    return out, search


def _explain_scores(
    out: RoundPairing, state: TournamentState, opts: OlympiadOptions, views, section_j: bool
) -> None:
    rnd = state.next_round
    out.explain(
        opts.cite(1),
        "scores",
        msg(
            "round {round}: teams are paired on {unit} (Controlled Swiss System); unfinished games count as "
            "draws ({rule})",
            round=rnd,
            unit=Message(opts.score_name),
            rule=opts.cite(11),
        ),
    )
    if opts.imaginary_in(rnd):
        top = sorted(t for t, v in views.items() if v.imaginary)
        out.explain(
            opts.cite(25, amended=True),
            "scores",
            msg(
                "round {round}: the top half of the initial list (TPN {first}-{last}) counts one imaginary match "
                "point and two imaginary game points, for pairing only",
                round=rnd,
                first=top[0] if top else "-",
                last=top[-1] if top else "-",
            ),
            tpns=top,
        )
    if section_j:
        where = opts.cite("J") if opts.version == "2007" else opts.cite(45)
        out.explain(
            where,
            "section",
            msg("round {round} is paired by Section J: groups in Extended Buchholz order", round=rnd),
        )
    else:
        out.explain(
            opts.cite("I"),
            "section",
            msg("round {round} is paired by Section I (pairing numbers, rules 25-44)", round=rnd),
        )
    absent = sorted(state.unavailable)
    if absent:
        rule = 52 if rnd == 1 else 14
        out.explain(
            opts.cite(rule),
            "absent",
            msg("not paired this round: {teams}", teams=[views[t].label for t in absent if t in views]),
            tpns=absent,
        )


def _coloured_and_ordered(
    pairs, teams: list[TeamView], opts, rnd, state, section_j, out: RoundPairing, colour_why: dict
) -> list[Pair]:
    rank = {t.tpn: i for i, t in enumerate(sorted(teams, key=lambda t: standings_key(t, section_j)))}

    def higher(a: TeamView, b: TeamView) -> TeamView:
        return a if rank[a.tpn] < rank[b.tpn] else b

    # Table order: the higher score first, then the better-placed team.
    ordered = sorted(
        pairs,
        key=lambda p: (*by_scores(p[0].score, p[1].score), min(rank[p[0].tpn], rank[p[1].tpn])),
    )
    result: list[Pair] = []
    for a, b in ordered:
        white, black, article, why = allocate(
            a, b, rnd=rnd, initial=state.initial_colour, higher=higher, opts=opts
        )
        result.append(Pair(white, black, article))
        colour_why[(white, black)] = why
        w = a if a.tpn == white else b
        k = b if w is a else a
        out.explain(
            article,
            "colour",
            msg(
                "{white} - {black}: {white} has White on board 1 ({why}); boards alternate, board 3 like board 1 "
                "({rule})",
                white=w.label,
                black=k.label,
                why=prose(why),
                rule=opts.cite(19),
            ),
            white=white,
            black=black,
            why=str(why),
        )
    return result
