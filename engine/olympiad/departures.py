"""Why the rules prefer the engine's pairing where a proposed one differs from it.

A committee amending a pairing by hand (rule 58 allows the computer's and the
hand pairing to differ) must see, for every difference, either the rule the
proposal breaks or the rule whose order puts the engine's pairing first. The
proposal is followed through the same group-by-group search as the engine,
restricted to the proposal's pairs (``GroupSearch.only``):

- if the rules' procedure can reach the proposal, the first group (in rule
  16's order) where the two part is named with what decided it there: rule 44
  (fewer teams leave), rule 18(a) (rule 17 kept), rules 27 / 31 (a team moved
  back before it goes on), the opponent of a team that came in (rules 25, 29,
  39-43), the team that leaves (rules 25-26, 29-30), or the combination order
  (rules 36, 38, 47, 49, 51);
- if it cannot, the first group where the proposal leaves the rules' order
  is named with what the rules give there, and the reason the proposal's
  pairing of that group is not among them where one can be named (rule 15:
  teams of groups that are not next to each other; rule 44: more teams leave
  the group than must).

Colours: where the pairs agree but board 1's colours do not, the colour rule
that decided (rules 17-24) is given with its reason.

The colours' reasons are in ``engine.olympiad.departures_colours``, the rule
that decided a group the proposal could have reached in
``engine.olympiad.departures_combinations``.
"""

from __future__ import annotations

from engine.messages import Message, msg
from engine.olympiad.departures_colours import colour_reasons
from engine.olympiad.departures_combinations import preferred
from engine.olympiad.departures_words import as_message, group_of
from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.olympiad.search import Choice, GroupSearch, SearchBudgetExceeded
from engine.result import PairingImpossible, RoundPairing, Violation


def departures(
    state_teams: list[TeamView],
    proposal: RoundPairing,
    engine: RoundPairing,
    opts: OlympiadOptions,
    section_j: bool,
    search: GroupSearch | None = None,
) -> list[Violation]:
    """Reasons the rules prefer ``engine`` over ``proposal`` (same bye, both complete).

    ``search`` is the search that made ``engine`` (``pairing.pair_with_search``); without
    it the engine's search is run again.
    """
    out = colour_reasons(proposal, engine)
    mine = {frozenset((p.white, p.black)) for p in proposal.pairs}
    theirs = {frozenset((p.white, p.black)) for p in engine.pairs}
    if mine == theirs:
        return out
    teams = [t for t in state_teams if t.tpn != engine.bye]
    eng = search
    if eng is None:
        try:
            eng = GroupSearch(teams, opts, section_j)
            eng.run()
        except (SearchBudgetExceeded, PairingImpossible):
            return out + [_generic(opts, section_j)]
    try:
        con = GroupSearch(teams, opts, section_j, only=frozenset(mine))
        con.run()
        reached = True
    except (SearchBudgetExceeded, PairingImpossible):
        reached = False
    e_path = eng.path()
    labels = {t.tpn: t.label for t in teams}
    if reached:
        p_path = con.path()
        for e, p in zip(e_path, p_path, strict=False):
            if _same(e, p):
                continue
            return out + [preferred(e, p, opts, section_j, labels)]
        return out + [_generic(opts, section_j)]
    return out + [_unreachable(e_path, mine, opts, section_j)]


def _same(e: Choice, p: Choice) -> bool:
    if (e.candidate is None) != (p.candidate is None):
        return False
    if e.candidate is None:
        return True
    pe = {frozenset((a.tpn, b.tpn)) for a, b in e.candidate.pairs}
    pp = {frozenset((a.tpn, b.tpn)) for a, b in p.candidate.pairs}
    return pe == pp and e.candidate.out_key == p.candidate.out_key


def _unreachable(path: list[Choice], mine: set[frozenset[int]], opts, section_j: bool) -> Violation:
    """The proposal is not a pairing the rules' procedure gives: the first group where it departs."""
    for choice in path:
        cand = choice.candidate
        if cand is None:
            continue
        pairs = {frozenset((a.tpn, b.tpn)) for a, b in cand.pairs}
        if pairs <= mine:
            continue
        pool = {t.tpn: t for pr in cand.pairs for t in pr} | {t.tpn: t for t in cand.outgoing}
        theirs = [tuple(sorted(p)) for p in mine if p & pool.keys()]
        g = group_of(choice)
        rule = cand.article
        extra: str | Message = ""
        far = [p for p in theirs if any(t not in pool for t in p)]
        if far:
            extra = msg(
                "; the proposal pairs teams of this group outside it ({pairs}) where the rules keep them in it "
                "or send them only to the next group ({rule}, {other})",
                pairs=[f"{a} - {b}" for a, b in sorted(far)],
                rule=opts.cite(44),
                other=opts.cite(15),
            )
        else:
            wrong = [p for p in theirs if frozenset(p) not in pairs]
            if wrong:
                extra = msg(
                    "; the proposal's {pairs} is not a pairing {rule} or the rules for teams that came in "
                    "(rules 25, 29, 39-43) give at this point",
                    pairs=[f"{a} - {b}" for a, b in sorted(wrong)],
                    rule=rule,
                )
        return Violation(
            rule,
            False,
            msg(
                "in {group} (the first group, in the order of {order}, where the pairings differ) the rules give "
                "{combination}{extra}",
                group=g,
                order=opts.cite(16),
                combination=as_message(cand.message),
                extra=extra,
            ),
            tuple(sorted({t for p in theirs for t in p})),
        )
    return _generic(opts, section_j)


def _generic(opts: OlympiadOptions, section_j: bool) -> Violation:
    rule = opts.cite(47 if section_j else 36)
    return Violation(
        rule,
        False,
        msg(
            "the engine's pairing comes first in the rules' order ({order}, {rule}); see its explanation",
            order=opts.cite(16),
            rule=rule,
        ),
        (),
    )
