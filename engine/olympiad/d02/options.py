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

The options of the 1998 and 2007 texts (``section``, ``section_j_from_round``,
``imaginary_points``, ``middle_group_all_met``) have no meaning under D.02:
they are not read, and the explanation says so when they are given.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import OptionSpec

NOT_READ_BY_D02 = ("section", "section_j_from_round", "imaginary_points", "middle_group_all_met")

_CHOICES = {
    "late_entry_bye": ("ineligible", "eligible"),
    "median_teams": ("paired", "with_bye"),
    "floater_next_group": ("own_teams", "with_floaters"),
}


@dataclass(frozen=True)
class D02Options:
    late_entry_bye: str = "ineligible"
    median_teams: str = "paired"
    floater_next_group: str = "own_teams"


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


D02_OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        key="late_entry_bye",
        system="olympiad",
        article="D.02 4.2",
        label="Bye for a late entry (2022 rules)",
        help="whether a team that joined after round 1 may receive the bye (D.02 4.2)",
        default="ineligible",
        choices=_CHOICES["late_entry_bye"],
        choice_labels=(
            "a team that joined after round 1 may not receive the bye",
            "only a team that had the bye or won a match by default may not receive it",
        ),
    ),
    OptionSpec(
        key="median_teams",
        system="olympiad",
        article="D.02 6.4",
        label="Teams counted for the median team (2022 rules)",
        help="the median team is found among the teams paired in the round (the bye's team left out) "
        "or among every team present (D.02 6.4)",
        default="paired",
        choices=_CHOICES["median_teams"],
        choice_labels=(
            "the teams being paired, without the bye's team",
            "every team present, the bye's team included",
        ),
    ),
    OptionSpec(
        key="floater_next_group",
        system="olympiad",
        article="D.02 8.2.3, 8.3.3",
        label="A floater's opponent in the next group (2022 rules)",
        help="a floater is preferred when it has an opponent among the next group's own teams, or also "
        "among the floaters already sent there (D.02 8.2.3, 8.3.3)",
        default="own_teams",
        choices=_CHOICES["floater_next_group"],
        choice_labels=(
            "an opponent among the teams with the next group's matchpoints",
            "an opponent among the next group's teams and the floaters already sent there",
        ),
    ),
)
