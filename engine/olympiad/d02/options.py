"""The settings of the 2022 Olympiad Pairing Rules (D.02) and their readings.

``state.options["version"] == "2022"`` selects D.02. Its own readings (each
in ``docs/interpretations/olympiad2022.md``, the default first):

``late_entry_bye``
    4.2: ``"ineligible"`` - a team that joined after round 1 (a Late Entry)
    may not receive the bye; ``"eligible"`` - only 4.2.1 and 4.2.2 bar it.
``median_teams``
    6.4, "the teams being paired": ``"paired"`` - the median team is found
    among the teams paired in the round, the bye's team left out;
    ``"with_bye"`` - among every team present, the bye's team included.
``floater_next_group``
    8.2.3 / 8.3.3, a floater "that has an opponent in the next group":
    ``"own_teams"`` - an opponent among the teams whose matchpoints make that
    group; ``"with_floaters"`` - the floaters already sent there count too.
``colour_history``
    7.6, "the latest round in which their colours differed": ``"rounds"`` -
    rounds by their number, both teams having played in it; ``"played"`` -
    the teams' played matches compared from the latest one back (a round
    one of them did not play is skipped for that team only).
``colour_limits_lifted``
    7.4, when a group is paired without the board-1 colour limits of 7.3:
    ``"fewer_pairings"`` - when within them it would keep fewer pairings
    (float more teams) than without them; ``"no_floater"`` - only when
    without them it would float no team and within them it would float
    some (a group that floats a team anyway, an odd one say, keeps them).

The options of the 1998 and 2007 texts (``section``, ``section_j_from_round``,
``imaginary_points``, ``middle_group_all_met``) have no meaning under D.02:
they are not read, and the explanation says so when they are given. The
options' specs (command line, site, TRF) are in ``engine.olympiad.options``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.olympiad.options import D02_CHOICES as _CHOICES

NOT_READ_BY_D02 = ("section", "section_j_from_round", "imaginary_points", "middle_group_all_met")


@dataclass(frozen=True)
class D02Options:
    late_entry_bye: str = "ineligible"
    median_teams: str = "paired"
    floater_next_group: str = "own_teams"
    colour_history: str = "rounds"
    colour_limits_lifted: str = "fewer_pairings"


def parse_d02(options: dict | None) -> D02Options:
    """The D.02 readings of ``state.options``; a bad value raises ``ValueError`` naming it."""
    opts = dict(options or {})
    values = {}
    for key, allowed in _CHOICES.items():
        value = str(opts.get(key, allowed[0])).lower()
        if value not in allowed:
            listed = " or ".join(repr(a) for a in allowed)
            raise ValueError(f"olympiad option {key!r} must be {listed}, not {opts.get(key)!r}")
        values[key] = value
    return D02Options(**values)
