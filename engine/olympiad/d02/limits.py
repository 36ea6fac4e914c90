"""Whether a group is paired within the board-1 colour limits (D.02 7.3, 7.4).

7.3: a team's board-1 colour difference never beyond +2 or -2, never the same
colour three times running (``engine.olympiad.d02.model.compatible``). 7.4: a
group is paired without these limits when they would cost it pairings. The
option ``colour_limits_lifted`` chooses the reading of 7.4 (see
docs/interpretations/olympiad2022.md): ``"fewer_pairings"`` (default) - the
limits go when the group would keep fewer pairings within them (9.5);
``"no_floater"`` - only when, without them, the group would float no team and,
within them, it would float some.
"""

from __future__ import annotations

from engine.messages import msg
from engine.result import Step


def limits_kept(teams: int, within: int, without: int, lifted: str) -> bool:
    """7.3 / 7.4: does a group of ``teams`` teams keep the board-1 colour limits?

    ``within`` and ``without`` are the pairings it keeps (9.5) within the limits and without
    them. ``lifted`` (option ``colour_limits_lifted``): ``"fewer_pairings"`` - the limits go
    when they cost the group a pairing; ``"no_floater"`` - only when, without them, the group
    would float no team (it pairs all its teams) and, within them, it would float some.
    """
    if within == without:
        return True
    if lifted == "no_floater":
        return 2 * without < teams
    return False


def limits_step(score: float, within: int, without: int, kept: bool) -> Step | None:
    """7.4 in the explanation: the group is paired without the limits, or (``no_floater``) within them
    although they cost it pairings; None when they cost it nothing."""
    if within == without:
        return None
    said = msg(
        "the {score}-point group would keep {within} pairings within the board-1 colour limits of "
        "7.3 and {without} without them; it would float a team even without them, so it is "
        "paired within them"
        if kept
        else "the {score}-point group would keep {within} pairings within the board-1 colour limits of "
        "7.3 but {without} without them: it is paired without them",
        score=float(score),
        within=within,
        without=without,
    )
    data = {"group": score, "within": within, "without": without}
    if kept:
        data["lifted"] = False
    return Step("D.02 7.4", "limits", said, data)
