"""Exhaustive matching questions for the 2022 Olympiad reference (no matching algorithm, only search).

Teams are indices 0..n-1 of the round's ranking; a set of teams is a bitmask. ``can[i]`` is the
bitmask of the teams ``i`` may meet (D.02 6.1: not met before); ``ok[i]`` the ones it may meet in
the group being paired (6.1, and 7.3 when the group keeps the colour limits, 7.4).

Everything here is a plain depth-first enumeration with memoisation on the set of teams left:
slow, but small events (at most 20 teams) are all the reference is for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def bits(mask: int) -> Iterator[int]:
    """The members of a bitmask, lowest index first."""
    i = 0
    while mask:
        if mask & 1:
            yield i
        mask >>= 1
        i += 1


def mask_of(indices) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


class Matchings:
    """Perfect matchings of sets of teams, by exhaustion.

    :meth:`perfect` says whether a set of teams can all be paired (D.02 6.1 only): "the rest of
    the round can still be paired". :meth:`kept` gives, over every perfect matching of a set of
    teams, the most pairs made inside one group between teams it may pair there: the group's
    Kept Pairings (D.02 8, 9.4, 9.5), asked of the whole round.
    """

    def __init__(self, can: Sequence[int], within_limits: Sequence[int]) -> None:
        self.can = list(can)
        self.ok = {False: self.can, True: list(within_limits)}  # keyed by "the group keeps 7.3"
        self._perfect: dict[int, bool] = {0: True}
        self._kept: dict[tuple[int, int, bool], int] = {}

    def perfect(self, mask: int) -> bool:
        if mask in self._perfect:
            return self._perfect[mask]
        low = mask & -mask
        i = low.bit_length() - 1
        rest = mask & ~low
        answer = any(self.perfect(rest & ~(1 << j)) for j in bits(rest & self.can[i]))
        self._perfect[mask] = answer
        return answer

    def kept(self, mask: int, group: int, limits: bool) -> int:
        """The most pairs inside ``group`` of a perfect matching of ``mask``.

        With ``limits`` a pair counts only if it keeps D.02 7.3. -1 when ``mask`` has no perfect
        matching at all. A pair of two group members that 7.3 refuses is still a lawful meeting
        elsewhere (both float and meet later), so it counts 0.
        """
        ok = self.ok[limits]
        key = (mask, group, limits)
        if key in self._kept:
            return self._kept[key]
        if mask == 0:
            return 0
        low = mask & -mask
        i = low.bit_length() - 1
        rest = mask & ~low
        best = -1
        for j in bits(rest & self.can[i]):
            sub = self.kept(rest & ~(1 << j), group, limits)
            if sub < 0:
                continue
            inside = (group >> i) & 1 and (group >> j) & 1 and (ok[i] >> j) & 1
            best = max(best, sub + (1 if inside else 0))
        self._kept[key] = best
        return best


def order_9_3(teams: Sequence[int]) -> list[int]:
    """D.02 9.1-9.3: the opponents the first team tries, in turn.

    ``teams`` in the group's pairing direction (highest ranked first above the median and in the
    Median Group, lowest ranked first below it). The first team tries the first team of the
    bottom half, the next, ..., the last, then the top half upwards: six teams give 4, 5, 6, 3, 2.
    """
    half = len(teams) // 2
    return list(teams[half:]) + list(reversed(teams[1:half]))


def pairings_in_9_3_order(teams: Sequence[int], ok: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    """Every complete pairing of ``teams`` (allowed by ``ok``), in the order 9.3 tries them.

    The first team takes each opponent of :func:`order_9_3` in turn; the rest of the group is then
    paired the same way, split again into a top and a bottom half (9.3 "and so on").
    """
    if not teams:
        yield []
        return
    first = teams[0]
    for opponent in order_9_3(teams):
        if not (ok[first] >> opponent) & 1:
            continue
        rest = [t for t in teams if t not in (first, opponent)]
        for tail in pairings_in_9_3_order(rest, ok):
            yield [(first, opponent), *tail]
