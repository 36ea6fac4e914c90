"""Performance rating (Rp) from the FIDE Rating Regulations' conversion table (B.02, table 8.1a).

FIDE's rule: Rp = Ra + dp, where Ra is the average rating of the opponents met
(rounded to a whole number) and dp is read from the table for the fraction of
the points scored, p, rounded to two decimals. The table gives dp for p from
0.50 to 1.00; a score below one half reads the table for 1 - p and takes the
negative (p = 0.00 gives -800, as p = 1.00 gives +800).

Which games count and at which rating an unrated opponent counts are the
event's to say (``docs/interpretations/performance.md``): this module takes
the ratings of the games counted and the points scored in them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

# p (in hundredths, 50..100) -> dp: FIDE Rating Regulations, table 8.1a.
DP_TABLE: dict[int, int] = {
    100: 800, 99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401, 91: 383,
    90: 366, 89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284, 83: 273, 82: 262, 81: 251,
    80: 240, 79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184, 73: 175, 72: 166, 71: 158,
    70: 149, 69: 141, 68: 133, 67: 125, 66: 117, 65: 110, 64: 102, 63: 95, 62: 87, 61: 80,
    60: 72, 59: 65, 58: 57, 57: 50, 56: 43, 55: 36, 54: 29, 53: 21, 52: 14, 51: 7, 50: 0,
}  # fmt: skip


def _rounded(value: Decimal, places: str = "1") -> Decimal:
    return value.quantize(Decimal(places), rounding=ROUND_HALF_UP)


def hundredths(points: float, games: int) -> int:
    """p = points / games in hundredths, rounded half up (table 8.1a reads p to two decimals)."""
    if games <= 0:
        raise ValueError("p needs at least one game")
    return int(_rounded(Decimal(str(points)) / Decimal(games) * 100))


def dp(p_hundredths: int) -> int:
    """The rating difference dp for a score fraction of ``p_hundredths`` / 100 (table 8.1a)."""
    if not 0 <= p_hundredths <= 100:
        raise ValueError(f"p must lie between 0 and 100 hundredths, not {p_hundredths}")
    if p_hundredths >= 50:
        return DP_TABLE[p_hundredths]
    return -DP_TABLE[100 - p_hundredths]


@dataclass(frozen=True)
class Performance:
    """A performance rating and what it is made of, for a reader to check it by hand."""

    games: int  # the games counted
    points: float  # the points scored in them
    average: int  # Ra: the opponents' average rating, rounded
    p: int  # hundredths
    dp: int
    rating: int  # Rp = Ra + dp


def performance(opponent_ratings: Sequence[int], points: float) -> Performance | None:
    """Rp over the games against ``opponent_ratings`` in which ``points`` were scored; None without a game."""
    games = len(opponent_ratings)
    if games == 0:
        return None
    if not 0 <= points <= games:
        raise ValueError(f"{points} points cannot be scored in {games} games")
    average = int(_rounded(Decimal(sum(opponent_ratings)) / Decimal(games)))
    p = hundredths(points, games)
    difference = dp(p)
    return Performance(games, points, average, p, difference, average + difference)
