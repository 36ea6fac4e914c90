"""How a given pairing departs from the engine's, worded from the engine's own Steps.

Where a system's text is a procedure (Dubov, Lim), the reason a given,
legal pairing is not the text's is the first decision of the procedure it
does not follow, and the colours it swaps against the engine's allocation;
each cites the article of the engine's Step that took the decision. These
helpers find and word those departures the same way for every such system;
each system decides which of its Steps count.
"""

from __future__ import annotations

from engine.result import RoundPairing, Step, Violation


def step_violation(step: Step, message: str, tpns: tuple[int, ...] = ()) -> Violation:
    """A quality violation citing the article of the engine's ``step``."""
    return Violation(step.article, False, f"{step.article}: {message}", tpns)


def given_instead(given: RoundPairing, *tpns: int) -> str:
    """What ``given`` does with ``tpns`` instead: their pairs ("3-8, 5-6") and the bye, or "neither"."""
    opponents = given.opponents()
    pairs = sorted({tuple(sorted((t, opponents[t]))) for t in tpns if opponents.get(t) is not None})
    text = ", ".join(f"{a}-{b}" for a, b in pairs)
    if given.bye in tpns:
        text += (", " if text else "") + f"the bye to {given.bye}"
    return text or "neither"


def pair_keys(pairing: RoundPairing) -> set[frozenset[int]]:
    """The pairing's pairs, colours aside."""
    return {frozenset((p.white, p.black)) for p in pairing.pairs}


def pair_not_followed(
    step: Step, a: int, b: int, theirs: set[frozenset[int]], mine: set[frozenset[int]], given: RoundPairing
) -> Violation | None:
    """The engine's ``step`` pairs ``a``-``b`` (in ``theirs``, its pair keys); ``given`` (pair keys
    ``mine``) does not: the violation that says so, else None."""
    key = frozenset((a, b))
    if key not in theirs or key in mine:
        return None
    return step_violation(
        step,
        f"the procedure pairs {a}-{b} at this point ({step.message}); "
        f"this pairing has {given_instead(given, a, b)}",
        (a, b),
    )


def colour_steps(engine: RoundPairing, given: RoundPairing, named: set[int]) -> list[Violation]:
    """Colours ``given`` swaps against the engine's, where no other reason names the pair.

    The reason is the engine's colour Step for that pair (its colour
    allocation, or the lot where that decides).
    """
    theirs = {frozenset((p.white, p.black)): p.white for p in engine.pairs}
    steps = {
        frozenset((s.data["white"], s.data["black"])): s
        for s in engine.explanation
        if s.topic == "colour" and "white" in s.data
    }
    out = []
    for p in given.pairs:
        key = frozenset((p.white, p.black))
        if key in theirs and theirs[key] != p.white and not ({p.white, p.black} & named) and key in steps:
            step = steps[key]
            out.append(
                step_violation(
                    step,
                    f"{p.white}-{p.black}: the colours go the other way ({step.message})",
                    (p.white, p.black),
                )
            )
    return out
