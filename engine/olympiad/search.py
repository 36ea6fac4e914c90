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

A floater moved back and the order of the passes: ``engine.olympiad.floaters``;
the steps' words: ``engine.olympiad.search_words``; when the search exceeds its
budget, every group considered as one group: ``engine.olympiad.one_group``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.messages import Message, msg
from engine.olympiad.colours import compatible
from engine.olympiad.feasibility import round_completable
from engine.olympiad.floaters import members, passes, stranded
from engine.olympiad.groups import BOTTOM, TOP, ScoreGroup, make_groups, processing_order
from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.olympiad.pools import ABOVE, BELOW, Candidate, Incoming, Leave, PairNote, PoolContext, section_j
from engine.olympiad.search_words import (
    colours_set_aside_said,
    floated_said,
    group_said,
    median_said,
    merge_cause,
    merged_said,
    not_completable_cause,
    not_completable_said,
    not_followed_said,
    numbers_said,
    order_said,
    sent_on_said,
    stranded_said,
)
from engine.olympiad.section_i import section_i
from engine.olympiad.wording import names_message
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
                msg("no complete pairing of the round exists without a rematch (Olympiad rule 14(a))")
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
        for extra, strict, strand in passes(self.section_j, target):
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
                back = stranded(self.groups, self.section_j, cand, target, pending, strand)
                if back is not None:
                    stranded_seen = True
                    self.note(
                        o.cite(back_rule),
                        stranded_said(cand.message, back, members(self.groups, target, pending)),
                    )
                    ctx.why_failed[cand.out_key] = msg(
                        "{team} has already played every team of the next group ({rule})",
                        team=back.label,
                        rule=o.cite(back_rule),
                    )
                    pass_failed.add(cand.out_key)
                    continue
                rest = unpaired - {t.tpn for p in cand.pairs for t in p}
                if not self.round_completable(rest):
                    left = [self.by_tpn[t] for t in sorted(rest)]
                    cause = not_completable_cause(left)
                    self.note(o.cite(back_rule), not_completable_said(cand.message, left, cause))
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
                    self.step(o.cite("18(a)"), "colour", colours_set_aside_said(g.score, o.cite(17)))
                if (
                    not strand
                    and stranded(self.groups, self.section_j, cand, target, pending, True) is not None
                ):
                    self.step(o.cite(28 if origin == ABOVE else 32), "floater", sent_on_said())
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
                        floated_said(t, way, self.groups[target].score, leave),
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
                ctx.why_failed.setdefault(
                    cand.out_key,
                    msg(
                        "the following groups could not be paired with {teams}",
                        teams=names_message(cand.outgoing) if cand.outgoing else msg("no floater"),
                    ),
                )
                self.note(o.cite(back_rule), not_followed_said(cand.message, cand.outgoing))
        if target is not None and self.allow_merge:
            # Rule 50: the two groups are considered as one group.
            below = self.groups[target]
            leave = Leave(50, merge_cause(g.score, below.score), g.score)
            carried = tuple(Incoming(t, origin, merged=True, leave=leave) for t in own) + tuple(floaters)
            new_pending = {k: v for k, v in pending.items() if k != gi}
            new_pending[target] = new_pending.get(target, ()) + carried
            sub = len(self.steps)
            self.step(o.cite(50), "merge", merged_said(g.score, below.score), tpns=[t.tpn for t in pool])
            self.chosen[pos] = Choice(g, None, (0, True, True), tuple(incoming))
            result = self._solve(pos + 1, new_pending, unpaired)
            if result is not None:
                return result
            del self.steps[sub:]
        del self.steps[mark:]
        self.failed_states.add(key)
        return None
