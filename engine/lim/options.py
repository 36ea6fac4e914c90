"""The options of the Lim system (docs/interpretations/lim.md)."""

from __future__ import annotations

from engine.options import OptionSpec

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        key="maxi",
        system="lim",
        article="Lim 10.2, 10.8, 12.7",
        label="Maxi-tournament",
        help="a Maxi-tournament: the rating limits of 10.2, 10.8 and 12.7 apply",
        default=False,
        choices=(False, True),
        choice_labels=("an ordinary tournament", "a Maxi-tournament"),
    ),
    OptionSpec(
        key="maxi_limit",
        system="lim",
        article="Lim 10.2",
        label="Maxi rating limit",
        help="the rating limit of a Maxi-tournament (10.2, 10.8, 12.7)",
        default=100,
        minimum=0,
    ),
)
