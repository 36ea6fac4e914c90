"""How a given pairing departs from the engine's, worded from the engine's own Steps.

Where a system's text is a procedure (Dubov, Lim), the reason a given,
legal pairing is not the text's is the first decision of the procedure it
does not follow, and the colours it swaps against the engine's allocation;
each cites the article of the engine's Step that took the decision. These
helpers find and word those departures the same way for every such system;
each system decides which of its Steps count.
"""

from __future__ import annotations

from engine.messages import English, Message, Team, msg
from engine.result import RoundPairing, Step, Violation


def step_violation(step: Step, message: str | Message, tpns: tuple[int, ...] = ()) -> Violation:
    """A quality violation citing the article of the engine's ``step`` (a message: in the reader's language)."""
    if isinstance(message, Message):
        return Violation(
            step.article, False, msg("{article}: {text}", article=step.article, text=message), tpns
        )
    return Violation(step.article, False, f"{step.article}: {message}", tpns)


def step_said(step: Step) -> Message:
    """The engine's ``step`` as a message: its ``message_data`` where the step keeps one, else its
    English (``engine.messages.English``)."""
    data = step.data.get("message_data")
    return Message.from_dict(data) if data else msg("{text}", text=English(step.message))


def given_instead(given: RoundPairing, *tpns: int) -> str | Message:
    """What ``given`` does with ``tpns`` instead: their pairs ("3-8, 5-6") and the bye, or "neither"."""
    opponents = given.opponents()
    pairs = sorted({tuple(sorted((t, opponents[t]))) for t in tpns if opponents.get(t) is not None})
    listed = [f"{a}-{b}" for a, b in pairs]
    if given.bye in tpns:
        bye = msg("the bye to {team}", team=Team(given.bye))
        return msg("{pairs}, {bye}", pairs=listed, bye=bye) if listed else bye
    return ", ".join(listed) or msg("neither")


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
        msg(
            "the procedure pairs {a}-{b} at this point ({step}); this pairing has {instead}",
            a=Team(a),
            b=Team(b),
            step=step_said(step),
            instead=given_instead(given, a, b),
        ),
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
                    msg(
                        "{white}-{black}: the colours go the other way ({step})",
                        white=Team(p.white),
                        black=Team(p.black),
                        step=step_said(step),
                    ),
                    (p.white, p.black),
                )
            )
    return out
