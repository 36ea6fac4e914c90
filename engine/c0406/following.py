"""The scoregroup C6 measures (C.04.6 2.3.3), and what it measures there.

2.3.3 [C6]: "Unless all the teams in the following scoregroup became or are
upfloaters (thus this scoregroup is now empty), choose the set of upfloaters
so that criteria [C1], [C3] and [C4] are complied with in the bracket where
this (not empty) scoregroup is paired."

*The following scoregroup* of a bracket is the scoregroup of the next lower
score among the teams of the round (1.3.1: all the teams with the same score).
What C6 measures is what is left of it to be paired. It is left empty when

- the set being chosen takes all of it ("became upfloaters"): C6 does not
  apply, on every reading;
- earlier brackets took all of it ("are upfloaters"): option ``c6_emptied``,
  ``not_applied`` (default, FIDE's tool) or ``next_scoregroup`` (C6 measures
  the next non-empty scoregroup still to be paired);
- it held only the team receiving the pairing-allocated bye, which no bracket
  pairs: option ``c6_bye_only``, same two readings. When some of its teams
  were upfloaters and the rest is the bye, ``c6_emptied`` decides.

C6 then counts the upfloaters that scoregroup's bracket will need (its C4):
``pass_fail`` (default, FIDE's tool) asks only whether that is its parity
minimum (0 for an even number of teams, 1 for an odd one), ``graded``
minimises it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from engine.c0406.context import Context
from engine.matching import LexMatching
from engine.messages import Message, Team, msg


@dataclass(frozen=True)
class Following:
    """The scoregroup C6 measures for one bracket, or why it measures none."""

    score: float | None  # the score of the scoregroup measured; None: C6 has nothing to measure
    teams: frozenset[int]  # its teams still to be paired (before this bracket's set is chosen)
    reason: Message  # which scoregroup and why, in words

    @property
    def applies(self) -> bool:
        return self.score is not None


def following_scoregroup(ctx: Context, remaining: Collection[int], top_score: float) -> Following:
    """The scoregroup C6 measures when the top-scoregroup of ``top_score`` is paired.

    Reads the round's scoregroups (``Context.scoregroups``) from the top-scoregroup down,
    only as far as the first one with a team still to be paired."""
    members = remaining if isinstance(remaining, (set, frozenset)) else set(remaining)
    groups = ctx.scoregroups
    below = [score for score in groups if score < top_score]  # highest first
    nxt, teams = None, frozenset()
    for score in below:
        teams = frozenset(t for t in groups[score] if t in members)
        if teams:
            nxt = score
            break
    if nxt is None:
        return Following(None, frozenset(), msg("no team is left below the top-scoregroup"))
    text_score = below[0]
    if nxt == text_score:
        return Following(
            text_score, teams, msg("the following scoregroup ({score})", score=float(text_score))
        )
    group = sorted(groups[text_score])
    if group == [ctx.bye]:
        option = "c6_bye_only"
        text = msg(
            "the following scoregroup ({score}) holds only team {team}, which receives the pairing-allocated bye",
            score=float(text_score),
            team=Team(ctx.bye),
        )
    else:
        taken = [t for t in group if t != ctx.bye]
        option = "c6_emptied"
        if ctx.bye in group:
            text = msg(
                "the following scoregroup ({score}) is empty: {teams} floated up in earlier brackets "
                "and {bye} receives the pairing-allocated bye",
                score=float(text_score),
                teams=taken,
                bye=ctx.bye,
            )
        else:
            text = msg(
                "the following scoregroup ({score}) is empty: {teams} floated up in earlier brackets",
                score=float(text_score),
                teams=taken,
            )
    if ctx.options[option] == "not_applied":
        return Following(None, frozenset(), msg("{text}: C6 has nothing to measure", text=text))
    return Following(
        nxt,
        teams,
        msg(
            "{text}; C6 measures the next scoregroup still to be paired ({next})", text=text, next=float(nxt)
        ),
    )


def upfloaters_needed(ctx: Context, rest: Collection[int], following: Collection[int]) -> int | None:
    """C4 of the bracket where ``following`` (the part of it in ``rest``) is paired:
    the fewest of its teams a legal pairing of ``rest`` pairs with lower teams.
    None when ``rest`` has no legal pairing."""
    members = set(following) & set(rest)
    if not members:
        return 0
    ts = sorted(rest)
    edges = {}
    for i, a in enumerate(ts):
        for b in ts[i + 1 :]:
            if b not in ctx.conflicts[a]:
                edges[(a, b)] = (1 if (a in members) != (b in members) else 0,)
    opt = LexMatching(ts, edges).optimum()
    return None if opt is None else opt[0]
