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
        label="C6: pass/fail or graded",
        help="C6 only tells apart the sets that let the following scoregroup be paired with its "
        "parity minimum of upfloaters (pass_fail), or minimises the upfloaters it will need (graded)",
        default="pass_fail",
        choices=("pass_fail", "graded"),
        choice_labels=(
            "pass/fail: the following scoregroup paired with its parity minimum (0 or 1), or not",
            "graded: fewest upfloaters needed by the following scoregroup",
        ),
        fide_tool="pass_fail",
    ),
    OptionSpec(
        key="c6_emptied",
        system="c0406",
        article="C.04.6 2.3.3",
        label="C6 when earlier brackets emptied the following scoregroup",
        help="when earlier brackets have taken every team of the following scoregroup as upfloaters, "
        "that scoregroup is empty and C6 has nothing to measure (not_applied), or C6 measures the next "
        "scoregroup still to be paired (next_scoregroup)",
        default="not_applied",
        choices=("not_applied", "next_scoregroup"),
        choice_labels=(
            "the following scoregroup is empty: C6 does not apply",
            "C6 measures the next non-empty scoregroup still to be paired",
        ),
        fide_tool="not_applied",
    ),
    OptionSpec(
        key="c6_bye_only",
        system="c0406",
        article="C.04.6 2.3.3",
        label="C6 when the following scoregroup holds only the bye",
        help="when the following scoregroup holds only the team receiving the pairing-allocated bye, "
        "no bracket pairs it and C6 has nothing to measure (not_applied), or C6 measures the next "
        "scoregroup still to be paired (next_scoregroup)",
        default="not_applied",
        choices=("not_applied", "next_scoregroup"),
        choice_labels=(
            "no bracket pairs that scoregroup: C6 does not apply",
            "C6 measures the next non-empty scoregroup still to be paired",
        ),
        fide_tool="not_applied",
    ),
    OptionSpec(
        key="float_forfeit",
        system="c0406",
        article="C.04.6 1.5",
        label="A forfeited match makes floaters",
        help="whether a forfeited match between teams of different scores makes them floaters (C7, C10)",
        default=False,
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
        fide_tool=False,
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
        fide_tool="tpn",
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
        fide_tool="strong",
    ),
    OptionSpec(
        key="board_order",
        system="c0406",
        article="C.04.6 0, General Handling Rules (pairing list)",
        label="Board order: last tie-break",
        help="pairs are ordered by the higher score of the pair, then the higher sum of scores, then the TPN "
        "of the pair's higher-placed team (higher_placed, the handling rules' 'higher player') or the "
        "smaller TPN of the pair (smaller_tpn, as FIDE's tool orders them)",
        default="higher_placed",
        choices=("higher_placed", "smaller_tpn"),
        choice_labels=(
            "the TPN of the pair's higher-placed team",
            "the smaller TPN of the pair (FIDE's tool)",
        ),
        fide_tool="smaller_tpn",
    ),
    OptionSpec(
        key="top_member",
        system="c0406",
        article="C.04.6 3.6.1",
        label="Top member of a pair (comparison aid, not a reading)",
        help="tpn: the team with the smaller TPN is the top member (3.6.1, the text); seat: NOT a reading "
        "of the text, a comparison aid that numbers a bracket residents first (TPN order), then "
        "upfloaters (3.5.3 order), as FIDE's tool did up to version 1.10.64 (bench/compare_gacrux.py)",
        default="tpn",
        choices=("tpn", "seat"),
        choice_labels=(
            "the smaller TPN (3.6.1)",
            "comparison aid: the smaller seat, upfloaters seated after the residents",
        ),
        fide_tool="tpn",
        site=False,
    ),
)
