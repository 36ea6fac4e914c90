"""Plain words for the causes the explanation gives (rule 57: "supporting logic").

Small helpers shared by the pool generators, the search and the per-team
"why" lines: a list of teams, the meetings that make a set of teams
impossible to pair, the group a team belongs to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.messages import Message, msg
from engine.olympiad.model import TeamView

MAX_LISTED = 4


def names(teams: Sequence[TeamView]) -> str:
    return ", ".join(t.label for t in teams) or "none"


def points(score: float, unit: str) -> str:
    """ "1 match point", "2.5 match points"."""
    return f"{score:g} {unit[:-1] if score == 1 and unit.endswith('s') else unit}"


def group_name(score: float | None) -> str:
    return "the group" if score is None else f"the {score:g}-point group"


def points_message(score: float, unit: str) -> Message:
    """:func:`points` as a message: "1 match point", "2.5 match points" in the reader's language."""
    word = unit[:-1] if score == 1 and unit.endswith("s") else unit
    return msg("{score} {unit}", score=float(score), unit=Message(word))


def group_message(score: float | None) -> Message:
    """:func:`group_name` as a message."""
    return msg("the group") if score is None else msg("the {score}-point group", score=float(score))


def played_list(team: TeamView, others: Sequence[TeamView]) -> str:
    """The teams of ``others`` that ``team`` has played, as a list."""
    return names([o for o in others if o.tpn in team.met and o is not team])


def blocking(teams: Sequence[TeamView], colour_ok: Callable[[TeamView, TeamView], bool] | None = None) -> str:
    """Why ``teams`` cannot all be paired among themselves, in words.

    Names the meetings among them (rule 14(a)) and, where ``colour_ok`` is
    given, the pairs rule 17 bars (only teams limited to one colour can be
    barred); with neither, the count is odd. At most a few of each are listed.
    """
    pool = {t.tpn: t for t in teams}
    index = {t.tpn: i for i, t in enumerate(teams)}
    met: list[str] = []
    more_met = False
    for i, a in enumerate(teams):
        for o in sorted(a.met & pool.keys(), key=index.__getitem__):
            if index[o] > i:
                if len(met) == MAX_LISTED:
                    more_met = True
                    break
                met.append(f"{a.label} - {pool[o].label}")
        if more_met:
            break
    barred: list[str] = []
    more_barred = False
    if colour_ok is not None:
        from engine.state import Colour

        limited = [t for t in teams if not (t.may_receive(Colour.WHITE) and t.may_receive(Colour.BLACK))]
        seen: set[frozenset[int]] = set()
        for a in limited:
            for b in teams:
                key = frozenset((a.tpn, b.tpn))
                if b is a or key in seen or b.tpn in a.met or colour_ok(a, b):
                    continue
                seen.add(key)
                if len(barred) == MAX_LISTED:
                    more_barred = True
                    break
                barred.append(f"{a.label} - {b.label}")
            if more_barred:
                break
    parts = []
    if met:
        parts.append(f"already played: {', '.join(met)}{' and more' if more_met else ''}")
    if barred:
        parts.append(f"board-1 colour limits bar: {', '.join(barred)}{' and more' if more_barred else ''}")
    if not parts:
        return "an odd number of teams"
    return "; ".join(parts)


def stuck(teams: Sequence[TeamView]) -> TeamView | None:
    """A team of ``teams`` that has played every other one of them (it can meet none)."""
    for t in teams:
        if len(teams) > 1 and all(o.tpn in t.met for o in teams if o is not t):
            return t
    return None


def short_reason(why: str) -> str:
    """A pair check's reason shortened for a list of passed-over opponents."""
    at = why.rfind(" (Olympiad")
    cited = why[at + 2 : -1] if at >= 0 and why.endswith(")") else ""
    if "have already played" in why:
        return f"already played, {cited}" if cited else "already played"
    if "no colour allocation keeps" in why:
        return "board-1 colour limits, " + why[why.rfind("within ") + 7 :]
    return why


def passed_over(first: TeamView, passed: Sequence[tuple[TeamView, str]]) -> str:
    """ "; X could not meet A (reason), B (reason)" for the opponents tried before."""
    if not passed:
        return ""
    listed = ", ".join(f"{o.label} ({short_reason(why)})" for o, why in passed[:MAX_LISTED])
    more = f" and {len(passed) - MAX_LISTED} more" if len(passed) > MAX_LISTED else ""
    return f"; {first.label} could not meet {listed}{more}"
