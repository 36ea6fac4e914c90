"""The printed combination orders of the Olympiad rules, as generators.

The engine pairs a group by walking these orders; the tests regenerate the
printed lists of rules 36, 47 and 49 with the very same code.

- Rule 36 (rounds 1-4, median group and above): with 2N teams, the first is
  tried against N+1, N+2, ..., 2N, then N, N-1, ..., 2; the same procedure
  is applied to the remaining subgroup (renumbered 1..2N-2).
- Rule 38: below the median, the same with the group listed weakest first.
- Rule 47 (rounds 5+, median group and above): the first team is tried
  against the last, the second last, ..., the second; recursively.
- Rule 49 (odd group): as rule 47, and after the first team has been tried
  against every other one, the first team itself is the floater; a
  subgroup of one team floats. A team that may not float (rule 48: a
  floater from another scoregroup) makes those combinations invalid, but
  they keep their numbers (the note under rule 49).
- Rule 51: below the median, rule 46-50 with the group listed lowest first.

``combinations`` numbers every combination by its position in the complete
printed order, even when whole branches are cut short (a rematch, rule 17,
an unsolvable subgroup), so the explanation can say "combination (6)".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")

Opponents = Callable[[Sequence[T]], list[T]]


def rule36_opponents(sub: Sequence[T]) -> list[T]:
    """Rule 36: N+1, N+2, ..., 2N, then N, N-1, ..., 2 (1-based, sub[0] first)."""
    n = len(sub) // 2
    return list(sub[n:]) + list(reversed(sub[1:n]))


def rule47_opponents(sub: Sequence[T]) -> list[T]:
    """Rule 47 / 49: the last, the second last, ..., the second."""
    return list(reversed(sub[1:]))


def leaves(k: int, floating: bool) -> int:
    """How many complete combinations a subgroup of ``k`` teams has.

    (k-1)!! for an even subgroup; k!! for an odd one that sends a floater
    (rule 49: five teams give 15 combinations).
    """
    if k <= 1:
        return 1
    if k % 2 == 1 and not floating:
        return 0
    out = 1
    m = k if k % 2 == 1 else k - 1
    while m > 1:
        out *= m
        m -= 2
    return out


# Why a preferred opponent was passed over when a combination's pairs were
# chosen: a check's reason, or LATER_FAILED when the branch was offered and
# the pairing of the groups after it could not then be completed.
LATER_FAILED = "no complete pairing of the rest followed from it"


@dataclass(frozen=True)
class Combination(Generic[T]):
    number: int  # 1-based position in the complete printed order
    pairs: tuple[tuple[T, T], ...]
    floater: T | None = None
    # For each pair (same order as ``pairs``): the opponents its first team
    # was tried against before, each with the reason it was passed over.
    passed: tuple[tuple[tuple[T, str], ...], ...] = field(default=(), compare=False)


# A check returns None when allowed, or the reason why not.
PairCheck = Callable[[T, T], "str | None"]
FloatCheck = Callable[[T], "str | None"]
RestCheck = Callable[[Sequence[T], bool], "str | None"]
Reject = Callable[[int, int, tuple, str], None]


def combinations(
    seq: Sequence[T],
    opponents: Opponents = rule47_opponents,
    *,
    floating: bool = False,
    pair_check: PairCheck | None = None,
    float_check: FloatCheck | None = None,
    rest_check: RestCheck | None = None,
    on_reject: Reject | None = None,
) -> Iterator[Combination[T]]:
    """Yield the valid combinations of ``seq`` in printed priority order.

    ``floating`` allows one floater when ``seq`` is odd (rule 49).
    ``pair_check`` vets a pair, ``float_check`` a floater, ``rest_check``
    a remaining subgroup (with whether it may still send a floater); a
    refused branch is reported to ``on_reject(first, last, partial, reason)``
    with the range of combination numbers it covers.
    """
    if len(seq) % 2 == 1 and not floating:
        return
    yield from _walk(
        list(seq),
        0,
        (),
        None,
        floating and len(seq) % 2 == 1,
        opponents,
        pair_check,
        float_check,
        rest_check,
        on_reject,
    )


def _walk(
    sub, base, acc, floater, can_float, opponents, pair_check, float_check, rest_check, on_reject, passed=()
):
    if floater is not None and float_check is not None and float_check(floater) is not None:
        return  # the floater became invalid meanwhile (it failed in the next group)
    if not sub:
        yield Combination(base + 1, acc, floater, passed)
        return
    first, k = sub[0], len(sub)
    span = leaves(k - 2, can_float) if k >= 2 else 1
    choices: list = opponents(sub) if k >= 2 else []
    tried: list[tuple] = []
    for i, opp in enumerate(choices):
        lo = base + i * span
        partial = acc + ((first, opp),)
        reason = pair_check(first, opp) if pair_check else None
        rest = [t for t in sub[1:] if t is not opp]
        if reason is None and rest_check is not None and rest:
            reason = rest_check(rest, can_float)
        if reason is not None:
            if on_reject:
                on_reject(lo + 1, lo + span, partial, reason)
            tried.append((opp, reason))
            continue
        offered = False
        for comb in _walk(
            rest,
            lo,
            partial,
            floater,
            can_float,
            opponents,
            pair_check,
            float_check,
            rest_check,
            on_reject,
            passed + (tuple(tried),),
        ):
            offered = True
            yield comb
        if offered:
            tried.append((opp, LATER_FAILED))
    if can_float:
        # Rule 49: the first team of the (odd) subgroup floats, the rest pair.
        lo = base + len(choices) * span
        width = leaves(k - 1, False)
        reason = float_check(first) if float_check else None
        rest = sub[1:]
        if reason is None and rest_check is not None and rest:
            reason = rest_check(rest, False)
        if reason is not None:
            if on_reject:
                on_reject(lo + 1, lo + width, acc + ((first, None),), reason)
            return
        yield from _walk(
            rest, lo, acc, first, False, opponents, pair_check, float_check, rest_check, on_reject, passed
        )


def printed(combination: Combination) -> str:
    """The combination written as in the rules: "1 x 5, 2 x 4, 3 floater"."""
    parts = [f"{a} x {b}" for a, b in combination.pairs]
    if combination.floater is not None:
        parts.append(f"{combination.floater} floater")
    return ", ".join(parts)
