"""Can a set of teams still be paired completely? (rules 26, 30, 36, 50)

The rules move on to the next combination "wherever ... the subgroup is
unsolvable" (rule 36) and move a floater back when "a complete pairing of
all remaining teams ... cannot be made" (rules 26, 30, 50). These checks
answer that question exactly (maximum matching), so the search never walks
into a dead subgroup. Dirac's theorem (every team may meet at least half of
the others) answers most large groups without building a graph.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.common.pairable import maximum_matching

Allowed = Callable[[int, int], bool]


def perfectly_pairable(tpns: Sequence[int], allowed: Allowed, floaters: Sequence[int] = ()) -> bool:
    """True when ``tpns`` can all be paired among themselves by ``allowed``.

    With ``floaters`` given and an odd number of teams, one team of
    ``floaters`` may be left over (it floats out of the group).
    """
    n = len(tpns)
    if n == 0:
        return True
    odd = n % 2 == 1
    if odd and not floaters:
        return False
    if not odd:
        # Dirac: minimum degree >= n/2 gives a Hamiltonian cycle, hence a
        # perfect matching when n is even.
        degrees_ok = True
        for i, a in enumerate(tpns):
            deg = 0
            for j, b in enumerate(tpns):
                if i != j and allowed(a, b):
                    deg += 1
            if deg < n / 2:
                degrees_ok = False
                break
            if deg == 0:
                return False
        if degrees_ok:
            return True
    nodes: list[int | None] = list(tpns)
    edges = [(tpns[i], tpns[j], 1) for i in range(n) for j in range(i + 1, n) if allowed(tpns[i], tpns[j])]
    if odd:
        # One floater leaves the group: a placeholder partner for each team that may float.
        nodes.append(None)
        float_set = set(floaters)
        edges.extend((t, None, 1) for t in tpns if t in float_set)
    return len(maximum_matching(nodes, edges)) == len(nodes)


def round_completable(met: dict[int, frozenset[int]], unpaired: frozenset[int]) -> bool:
    """Can the teams ``unpaired`` all be paired without a rematch (rule 14(a))?

    ``met`` maps each TPN to the teams it has met. Dirac's condition first
    (cheap set arithmetic), an exact maximum matching otherwise.
    """
    n = len(unpaired)
    if n % 2:
        return False
    if all(n - 1 - len(met[t] & unpaired) >= n / 2 for t in unpaired):
        return True
    return perfectly_pairable(sorted(unpaired), lambda a, b: b not in met[a])
