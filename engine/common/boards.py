"""Table (board) order of a round's pairs.

The Olympiad, Dubov and Lim texts do not say in which order the pairs are
listed; the project reads them alike (docs/interpretations/olympiad.md
"Table order", dubov.md "Board order", lim.md "Board order"): the pair with
the higher score first, then the one whose lower score is higher; each
system then breaks ties its own way (better-placed team, higher rating,
lower TPN).
"""

from __future__ import annotations


def by_scores(score_a: float, score_b: float) -> tuple[float, float]:
    """The leading part of a pair's sort key: higher score of the pair, then the lower score (both descending)."""
    return (-max(score_a, score_b), -min(score_a, score_b))
