"""Plain words for the causes the explanation gives (rule 57: "supporting logic").

Small helpers shared by the pool generators, the search and the per-team
"why" lines: a list of teams, the meetings that make a set of teams
impossible to pair, the group a team belongs to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.olympiad.model import TeamView

MAX_LISTED = 4


def names(teams: Sequence[TeamView]) -> str:
    return ", ".join(t.label for t in teams) or "none"


def points(score: float, unit: str) -> str:
    """ "1 match point", "2.5 match points"."""
    return f"{score:g} {unit[:-1] if score == 1 and unit.endswith('s') else unit}"


def group_name(score: float | None) -> str:
    return "the group" if score is None else f"the {score:g}-point group"


def played_list(team: TeamView, others: Sequence[TeamView]) -> str:
    """The teams of ``others`` that ``team`` has played, as a list."""
    return names([o for o in others if o.tpn in team.met and o is not team])


def blocking(teams: Sequence[TeamView], colour_ok: Callable[[TeamView, TeamView], bool] | None = None) -> str:
    """Why ``teams`` cannot all be paired among themselves, in words.

    Names the meetings among them (rule 14(a)) and, where ``colour_ok`` is
    given, the pairs rule 17 bars; with neither, the count is odd.
    """
    met: list[str] = []
    barred: list[str] = []
    for i, a in enumerate(teams):
        for b in teams[i + 1 :]:
            if b.tpn in a.met:
                met.append(f"{a.label} - {b.label}")
            elif colour_ok is not None and not colour_ok(a, b):
                barred.append(f"{a.label} - {b.label}")
    parts = []
    if met:
        more = f" and {len(met) - MAX_LISTED} more" if len(met) > MAX_LISTED else ""
        parts.append(f"already played: {', '.join(met[:MAX_LISTED])}{more}")
    if barred:
        more = f" and {len(barred) - MAX_LISTED} more" if len(barred) > MAX_LISTED else ""
        parts.append(f"board-1 colour limits bar: {', '.join(barred[:MAX_LISTED])}{more}")
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
