"""The round's pairing, group by group in the order of rule 16.

Groups are paired top down to the middle group, bottom up to it, the middle
group last (rule 16). Each group takes the first candidate of its rules'
order (``engine.olympiad.pools``) whose floaters the following groups can
place; when they cannot, the floater is "moved back to its original group"
and the next candidate is tried (rules 26-27, 30-31, 50). A group none of
whose candidates works is merged with the next group (rule 50: "these two
groups shall be considered as one group"). Candidates keeping the board-1
colour limits of rule 17 come first; the others only when a group cannot be
paired otherwise (rule 18(a)).

Backtracking is memoised: what happens below a group depends only on the
floaters it sends, so a floater set that failed once is never tried again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.messages import Message, msg, prose
from engine.olympiad.colours import compatible
from engine.olympiad.feasibility import perfectly_pairable, round_completable
from engine.olympiad.groups import BOTTOM, MEDIAN, TOP, ScoreGroup, make_groups, processing_order
from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.olympiad.pools import ABOVE, BELOW, Candidate, Incoming, Leave, PairNote, PoolContext, section_j
from engine.olympiad.search_words import (
    FLOAT_KEYS,
    group_said,
    median_said,
    not_completable_said,
    numbers_said,
    order_said,
)
from engine.olympiad.section_i import section_i
from engine.olympiad.wording import blocking_message, group_message, names, names_message, stuck
from engine.result import PairingImpossible, Step
from engine.state import Colour

W, B = Colour.WHITE, Colour.BLACK

MAX_NOTES_PER_GROUP = 12


class SearchBudgetExceeded(Exception):
    pass


@dataclass
class Choice:
    """What one group (by its position in rule 16's order) decided: a candidate, or a merge (rule 50)."""

    group: ScoreGroup
    candidate: Candidate | None  # None: merged with the next group
    passes: tuple[int, bool, bool]  # (rule 44 extra, rule 17 kept, rules 27/31 moved back)
    incoming: tuple[Incoming, ...] = ()


@dataclass
class GroupSearch:
    """The group-by-group search. ``only``, when given, restricts every group to
    candidates whose pairs are all in it (the checker follows a proposed
    pairing through the rules' order with it, ``engine.olympiad.departures``)."""

    teams: list[TeamView]
    opts: OlympiadOptions
    section_j: bool
    steps: list[Step] = field(default_factory=list)
    evaluations: int = 0
    only: frozenset[frozenset[int]] | None = None

    def __post_init__(self) -> None:
        self.groups, self.middle, self.median_team = make_groups(self.teams, self.section_j)
        self.order = processing_order(self.groups, self.middle)
        self.failed_states: set = set()
        self._notes = 0
        self._seen: set[str] = set()
        self.chosen: dict[int, Choice] = {}  # by position in rule 16's order, the path that worked

    # -- explanation ----------------------------------------------------------
    def step(self, article: str, topic: str, message: str | Message, **data) -> None:
        self.steps.append(Step(article, topic, message, data))

    def note(self, article: str, message: str | Message) -> None:
        if str(message) in self._seen:
            return
        self._seen.add(str(message))
        self._notes += 1
        if self._notes <= MAX_NOTES_PER_GROUP:
            self.steps.append(Step(article, "combination", message, {}))
        elif self._notes == MAX_NOTES_PER_GROUP + 1:
            self.steps.append(
                Step(article, "combination", msg("further invalid combinations not listed"), {})
            )

    def _quiet(self) -> bool:
        """No further note of this group will be kept (or the checker's search, whose notes nobody reads)."""
        return self.only is not None or self._notes > MAX_NOTES_PER_GROUP

    # -- feasibility of the whole round ----------------------------------------
    def round_completable(self, unpaired: frozenset[int]) -> bool:
        return round_completable(self.met, unpaired)

    # -- the search ---------------------------------------------------------------
    def run(self) -> list[tuple[TeamView, TeamView]]:
        self.by_tpn = {t.tpn: t for t in self.teams}
        self.met = {t.tpn: t.met for t in self.teams}
        o = self.opts
        for g in self.groups:
            self.step(
                o.cite(16),
                "group",
                group_said(g),
                score=g.score,
                tpns=[t.tpn for t in g.teams],
                side=g.side,
            )
        self.step(
            o.cite(16),
            "median",
            median_said(len(self.teams), self.median_team, self.groups[self.middle]),
            median=self.median_team.tpn,
            order=[self.groups[i].score for i in self.order],
        )
        # Section J merges groups as rule 50 says; Section I has no merging
        # rule, so there it is the last resort, after every other fall-back.
        self.allow_merge = self.section_j
        mark = len(self.steps)
        result = self._solve(0, {}, frozenset(self.by_tpn))
        if result is None and not self.allow_merge:
            del self.steps[mark:]
            self.failed_states.clear()
            self.chosen.clear()
            self.allow_merge = True
            self.step(
                o.cite(44),
                "merge",
                msg("no pairing keeps every group apart: groups are merged as rule 50 does in Section J"),
            )
            result = self._solve(0, {}, frozenset(self.by_tpn))
        if result is None:
            raise PairingImpossible(
                "no complete pairing of the round exists without a rematch (Olympiad rule 14(a))"
            )
        self.chosen = {k: v for k, v in self.chosen.items() if k < len(self.order)}
        return result

    def path(self) -> list[Choice]:
        """The choices of the pairing found, in rule 16's order (after :meth:`run`)."""
        return [self.chosen[k] for k in sorted(self.chosen)]

    def notes(self) -> list[PairNote]:
        """Why each pair of the pairing found was made (after :meth:`run`)."""
        return [n for c in self.path() if c.candidate is not None for n in c.candidate.notes]

    def _pool(self, g: ScoreGroup, incoming: tuple[Incoming, ...]):
        merged = [i.team for i in incoming if i.merged]
        floaters = [i for i in incoming if not i.merged]
        own = list(g.teams) + merged
        return own, floaters

    def _stranded(self, cand, target, pending, strand: bool) -> TeamView | None:
        """A floater that has played every team of the group it goes to (rules 27, 31, 50).

        In Section J (rule 48) no floater may go further. In Section I a team
        leaving because it met its whole group goes on (rules 41-42), and a
        dropped team does too once rules 28 / 32 apply (``strand`` False);
        the middle group, paired last, can never send it on.
        """
        if not cand.outgoing:
            return None
        g = self.groups[target]
        if self.section_j or g.side == MEDIAN:
            check = cand.outgoing
        elif strand:
            check = cand.drops
        else:
            return None
        members = list(g.teams) + [i.team for i in pending.get(target, ()) if i.merged]
        if self.section_j:
            members += [i.team for i in pending.get(target, ())]
        for t in check:
            if not any(m.tpn not in t.met and m.tpn != t.tpn for m in members):
                return t
        return None

    def _passes(self, target: int | None) -> list[tuple[int, bool, bool]]:
        """(rule 44 extra, rule 17 kept, rules 27/31 moved back), in the order they are tried.

        Rule 44 first: every way in which a group sends only the team an odd
        group must send (including, by rule 18(a), a pairing without rule 17
        and, by rules 28 / 32, a dropped team going on past the next group)
        before two more teams leave. Within that, rule 18(b) then 18(a): every
        other floater keeping rule 17 before rule 17 is set aside; rules 27 / 31
        move a dropped team back before rules 28 / 32 send it on.
        """
        sends = not self.section_j and target is not None
        levels = (0, 2) if sends else (0,)
        strands = (True, False) if sends else (True,)
        return [(extra, strict, strand) for extra in levels for strand in strands for strict in (True, False)]

    def _solve(self, pos: int, pending: dict[int, tuple[Incoming, ...]], unpaired: frozenset[int]):
        if pos == len(self.order):
            return []
        gi = self.order[pos]
        g = self.groups[gi]
        key = (pos, frozenset((k, i.team.tpn, i.origin, i.merged) for k, v in pending.items() for i in v))
        if key in self.failed_states:
            return None
        o = self.opts
        incoming = pending.get(gi, ())
        target = gi + 1 if g.side == TOP else gi - 1 if g.side == BOTTOM else None
        origin = ABOVE if g.side == TOP else BELOW
        own, floaters = self._pool(g, incoming)
        mark = len(self.steps)
        self._notes = 0
        self._seen: set[str] = set()
        pool = own + [f.team for f in floaters]
        if self.section_j:
            pool.sort(key=lambda t: (-t.eb, t.tpn))
            self.step(o.cite(45), "group", order_said(g, pool), tpns=[t.tpn for t in pool])
        else:
            self.step(o.cite(13), "group", numbers_said(g, own, floaters), tpns=[t.tpn for t in own])
        failed_out: set[frozenset[int]] = set()
        incoming_map = {i.team.tpn: i for i in incoming}
        why_failed: dict[frozenset[int], str] = {}
        # A pass that can offer nothing new is skipped: without a team restricted by
        # rule 17 the relaxed passes equal the strict ones, and without a team moved
        # back by rules 27 / 31 the passes of rules 28 / 32 equal the others.
        colour_bound = any(not (t.may_receive(W) and t.may_receive(B)) for t in pool)
        stranded_seen = False
        for extra, strict, strand in self._passes(target):
            if (not strict and not colour_bound) or (not strand and not stranded_seen):
                continue
            pass_failed = set(failed_out)
            ctx = PoolContext(
                o, strict, target is not None, pass_failed, self.note, extra=extra, score=g.score
            )
            ctx.came_in = dict(incoming_map)
            ctx.only = self.only
            ctx.quiet = self._quiet
            ctx.why_failed = why_failed
            gen = (
                section_j(pool, incoming_map, g.side, ctx)
                if self.section_j
                else section_i(own, floaters, g.side, ctx)
            )
            for cand in gen:
                if not strict and all(compatible(a, b) for a, b in cand.pairs):
                    continue
                self.evaluations += 1
                if self.evaluations > o.max_search_steps:
                    raise SearchBudgetExceeded
                if self.only is not None and any(
                    frozenset((a.tpn, b.tpn)) not in self.only for a, b in cand.pairs
                ):
                    continue
                back_rule = 50 if self.section_j else (27 if origin == ABOVE else 31)
                stranded = self._stranded(cand, target, pending, strand)
                if stranded is not None:
                    stranded_seen = True
                    members = self._members(target, pending)
                    self.note(
                        o.cite(back_rule),
                        msg(
                            "{combination} - {team} has already played every team of the next group ({teams}); "
                            "moved back",
                            combination=cand.message,
                            team=stranded.label,
                            teams=names(members),
                        ),
                    )
                    ctx.why_failed[cand.out_key] = msg(
                        "{team} has already played every team of the next group ({rule})",
                        team=stranded.label,
                        rule=o.cite(back_rule),
                    )
                    pass_failed.add(cand.out_key)
                    continue
                rest = unpaired - {t.tpn for p in cand.pairs for t in p}
                if not self.round_completable(rest):
                    cause = self._why_not_completable(rest)
                    self.note(
                        o.cite(back_rule),
                        not_completable_said(cand.message, [self.by_tpn[t] for t in sorted(rest)], cause),
                    )
                    ctx.why_failed[cand.out_key] = msg(
                        "the rest of the round could not then be paired completely{cause}", cause=cause
                    )
                    # The rest is the unpaired teams outside this group plus its
                    # floaters: it depends on the floaters only.
                    failed_out.add(cand.out_key)
                    pass_failed.add(cand.out_key)
                    continue
                new_pending = {k: v for k, v in pending.items() if k != gi}
                if cand.outgoing:
                    new_pending[target] = new_pending.get(target, ()) + tuple(
                        Incoming(t, origin, leave=cand.leaving.get(t.tpn)) for t in cand.outgoing
                    )
                sub = len(self.steps)
                if not strict:
                    self.step(
                        o.cite("18(a)"),
                        "colour",
                        msg(
                            "the {score} group cannot be paired completely within {rule}: the pairing below is "
                            "made without it",
                            score=float(g.score),
                            rule=o.cite(17),
                        ),
                    )
                if not strand and self._stranded(cand, target, pending, True) is not None:
                    self.step(
                        o.cite(28 if origin == ABOVE else 32),
                        "floater",
                        msg(
                            "every team that could leave the group has played the whole next group: one goes on "
                            "all the same (rules 25-27 / 29-31 applied again)"
                        ),
                    )
                self.step(
                    cand.article,
                    "pairing",
                    cand.message,
                    pairs=[[a.tpn, b.tpn] for a, b in cand.pairs],
                    floaters=[t.tpn for t in cand.outgoing],
                )
                for t in cand.outgoing:
                    leave = cand.leaving.get(t.tpn)
                    rule = leave.rule if leave is not None else (48 if self.section_j else 25)
                    way = "up" if origin == BELOW else "down"
                    self.step(
                        o.cite(rule),
                        "floater",
                        msg(
                            FLOAT_KEYS[way, leave is not None],
                            team=t.label,
                            score=float(self.groups[target].score),
                            cause=prose(leave.cause) if leave is not None else "",
                        ),
                        tpn=t.tpn,
                        rule=str(rule),
                    )
                self.chosen[pos] = Choice(g, cand, (extra, strict, strand), tuple(incoming))
                result = self._solve(pos + 1, new_pending, rest)
                if result is not None:
                    return cand.pairs + result
                del self.steps[sub:]
                failed_out.add(cand.out_key)
                pass_failed.add(cand.out_key)
                moved = ", ".join(t.label for t in cand.outgoing) or "no floater"
                ctx.why_failed.setdefault(
                    cand.out_key,
                    msg(
                        "the following groups could not be paired with {teams}",
                        teams=names_message(cand.outgoing) if cand.outgoing else msg("no floater"),
                    ),
                )
                self.note(
                    o.cite(back_rule),
                    msg(
                        "{combination} - the following groups cannot be paired with {teams}; moved back, next "
                        "combination",
                        combination=cand.message,
                        teams=msg("no floater") if not cand.outgoing else moved,
                    ),
                )
        if target is not None and self.allow_merge:
            # Rule 50: the two groups are considered as one group.
            below = self.groups[target]
            leave = Leave(
                50,
                msg(
                    "{group} could not be paired apart from {other}, so the two were considered as one group",
                    group=group_message(g.score),
                    other=group_message(below.score),
                ),
                g.score,
            )
            carried = tuple(Incoming(t, origin, merged=True, leave=leave) for t in own) + tuple(floaters)
            new_pending = {k: v for k, v in pending.items() if k != gi}
            new_pending[target] = new_pending.get(target, ()) + carried
            sub = len(self.steps)
            self.step(
                o.cite(50),
                "merge",
                msg(
                    "the {score} group cannot be paired with the {below} group as separate groups: they are "
                    "considered as one group",
                    score=float(g.score),
                    below=float(below.score),
                ),
                tpns=[t.tpn for t in pool],
            )
            self.chosen[pos] = Choice(g, None, (0, True, True), tuple(incoming))
            result = self._solve(pos + 1, new_pending, unpaired)
            if result is not None:
                return result
            del self.steps[sub:]
        del self.steps[mark:]
        self.failed_states.add(key)
        return None

    def _members(self, target: int, pending) -> list[TeamView]:
        g = self.groups[target]
        return list(g.teams) + [i.team for i in pending.get(target, ())]

    def _why_not_completable(self, rest: frozenset[int]) -> str | Message:
        """The cause, where one team shows it: a team that has played every other team left."""
        teams = [self.by_tpn[t] for t in sorted(rest)]
        if len(teams) % 2:
            return msg(" (an odd number of teams would be left)")
        t = stuck(teams)
        if t is not None:
            return msg(" ({team} has already played every other team still to be paired)", team=t.label)
        if len(teams) <= 6:
            return msg(" ({why})", why=blocking_message(teams))
        return ""


def all_groups_as_one(
    teams: list[TeamView], opts: OlympiadOptions, section_j: bool
) -> tuple[list[tuple[TeamView, TeamView]], list[Step]]:
    """Rule 50 taken to its end: every remaining group considered as one group.

    Only used when the group-by-group search exceeds its budget
    (``max_search_steps``); the teams are paired in the order of rule 47
    (Section J) or rule 36 (Section I) over the standings.
    """
    from engine.olympiad.groups import standings_key
    from engine.olympiad.orders import combinations, rule36_opponents, rule47_opponents

    ordered = sorted(teams, key=lambda t: standings_key(t, section_j))
    by = {t.tpn: t for t in ordered}

    def rest_check(rest, _can_float):
        ok = perfectly_pairable([t.tpn for t in rest], lambda a, b: b not in by[a].met)
        return None if ok else "unsolvable"

    for comb in combinations(
        ordered,
        rule47_opponents if section_j else rule36_opponents,
        pair_check=lambda a, b: "met" if b.tpn in a.met else None,
        rest_check=rest_check,
    ):
        step = Step(
            opts.cite(50),
            "merge",
            msg(
                "the group-by-group search exceeded its budget: all groups are considered as one group and paired "
                "in the order of {rule}",
                rule=opts.cite(47 if section_j else 36),
            ),
            {},
        )
        return list(comb.pairs), [step]
    raise PairingImpossible("no complete pairing of the round exists without a rematch (Olympiad rule 14(a))")
