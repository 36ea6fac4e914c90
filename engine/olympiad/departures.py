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
"""

from __future__ import annotations

from engine.messages import English, Message, msg
from engine.olympiad.groups import BOTTOM
from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.olympiad.search import Choice, GroupSearch, SearchBudgetExceeded
from engine.olympiad.wording import names as _names
from engine.olympiad.wording import names_message
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
    out = _colour_reasons(proposal, engine)
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
            return out + [_preferred(e, p, opts, section_j, labels)]
        return out + [_generic(opts, section_j)]
    return out + [_unreachable(e_path, mine, opts, section_j)]


# -- colours ---------------------------------------------------------------------


def names(teams) -> str:
    return _names(sorted(teams, key=lambda t: t.tpn))


def _teams(teams) -> list[str] | Message:
    """:func:`names` as a message parameter ("none" in the reader's language)."""
    return names_message(sorted(teams, key=lambda t: t.tpn))


def _some(teams) -> list[str] | Message:
    """The teams, or "no team"."""
    return [t.label for t in sorted(teams, key=lambda t: t.tpn)] or msg("no team")


def _said(text) -> Message:
    """A candidate's or a note's words as a message (a plain string: English prose)."""
    return text if isinstance(text, Message) else msg("{text}", text=English(str(text)))


def _colour_why(engine: RoundPairing) -> dict[int, Message]:
    """Each team's board-1 colour rule and reason as its "why" line says it (``colour_message``'s ``why``)."""
    out = {}
    for tpn, step in engine.why().items():
        data = step.data.get("colour_message")
        why = (data or {}).get("params", {}).get("why") if isinstance(data, dict) else None
        if why:
            out[tpn] = Message.from_dict(why) if isinstance(why, dict) else _said(why)
    return out


def _colour_reasons(proposal: RoundPairing, engine: RoundPairing) -> list[Violation]:
    by_pair = {frozenset((p.white, p.black)): p for p in engine.pairs}
    why = {
        (s.data.get("white"), s.data.get("black")): s.data.get("why", "")
        for s in engine.explanation
        if s.topic == "colour" and "white" in s.data
    }
    out = []
    said = None
    for p in proposal.pairs:
        e = by_pair.get(frozenset((p.white, p.black)))
        if e is None or e.white == p.white:
            continue
        reason = why.get((e.white, e.black), "")
        if said is None:
            said = _colour_why(engine)
        cause = said.get(e.white)
        if cause is None or str(cause) != reason:
            cause = _said(reason) if reason else None
        out.append(
            Violation(
                e.colour_article,
                False,
                msg(
                    "{white}-{black}: {article} gives White on board 1 to {team}: {reason}"
                    if reason
                    else "{white}-{black}: {article} gives White on board 1 to {team}",
                    white=p.white,
                    black=p.black,
                    article=e.colour_article,
                    team=e.white,
                    **({"reason": cause} if reason else {}),
                ),
                (p.white, p.black),
            )
        )
    return out


# -- pairs -----------------------------------------------------------------------


def _same(e: Choice, p: Choice) -> bool:
    if (e.candidate is None) != (p.candidate is None):
        return False
    if e.candidate is None:
        return True
    pe = {frozenset((a.tpn, b.tpn)) for a, b in e.candidate.pairs}
    pp = {frozenset((a.tpn, b.tpn)) for a, b in p.candidate.pairs}
    return pe == pp and e.candidate.out_key == p.candidate.out_key


def _pairs_text(cand) -> list[str] | Message:
    return [f"{a.label} - {b.label}" for a, b in cand.pairs] or msg("no pair")


def _group(choice: Choice) -> Message:
    return msg("the {score} group", score=float(choice.group.score))


def _preferred(
    e: Choice, p: Choice, opts: OlympiadOptions, section_j: bool, labels: dict[int, str]
) -> Violation:
    """The rule that puts the engine's choice for this group before the proposal's."""
    g = _group(e)
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
                combination=_said(e.candidate.message),
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
                teams=_teams(ec.outgoing),
                combination=_said(ec.message),
                others=_teams(pc.outgoing),
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
                combination=_said(ec.message),
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
                combination=_said(ec.message),
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
            pairs=_pairs_text(ec),
            others=_pairs_text(pc),
        ),
        tpns,
    )


def _entry_reason(e: Choice, mine, theirs, opts: OlympiadOptions, labels: dict[int, str]) -> Violation:
    ec = e.candidate
    g = _group(e)
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
            msg("{lead} {reason}", lead=said, reason=_said(why)) if str(why).strip() else said,
            (tpn,) + ((opp,) if opp else ()) + ((other,) if other else ()),
        )
    return Violation(
        ec.article,
        False,
        msg("in {group}, the rules pair {combination}", group=g, combination=_said(ec.message)),
        (),
    )


def _leaving_reason(e: Choice, p: Choice, opts: OlympiadOptions, section_j: bool) -> Violation:
    ec, pc = e.candidate, p.candidate
    g = _group(e)
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
                teams=_some(ec.outgoing),
                others=_some(pc.outgoing),
            ),
            tuple(t.tpn for t in ec.outgoing + pc.outgoing),
        )
    leave = next((ec.leaving[t.tpn] for t in ec.drops if t.tpn in ec.leaving), None)
    rule = opts.cite(leave.rule) if leave is not None else ec.article
    cause = msg(": {cause}", cause=_said(leave.cause)) if leave is not None else ""
    return Violation(
        rule,
        False,
        msg(
            "in {group}, {teams} leaves the group ({rule}){cause}; the proposal sends {others} instead",
            group=g,
            teams=_teams(ec.outgoing),
            rule=rule,
            cause=cause,
            others=_teams(pc.outgoing),
        ),
        tuple(t.tpn for t in ec.outgoing + pc.outgoing),
    )


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
        g = _group(choice)
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
                combination=_said(cand.message),
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
