"""The options of the Dubov system (docs/interpretations/dubov.md)."""

from __future__ import annotations

from engine.options import OptionSpec

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        key="max_upfloats",
        system="dubov",
        article="Dubov 2.5",
        label="Upfloat limit",
        help="how many times a participant may upfloat; none: by 2.5 (3 if fewer than 10 rounds, else 4)",
        default=None,
        minimum=0,
        nullable=True,
    ),
)
