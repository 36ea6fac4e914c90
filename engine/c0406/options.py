"""The options of C.04.6: readings where the text is open (docs/interpretations/c0406.md).

Each default is the reading FIDE's own team-pairing tool (Gacrux) takes where
it takes one (``fide_tool``), else the reading a careful arbiter would choose.
"""

from __future__ import annotations

from engine.options import OptionSpec

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        key="c6",
        system="c0406",
        article="C.04.6 2.3.3",
        label="C6: graded or pass/fail",
        help="C6 minimises the upfloaters the following scoregroup will need (graded), "
        "or only tells apart the sets that let it be paired with its parity minimum (pass_fail)",
        default="graded",
        choices=("graded", "pass_fail"),
        choice_labels=(
            "graded: fewest upfloaters needed by the following scoregroup",
            "pass/fail: the following scoregroup paired with its parity minimum, or not",
        ),
    ),
    OptionSpec(
        key="float_forfeit",
        system="c0406",
        article="C.04.6 1.5",
        label="A forfeited match makes floaters",
        help="whether a forfeited match between teams of different scores makes them floaters (C7, C10)",
        default=True,
        choices=(False, True),
        choice_labels=(
            "no: only matches actually played (1.6.1) make floaters",
            "yes: a team paired against a different score floated, even if the match was forfeited",
        ),
        fide_tool=False,
    ),
    OptionSpec(
        key="float_pab",
        system="c0406",
        article="C.04.6 1.5",
        label="The pairing-allocated bye makes a floater",
        help="whether the team that received the pairing-allocated bye counts as a floater (C7, C10)",
        default=False,
        choices=(False, True),
        choice_labels=(
            "no: a floater plays against an opponent, and a bye has none",
            "yes: the pairing-allocated bye counts as a float",
        ),
    ),
    OptionSpec(
        key="initial_colour_by",
        system="c0406",
        article="C.04.6 4.3.1",
        label="Odd or even, for the initial colour",
        help="whether 4.3.1 reads the first-team's TPN or its rank among the teams paired in the round",
        default="tpn",
        choices=("tpn", "rank"),
        choice_labels=(
            "the first-team's TPN",
            "the first-team's rank among the teams paired in the round",
        ),
    ),
    OptionSpec(
        key="type_b_last_round_cd0",
        system="c0406",
        article="C.04.6 1.7.2",
        label="Type B, last round, CD 0 after two equal colours",
        help="in the last round, a team with CD 0 whose last two played matches had the same colour "
        "keeps the strong preference of 1.7.2.1-2 (strong) or has none by 1.7.2.5 (none)",
        default="strong",
        choices=("strong", "none"),
        choice_labels=(
            "strong preference (1.7.2.1-2)",
            "no preference (1.7.2.5)",
        ),
    ),
)
