"""The rule that puts the engine's combination for a group before the proposal's.

Where the rules' procedure can reach a proposal too, the first group (in
rule 16's order) where the two part is named with what decided it there:
rule 50 (groups considered as one group only when a group cannot be paired
apart), rule 44 (fewer teams leave), rules 27 / 31 (a team moved back before
one goes on, rules 28 / 32), rule 18(a) (rule 17 kept), the opponent of a
team that came in (rules 25, 29, 39-43), the team that leaves (rules 25-26,
29-30; in Section J, rule 47's order) or the combination order (rules 36,
38, 47, 49, 51).
"""

from __future__ import annotations

from engine.messages import msg
from engine.olympiad.departures_words import as_message, group_of, pairs_message, some_teams, teams_message
from engine.olympiad.groups import BOTTOM
from engine.olympiad.options import OlympiadOptions
from engine.olympiad.search import Choice
from engine.result import Violation


def preferred(
    e: Choice, p: Choice, opts: OlympiadOptions, section_j: bool, labels: dict[int, str]
) -> Violation:
    """The rule that puts the engine's choice for this group before the proposal's."""
    g = group_of(e)
    if e.candidate is None or p.candidate is None:
        # The engine merges only when no pairing of the group works (rule 50).
        rule = opts.cite(50)
        return Violation(
            rule,
            False,
            msg(
                "in {group}, {rule}: the groups are considered as one group only when the group cannot be paired "
                "apart; the engine could not pair it apart",
                group=g,
                rule=rule,
            )
            if e.candidate is None
            else msg(
                "in {group}, {rule}: the groups are considered as one group only when the group cannot be paired "
                "apart; the engine pairs it apart ({combination})",
                group=g,
                rule=rule,
                combination=as_message(e.candidate.message),
            ),
            (),
        )
    ec, pc = e.candidate, p.candidate
    e_extra, e_strict, e_strand = e.passes
    p_extra, p_strict, p_strand = p.passes
    tpns = tuple(sorted({t.tpn for pr in ec.pairs for t in pr} ^ {t.tpn for pr in pc.pairs for t in pr}))
    if e_extra < p_extra:
        rule = opts.cite(44)
        return Violation(
            rule,
            False,
            msg(
                "in {group}, {rule} gives priority to pairing the group within itself: the engine sends {teams} "
                "out of it ({combination}); the proposal sends {others}",
                group=g,
                rule=rule,
                teams=teams_message(ec.outgoing),
                combination=as_message(ec.message),
                others=teams_message(pc.outgoing),
            ),
            tuple(t.tpn for t in pc.outgoing),
        )
    if e_strand and not p_strand:
        up = e.group.side == BOTTOM
        rule = opts.cite(31 if up else 27)
        return Violation(
            rule,
            False,
            msg(
                "in {group}, a team that has played the whole next group is moved back before one goes on "
                "({rule}; {other} only when every team has): the engine pairs {combination}",
                group=g,
                rule=rule,
                other=opts.cite(32 if up else 28),
                combination=as_message(ec.message),
            ),
            tpns,
        )
    if e_strict and not p_strict:
        rule = opts.cite("18(a)")
        return Violation(
            rule,
            False,
            msg(
                "in {group}, a pairing keeping the board-1 colour limits of {limits} exists ({combination}); "
                "{rule} sets rule 17 aside only when none does",
                group=g,
                limits=opts.cite(17),
                combination=as_message(ec.message),
                rule=rule,
            ),
            tpns,
        )
    ep, pp = ec.parts, pc.parts
    if not section_j and ep.get("entries") != pp.get("entries"):
        return _entry_reason(e, ep["entries"], pp["entries"], opts, labels)
    if ep.get("leaving") != pp.get("leaving") or ep.get("floater") != pp.get("floater"):
        return _leaving_reason(e, p, opts, section_j)
    rule = ec.article
    return Violation(
        rule,
        False,
        msg(
            "in {group}, combination ({number}) of the order of {rule} comes before the proposal's combination "
            "({other}): the engine pairs {pairs}; the proposal {others}",
            group=g,
            number=ec.number,
            rule=rule,
            other=pc.number,
            pairs=pairs_message(ec),
            others=pairs_message(pc),
        ),
        tpns,
    )


def _entry_reason(e: Choice, mine, theirs, opts: OlympiadOptions, labels: dict[int, str]) -> Violation:
    ec = e.candidate
    g = group_of(e)
    theirs_map = dict(theirs)
    for tpn, opp in mine:
        if theirs_map.get(tpn) == opp:
            continue
        note = next((n for n in ec.notes if tpn in (n.a.tpn, n.b.tpn) and opp in (n.a.tpn, n.b.tpn)), None)
        rule = note.article if note is not None else opts.cite(25)
        label = labels.get(tpn, str(tpn))
        other = theirs_map.get(tpn)
        if opp == 0:
            got = msg(
                "{team} goes on to the next group (it has played every team of {group})", team=label, group=g
            )
        else:
            got = msg("{team} meets {opponent}", team=label, opponent=str(labels.get(opp, opp)))
        proposal = (
            msg("in the proposal it goes on")
            if other == 0
            else msg("in the proposal it meets {opponent}", opponent=str(labels.get(other, other)))
            if other
            else msg("in the proposal it is paired otherwise")
        )
        said = msg("in {group}, {got} ({rule}); {proposal}.", group=g, got=got, rule=rule, proposal=proposal)
        why = note.reason if note is not None else ""
        return Violation(
            rule,
            False,
            msg("{lead} {reason}", lead=said, reason=as_message(why)) if str(why).strip() else said,
            (tpn,) + ((opp,) if opp else ()) + ((other,) if other else ()),
        )
    return Violation(
        ec.article,
        False,
        msg("in {group}, the rules pair {combination}", group=g, combination=as_message(ec.message)),
        (),
    )


def _leaving_reason(e: Choice, p: Choice, opts: OlympiadOptions, section_j: bool) -> Violation:
    ec, pc = e.candidate, p.candidate
    g = group_of(e)
    if section_j:
        rule = ec.article
        return Violation(
            rule,
            False,
            msg(
                "in {group}, combination ({number}) of the order of {rule} comes before the proposal's "
                "combination ({other}); it floats {teams}, the proposal's {others}",
                group=g,
                number=ec.number,
                rule=rule,
                other=pc.number,
                teams=some_teams(ec.outgoing),
                others=some_teams(pc.outgoing),
            ),
            tuple(t.tpn for t in ec.outgoing + pc.outgoing),
        )
    leave = next((ec.leaving[t.tpn] for t in ec.drops if t.tpn in ec.leaving), None)
    rule = opts.cite(leave.rule) if leave is not None else ec.article
    cause = msg(": {cause}", cause=as_message(leave.cause)) if leave is not None else ""
    return Violation(
        rule,
        False,
        msg(
            "in {group}, {teams} leaves the group ({rule}){cause}; the proposal sends {others} instead",
            group=g,
            teams=teams_message(ec.outgoing),
            rule=rule,
            cause=cause,
            others=teams_message(pc.outgoing),
        ),
        tuple(t.tpn for t in ec.outgoing + pc.outgoing),
    )
