"""The initial ranking list and pairing numbers (rules 4-8 and 13).

1998 rules 5-8: every player's FIDE rating, 2000 for an unrated player
(rule 6); teams ranked by the average of their 4 highest ratings (men's /
open) or 3 highest (women's); ties broken by the 5th player's rating (4th
for women), then the 6th (men), then the final ranking of the previous
Olympiad. The 1998 text's fourth criterion is lost in extraction; a manual
order, when the committee gives one, comes next, and the alphabetical order
last.

2007 amended rules 7-8: the average of the 4 highest ratings in both
championships; ties: the 5th player's rating, the previous Olympiad, the
alphabetical order (a manual order, when given, before the alphabet).

"The fifth player" is read as the fifth-highest rating of the roster (the
four highest make the average); a missing player counts below any rating.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.state import Participant


@dataclass(frozen=True)
class RankedTeam:
    pairing_number: int
    participant_tpn: int
    name: str
    average: float
    keys: tuple  # the values compared, in the order of rule 8
    decided_by: str  # what placed it below the team above ("" for No. 1)


def _criteria(version: str, section: str) -> tuple[int, tuple[int, ...]]:
    """(players averaged, 1-based positions of the tie-break players)."""
    if version == "1998":
        return (3, (4,)) if section == "women" else (4, (5, 6))
    return 4, (5,)


def initial_order(
    participants: Sequence[Participant],
    *,
    version: str = "2007",
    section: str = "open",
    unrated_rating: int = 2000,
    previous_olympiad: Mapping[str, int] | None = None,
    manual_order: Sequence[str] | None = None,
) -> list[RankedTeam]:
    """Teams in pairing-number order (No. 1 first), with the deciding criterion.

    ``previous_olympiad`` maps a team name to its final place at the previous
    Olympiad; ``manual_order`` lists team names in the committee's order.
    A team with fewer players than the average needs raises ``ValueError``.
    """
    section = "open" if section == "men" else section
    counted, extra = _criteria(version, section)
    prev = previous_olympiad or {}
    manual = {name: i for i, name in enumerate(manual_order or ())}
    labels = (
        ["average"]
        + [f"rating of player {k}" for k in extra]
        + ["previous Olympiad", "manual order", "alphabetical order"]
    )
    entries = []
    for p in participants:
        ratings = sorted((pl.rating or unrated_rating for pl in p.roster), reverse=True)
        if len(ratings) < counted:
            raise ValueError(
                f"team {p.name or p.tpn} has {len(ratings)} players; the ranking needs {counted} (rule 7)"
            )
        average = sum(ratings[:counted]) / counted
        tie = [ratings[k - 1] if len(ratings) >= k else -1 for k in extra]
        keys = (
            -sum(ratings[:counted]),
            *(-r for r in tie),
            prev.get(p.name, 10**9),
            manual.get(p.name, 10**9),
            p.name.casefold(),
        )
        entries.append((keys, average, p))
    entries.sort(key=lambda e: e[0])
    out: list[RankedTeam] = []
    for i, (keys, average, p) in enumerate(entries):
        decided = ""
        if i:
            above = entries[i - 1][0]
            decided = next((labels[j] for j in range(len(keys)) if keys[j] != above[j]), "participant order")
        out.append(RankedTeam(i + 1, p.tpn, p.name, average, keys, decided))
    return out
