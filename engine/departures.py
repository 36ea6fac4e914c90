"""Every departure of a given pairing from the engine's, each with its reason.

A committee amending a pairing (Olympiad rule 58, C.04.6 and the other systems
alike) or the checker comparing a round as played (``engine.checker``) must see
why the rules prefer the engine's pairing, departure by departure. A
*departure* is one independent way the given pairing differs:

- an exchange of opponents: the given pairs and the engine's pairs linked by
  the participants they share (the two pairings' alternating cycle or path,
  the pairing-allocated bye included), e.g. 1-2 and 3-4 given where the engine
  pairs 1-3 and 2-4;
- a colour reversal: the engine's pair with White to the other participant.

Each gets its reason, the article and the cause, for every system alike:

1. what the system's own check of the given pairing (``violations``) reports
   of the departure's participants, absolute criteria first;
2. a colour reversal: the engine's own colour step for that pair (every
   system explains each pair's colours with the article that decided them,
   topic ``"colour"``), with whatever the check says of its participants
   (a colour limit broken); without such a step, the check of it alone (3.);
3. an exchange the check names nobody of (a check names the first difference
   of a round, or only the absolute criterion broken), and each exchange when
   there are several: the system's check of the engine's pairing with this
   exchange alone made, i.e. what the rules say of this departure on its own
   (with the absolute criteria the whole check finds in it first);
4. else the check's reasons that name nobody, else none (shown as
   :data:`engine.result.NO_REASON`).

A system (or a new version of one) needs nothing of its own for this: its
``violations`` and its explanation's colour steps are enough.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.common.departures import step_said
from engine.messages import Message, Team, msg
from engine.result import Departure, Pair, RoundPairing, Step, Violation

Check = Callable[[RoundPairing], list[Violation]]

MAX_ALONE = 6  # exchanges checked on their own per pairing (each runs the system's check once)


def not_in_engine(p: Pair) -> Message:
    return msg("{white}-{black} is not in the engine's pairing", white=Team(p.white), black=Team(p.black))


def other_colours(p: Pair, engine: Pair) -> Message:
    return msg(
        "{white}-{black}: the engine gives White to {team}",
        white=Team(p.white),
        black=Team(p.black),
        team=Team(engine.white),
    )


def engine_pairs(p: Pair) -> Message:
    return msg("the engine pairs {white}-{black}", white=Team(p.white), black=Team(p.black))


def other_bye(engine: int | None, given: int | None) -> Message:
    return msg(
        "the engine gives the pairing-allocated bye to {team}, not {other}",
        team=str(engine),
        other=str(given),
    )


def differences(expected: RoundPairing, proposed: RoundPairing) -> list[Message]:
    """The differences between two pairings of the same round, one message each
    (``engine.api.describe_differences`` writes their English)."""
    out: list[Message] = []
    exp = {frozenset((p.white, p.black)): p for p in expected.pairs}
    got = {frozenset((p.white, p.black)): p for p in proposed.pairs}
    for key, p in got.items():
        if key not in exp:
            out.append(not_in_engine(p))
        elif exp[key].white != p.white:
            out.append(other_colours(p, exp[key]))
    for key, p in exp.items():
        if key not in got:
            out.append(engine_pairs(p))
    if expected.bye != proposed.bye:
        out.append(other_bye(expected.bye, proposed.bye))
    return out


def _key(p: Pair) -> frozenset[int]:
    return frozenset((p.white, p.black))


class _Components:
    """Union-find over participants: the exchanges of opponents."""

    def __init__(self) -> None:
        self.parent: dict[int, int] = {}

    def find(self, t: int) -> int:
        self.parent.setdefault(t, t)
        while self.parent[t] != t:
            self.parent[t] = self.parent[self.parent[t]]
            t = self.parent[t]
        return t

    def join(self, *tpns: int) -> None:
        roots = [self.find(t) for t in tpns]
        for r in roots[1:]:
            self.parent[r] = roots[0]


def with_reasons(
    engine: RoundPairing, given: RoundPairing, violations: list[Violation], check: Check | None = None
) -> list[Departure]:
    """The departures of ``given`` from ``engine``, each with its reason (see the module docstring).

    ``violations`` is the system's check of ``given``; ``check`` runs the system's check of
    another pairing of the same round (for an exchange the check of ``given`` names nobody of).
    """
    mine = {_key(p): p for p in given.pairs}
    theirs = {_key(p): p for p in engine.pairs}
    comps = _Components()
    for key in mine.keys() ^ theirs.keys():
        comps.join(*key)
    if given.bye != engine.bye:
        comps.join(*(t for t in (given.bye, engine.bye) if t is not None))
    groups: dict[int, list[Message]] = {}
    order: list[tuple[str, object]] = []  # ("pairs", root) or ("colours", pair key), in the given order

    def lines(root: int) -> list[Message]:
        if root not in groups:
            groups[root] = []
            order.append(("pairs", root))
        return groups[root]

    for key, p in mine.items():
        if key not in theirs:
            lines(comps.find(p.white)).append(not_in_engine(p))
        elif theirs[key].white != p.white:
            order.append(("colours", key))
    for key, p in theirs.items():
        if key not in mine:
            lines(comps.find(p.white)).append(engine_pairs(p))
    if given.bye != engine.bye:
        lines(comps.find(next(t for t in (engine.bye, given.bye) if t is not None))).append(
            other_bye(engine.bye, given.bye)
        )
    members: dict[int, set[int]] = {}
    for t in list(comps.parent):
        members.setdefault(comps.find(t), set()).add(t)
    colour_steps = _colour_steps(engine.explanation)
    out: list[Departure] = []
    alone_left = MAX_ALONE
    several = sum(1 for kind, _ in order if kind == "pairs") > 1
    for kind, ref in order:
        if kind == "colours":
            p, e = mine[ref], theirs[ref]
            reasons = _colour_reasons(p, e, violations, colour_steps.get(ref))
            if not reasons and check is not None and alone_left > 0:
                # No colour step in the engine's explanation: the check of this reversal alone.
                alone_left -= 1
                alone = _check_alone(check, engine, given, {p.white, p.black})
                reasons = _colour_reasons(p, e, alone, None)
            out.append(Departure("colours", (p.white, p.black), (other_colours(p, e),), reasons))
            continue
        teams = members[ref]
        reasons = _naming(violations, teams)
        if (several or not reasons) and check is not None and alone_left > 0:
            # The check of the whole pairing reasons from its first difference; each exchange of
            # several is told by the check of it alone (the absolute criteria it breaks kept first).
            alone_left -= 1
            alone = _naming(_check_alone(check, engine, given, teams), teams)
            if alone:
                absolute = tuple(v for v in reasons if v.absolute)
                reasons = absolute + tuple(v for v in alone if v not in absolute)
        if not reasons:
            reasons = tuple(v for v in violations if not v.tpns)
        out.append(Departure("pairs", tuple(sorted(teams)), tuple(groups[ref]), reasons))
    return out


def _naming(violations: Iterable[Violation], teams: set[int]) -> tuple[Violation, ...]:
    """The violations that name a participant of ``teams``, absolute ones first."""
    named = [v for v in violations if teams.intersection(v.tpns)]
    return tuple(sorted(named, key=lambda v: not v.absolute))


def _colour_steps(explanation: list[Step]) -> dict[frozenset[int], Step]:
    return {
        frozenset((s.data["white"], s.data["black"])): s
        for s in explanation
        if s.topic == "colour" and "white" in s.data and "black" in s.data
    }


def _colour_reasons(
    p: Pair, e: Pair, violations: list[Violation], step: Step | None
) -> tuple[Violation, ...]:
    """A colour reversal: the engine's colour step for the pair, with what the check says of its teams."""
    pair = {p.white, p.black}
    # What the check says of these teams alone (a colour limit broken, its own line on these
    # colours); a criterion naming other teams too (rule 15's score differences) is not about colours.
    named = tuple(v for v in _naming(violations, pair) if pair.issuperset(v.tpns))
    if step is None:
        return named
    own = Violation(
        step.article,
        False,
        msg("the engine gives White to {team}: {step}", team=Team(e.white), step=step_said(step)),
        (p.white, p.black),
    )
    # The check's own line on these colours (the same pair) says what the step says.
    others = tuple(v for v in named if set(v.tpns) != pair or v.absolute)
    return tuple(v for v in others if v.absolute) + (own,) + tuple(v for v in others if not v.absolute)


def _check_alone(check: Check, engine: RoundPairing, given: RoundPairing, teams: set[int]) -> list[Violation]:
    """The system's check of the engine's pairing with only this exchange made as ``given`` makes it."""
    pairs = [p for p in engine.pairs if p.white not in teams and p.black not in teams]
    pairs += [p for p in given.pairs if p.white in teams or p.black in teams]
    bye = given.bye if {given.bye, engine.bye} & teams else engine.bye
    try:
        return list(check(RoundPairing(given.round, pairs, bye=bye)))
    except Exception:  # a check that fails must not hide the departure; it keeps the round's reasons
        return []
