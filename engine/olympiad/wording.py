"""Plain words for the causes the explanation gives (rule 57: "supporting logic").

Small helpers shared by the pool generators, the search and the per-team
"why" lines: a list of teams, the meetings that make a set of teams
impossible to pair, the group a team belongs to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.messages import English, Message, msg, msgn
from engine.olympiad.model import TeamView

MAX_LISTED = 4


def names(teams: Sequence[TeamView]) -> str:
    return ", ".join(t.label for t in teams) or "none"


def names_message(teams: Sequence[TeamView]) -> list[str] | Message:
    """:func:`names` as a message parameter (a list, or "none" in the reader's language)."""
    return [t.label for t in teams] or Message("none")


def joined(parts: Sequence[Message | str]) -> Message | str:
    """``parts`` joined with "; " (the separator of the engine's causes), as one message."""
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        out = msg("{first}; {second}", first=out, second=part)
    return out


def points(score: float, unit: str) -> str:
    """ "1 match point", "2.5 match points"."""
    return f"{score:g} {unit[:-1] if score == 1 and unit.endswith('s') else unit}"


def group_name(score: float | None) -> str:
    return "the group" if score is None else f"the {score:g}-point group"


def points_message(score: float, unit: str) -> Message:
    """:func:`points` as a message: "1 match point", "2.5 match points" in the reader's language,
    with the plural form the count takes ("2,5 очка", "5 очков")."""
    if unit == "match points":
        return msgn("{count} match point", "{count} match points", count=float(score))
    if unit == "game points":
        return msgn("{count} game point", "{count} game points", count=float(score))
    word = unit[:-1] if score == 1 and unit.endswith("s") else unit
    return msg("{score} {unit}", score=float(score), unit=Message(word))


def group_message(score: float | None) -> Message:
    """:func:`group_name` as a message."""
    return msg("the group") if score is None else msg("the {score}-point group", score=float(score))


def played_list(team: TeamView, others: Sequence[TeamView]) -> str:
    """The teams of ``others`` that ``team`` has played, as a list."""
    return names([o for o in others if o.tpn in team.met and o is not team])


def played_message(team: TeamView, others: Sequence[TeamView]) -> list[str] | Message:
    """:func:`played_list` as a message parameter."""
    return names_message([o for o in others if o.tpn in team.met and o is not team])


def blocking(teams: Sequence[TeamView], colour_ok: Callable[[TeamView, TeamView], bool] | None = None) -> str:
    """:func:`blocking_message` in English."""
    return str(blocking_message(teams, colour_ok))


def blocking_message(
    teams: Sequence[TeamView], colour_ok: Callable[[TeamView, TeamView], bool] | None = None
) -> Message:
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
    parts: list[Message] = []
    if met:
        parts.append(
            msg("already played: {pairs} and more" if more_met else "already played: {pairs}", pairs=met)
        )
    if barred:
        parts.append(
            msg(
                "board-1 colour limits bar: {pairs} and more"
                if more_barred
                else "board-1 colour limits bar: {pairs}",
                pairs=barred,
            )
        )
    if not parts:
        return msg("an odd number of teams")
    return joined(parts)  # type: ignore[return-value]


def stuck(teams: Sequence[TeamView]) -> TeamView | None:
    """A team of ``teams`` that has played every other one of them (it can meet none)."""
    for t in teams:
        if len(teams) > 1 and all(o.tpn in t.met for o in teams if o is not t):
            return t
    return None


def short_reason(why: str | Message) -> str | Message:
    """A pair check's reason shortened for a list of passed-over opponents."""
    text = str(why)
    at = text.rfind(" (Olympiad")
    cited = text[at + 2 : -1] if at >= 0 and text.endswith(")") else ""
    if "have already played" in text:
        return f"already played, {cited}" if cited else "already played"
    if "no colour allocation keeps" in text:
        return "board-1 colour limits, " + text[text.rfind("within ") + 7 :]
    return why


def short_reason_message(why: str | Message) -> Message:
    """:func:`short_reason` as a message: the pair checks' reasons and the causes of rule 44 in the
    reader's language; any other reason as given (English prose if it is a plain string)."""
    text = str(why)
    at = text.rfind(" (Olympiad")
    cited = text[at + 2 : -1] if at >= 0 and text.endswith(")") else ""
    if "have already played" in text:
        return msg("already played, {rule}", rule=cited) if cited else msg("already played")
    if "no colour allocation keeps" in text:
        return msg("board-1 colour limits, {rule}", rule=text[text.rfind("within ") + 7 :])
    if isinstance(why, Message):
        return why
    from engine.olympiad.orders import LATER_FAILED

    if text in (LATER_FAILED, REST_UNPAIRABLE):
        return Message(text)
    return msg("{text}", text=English(text))


REST_UNPAIRABLE = "no pairing of the rest of the group could then be completed"


def passed_over(first: TeamView, passed: Sequence[tuple[TeamView, str | Message]]) -> str:
    """ "; X could not meet A (reason), B (reason)" for the opponents tried before."""
    return str(passed_over_message(first, passed))


def passed_over_message(first: TeamView, passed: Sequence[tuple[TeamView, str | Message]]) -> Message | str:
    """:func:`passed_over` as a message (``""`` when no opponent was passed over)."""
    if not passed:
        return ""
    listed = [
        msg("{team} ({reason})", team=o.label, reason=short_reason_message(why))
        for o, why in passed[:MAX_LISTED]
    ]
    if len(passed) > MAX_LISTED:
        return msg(
            "; {team} could not meet {listed} and {count} more",
            team=first.label,
            listed=listed,
            count=len(passed) - MAX_LISTED,
        )
    return msg("; {team} could not meet {listed}", team=first.label, listed=listed)
