"""Teams, pairs and groups as the parameters of a departure's message (``engine.olympiad.departures``).

A departure names the Olympiad rule (1998 / 2007) that prefers the engine's
pairing; these helpers write its parameters so that ``str()`` is the English
the checker always wrote and the site can write it in the reader's language.
"""

from __future__ import annotations

from engine.messages import English, Message, msg
from engine.olympiad.search import Choice
from engine.olympiad.wording import names as _names
from engine.olympiad.wording import names_message


def names(teams) -> str:
    return _names(sorted(teams, key=lambda t: t.tpn))


def teams_message(teams) -> list[str] | Message:
    """:func:`names` as a message parameter ("none" in the reader's language)."""
    return names_message(sorted(teams, key=lambda t: t.tpn))


def some_teams(teams) -> list[str] | Message:
    """The teams, or "no team"."""
    return [t.label for t in sorted(teams, key=lambda t: t.tpn)] or msg("no team")


def as_message(text) -> Message:
    """A candidate's or a note's words as a message (a plain string: English prose)."""
    return text if isinstance(text, Message) else msg("{text}", text=English(str(text)))


def pairs_message(cand) -> list[str] | Message:
    return [f"{a.label} - {b.label}" for a, b in cand.pairs] or msg("no pair")


def group_of(choice: Choice) -> Message:
    return msg("the {score} group", score=float(choice.group.score))
