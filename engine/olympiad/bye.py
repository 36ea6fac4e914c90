"""The bye (rules 10 and 14(b)) and what it is worth.

Rule 10: with an odd number of teams, round 1's bye goes to the team with
the highest ranking number; later byes to "that team with the highest
ranking number from the group with the lowest total number of game points"
(match points in 2007). No team receives more than one bye, and a team that
scored without playing (a bye, or an opponent that did not appear on time)
receives none (rule 14(b)). Where the lowest group holds no such team, the
next group up is taken; a bye that would leave the other teams impossible to
pair completely is passed to the next candidate (the rules are silent on
both; see docs/interpretations/olympiad.md).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.messages import Message, msg
from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.result import PairingImpossible, Step


def bye_points(opts: OlympiadOptions, boards: int) -> tuple[float, float]:
    """(match points, game points) a bye is worth.

    1998 rule 10: 2 game points (men's teams), 1.5 (women's), i.e. half the
    boards: a drawn match, 1 match point. 2007 amended rule 10: 1 match
    point and 2 game points.
    """
    if opts.version in ("2007", "2022"):  # D.02: 1 matchpoint and 2 game points too
        return 1.0, 2.0
    return 1.0, (1.5 if opts.women else 2.0)


def choose_bye(
    teams: list[TeamView],
    opts: OlympiadOptions,
    rnd: int,
    completable: Callable[[frozenset[int]], bool],
) -> tuple[int | None, list[Step]]:
    """The TPN of the team that gets the bye (None with an even number)."""
    steps: list[Step] = []
    if len(teams) % 2 == 0:
        return None, steps
    cite = opts.cite(10)
    all_tpns = frozenset(t.tpn for t in teams)
    if rnd == 1:
        candidates = sorted(teams, key=lambda t: -t.tpn)
        why = "the team with the highest ranking number (round 1)"
        why_said = msg("the team with the highest ranking number (round 1)")
    else:
        # Lowest score group first, highest ranking number first within it.
        candidates = sorted(teams, key=lambda t: (t.score, -t.tpn))
        why = f"the team with the highest ranking number in the group with the lowest total of {opts.score_name}"
        why_said = msg(
            "the team with the highest ranking number in the group with the lowest total of {unit}",
            unit=Message(opts.score_name),
        )
    lowest = candidates[0].score
    passed: list[str] = []
    for team in candidates:
        if team.scored_without_playing:
            steps.append(
                Step(
                    opts.cite("14(b)"),
                    "bye",
                    msg("{team} has already scored without playing: no bye", team=team.label),
                    {"tpn": team.tpn},
                )
            )
            passed.append(f"{team.label} has already scored without playing ({opts.cite('14(b)')})")
            continue
        if not completable(all_tpns - {team.tpn}):
            steps.append(
                Step(
                    cite,
                    "bye",
                    msg(
                        "a bye for {team} would leave the other teams impossible to pair completely",
                        team=team.label,
                    ),
                    {"tpn": team.tpn},
                )
            )
            passed.append(f"a bye for {team.label} would leave the other teams impossible to pair completely")
            continue
        note = "" if team.score == lowest else f" (no team of the {lowest:g} group may take it)"
        mp, gp = bye_points(opts, 4 if not opts.women else 3)
        plain = (
            f"{team.label} has the bye: the number of teams is odd, and the bye goes to {why}{note}"
            f"{'; ' + '; '.join(passed) if passed else ''}. It counts {mp:g} match point and {gp:g} game points."
        )
        said = (
            msg("{team} receives the bye: {why}", team=team.label, why=why_said)
            if team.score == lowest
            else msg(
                "{team} receives the bye: {why} (no team of the {score} group may take it)",
                team=team.label,
                why=why_said,
                score=float(lowest),
            )
        )
        steps.append(Step(cite, "bye", said, {"tpn": team.tpn, "plain": plain}))
        return team.tpn, steps
    raise PairingImpossible(msg("no team may receive the bye (Olympiad rules 10 and 14(b))"))
