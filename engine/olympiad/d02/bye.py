"""The bye (D.02 Article 4).

4.1: with an odd number of teams to be paired, the bye goes to the eligible
team ranked lowest in the order of 3.2. 4.2: a team is not eligible if it
already received the bye (4.2.1), if it won a match by default because the
opponents did not appear (4.2.2), or - in the public description's reading,
option ``late_entry_bye`` - if it joined after round 1 (4.2.3). A bye that
would leave the other teams impossible to pair completely (6.1) passes to the
next team up. The bye is worth 1 matchpoint and 2 game points.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.messages import msg
from engine.olympiad.d02.model import D02Team, ranked
from engine.olympiad.d02.options import D02Options
from engine.result import PairingImpossible, Step

BYE_MP, BYE_GP = 1.0, 2.0

BARRED = {  # the explanation's step for a team :func:`ineligible` bars, by article
    "D.02 4.2.1": "{team} has already received the bye: no bye",
    "D.02 4.2.2": "{team} won a match by default (its opponents did not appear): no bye",
    "D.02 4.2.3": "{team} joined after round 1 (a late entry): no bye",
}


def ineligible(team: D02Team, opts: D02Options) -> tuple[str, str] | None:
    """(article, reason) barring ``team`` from the bye, or None."""
    if team.had_bye:
        return "D.02 4.2.1", f"{team.label} has already received the bye"
    if team.default_win:
        return "D.02 4.2.2", f"{team.label} won a match by default (its opponents did not appear)"
    if team.late_entry and opts.late_entry_bye == "ineligible":
        return "D.02 4.2.3", f"{team.label} joined after round 1 (a late entry)"
    return None


def choose_bye(
    teams: list[D02Team], opts: D02Options, pairable: Callable[[frozenset[int]], bool]
) -> tuple[D02Team | None, list[Step], str]:
    """The team that gets the bye (None with an even number), the steps, the plain reason."""
    steps: list[Step] = []
    if len(teams) % 2 == 0:
        return None, steps, ""
    everyone = frozenset(t.tpn for t in teams)
    passed: list[str] = []
    for team in reversed(ranked(teams)):
        barred = ineligible(team, opts)
        if barred is not None:
            steps.append(Step(barred[0], "bye", msg(BARRED[barred[0]], team=team.label), {"tpn": team.tpn}))
            passed.append(f"{barred[1]} ({barred[0]})")
            continue
        if not pairable(everyone - {team.tpn}):
            text = f"a bye for {team.label} would leave the other teams impossible to pair"
            said = msg("a bye for {team} would leave the other teams impossible to pair", team=team.label)
            steps.append(Step("D.02 4.1", "bye", said, {"tpn": team.tpn}))
            passed.append(f"{text} (D.02 4.1, 6.1)")
            continue
        plain = (
            f"{team.label} has the bye: the number of teams is odd, and the bye goes to the lowest ranked "
            f"eligible team (matchpoints, then pairing number){'; ' + '; '.join(passed) if passed else ''}. "
            f"It counts {BYE_MP:g} matchpoint and {BYE_GP:g} game points."
        )
        steps.append(
            Step(
                "D.02 4.1",
                "bye",
                msg("{team} receives the bye: the lowest ranked eligible team", team=team.label),
                {"tpn": team.tpn, "plain": plain},
            )
        )
        return team, steps, plain
    raise PairingImpossible(msg("no team may receive the bye (D.02 4.1, 4.2)"))
