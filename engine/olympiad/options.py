"""The Olympiad system's settings, read from ``TournamentState.options``.

Keys (all optional):

``version``
    ``"1998"`` (Annex D as amended to 1998: game points pair and score),
    ``"2007"`` (the 2007 amendments: match points, imaginary points in rounds
    1-2, Section J from round 4) or ``"2022"`` (the Olympiad Pairing Rules in
    force since 1 January 2022, D.02: ``engine.olympiad.d02``, with its own
    readings in ``engine.olympiad.d02.options``). Default ``"2007"``.
``section``
    ``"open"`` (the men's / open championship; ``"men"`` is accepted) or
    ``"women"``. Matters for the 1998 text only (3 boards, bye 1.5 GP,
    ranking by 3 highest ratings).
``unrated_rating``
    The rating counted for a player without a FIDE rating (1998 rule 6). 2000.
``section_j_from_round``
    The first round paired by Section J (Extended Buchholz). Default 5 for
    1998 (rule 45: "after the 4th round"), 4 for 2007 (amendment 3: "Rounds
    4-11"). See docs/interpretations/olympiad.md.
``imaginary_points``
    2007 amended rule 25 (one imaginary match point and two imaginary game
    points for the top half in rounds 1-2). Default true for 2007; ignored
    for 1998.
``host_team``
    TPN of the organiser's additional ("C") team of rule 2: paired and
    scored against, never ranked. The participant's ``unranked`` flag says
    the same.
``middle_group_all_met``
    Section I, a middle group whose teams have all played each other (rules
    34, 39, 29): ``"rule39"`` (default) — each such team meets the strongest
    team of the group below it has not played, the strongest such team
    first; ``"rule29"`` — teams elevated from below meet the middle group's
    weakest teams first, as rule 29 pairs an elevated team. See
    docs/interpretations/olympiad.md.
``max_search_steps``
    Safety budget of the group-by-group search (default 200000 candidate
    evaluations) before rule 50 is applied to all remaining groups at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import OptionSpec
from engine.state import ScoreKind

VERSIONS = ("1998", "2007", "2022")

# Rules replaced or reworded by the 2007 amendments (amendment 1 and 2).
AMENDED_2007 = frozenset({1, 7, 8, 9, 10, 12, 16, 25, 55})


@dataclass(frozen=True)
class OlympiadOptions:
    version: str = "2007"
    section: str = "open"
    unrated_rating: int = 2000
    section_j_from_round: int = 4
    imaginary_points: bool = True
    host_team: int | None = None
    max_search_steps: int = 200_000
    middle_group_all_met: str = "rule39"

    @property
    def score_kind(self) -> ScoreKind:
        """Rule 1: game points (1998); amended rule 1: match points (2007)."""
        return ScoreKind.GAME_POINTS if self.version == "1998" else ScoreKind.MATCH_POINTS

    @property
    def score_name(self) -> str:
        return "game points" if self.version == "1998" else "match points"

    @property
    def women(self) -> bool:
        return self.section == "women"

    def cite(self, rule: int | str, *, amended: bool | None = None) -> str:
        """The citation of a rule in the text that applies.

        Rules the 2007 letter rewrote are cited as "Olympiad 2007 amended rule
        N"; every other rule keeps its 1998 wording and is cited as such. Rule
        25 is the exception: the 2007 letter gave its number to the imaginary
        points (cite with ``amended=True``) while the drop of the weakest team,
        which rules 26-28 still rely on, is cited in its 1998 wording.
        """
        if self.version == "2007":
            if rule == "J":
                return "Olympiad 2007 amendment 3 (Section J)"
            try:
                num = int(str(rule).rstrip("abcd()"))
            except ValueError:
                num = -1
            if amended or (amended is None and num in AMENDED_2007 and num != 25):
                return f"Olympiad 2007 amended rule {rule}"
        if rule == "I":
            return "Olympiad 1998 Section I"
        return f"Olympiad 1998 rule {rule}"

    def uses_section_j(self, rnd: int) -> bool:
        return rnd >= self.section_j_from_round

    def imaginary_in(self, rnd: int) -> bool:
        return self.version == "2007" and self.imaginary_points and rnd <= 2


def parse_options(options: dict | None) -> OlympiadOptions:
    """Validate ``state.options``; a bad value raises ``ValueError`` naming it."""
    opts = dict(options or {})
    version = str(opts.get("version", "2007"))
    if version not in VERSIONS:
        raise ValueError(f"olympiad option 'version' must be '1998', '2007' or '2022', not {version!r}")
    section = str(opts.get("section", "open")).lower()
    if section == "men":
        section = "open"
    if section not in ("open", "women"):
        raise ValueError(f"olympiad option 'section' must be 'open' or 'women', not {section!r}")
    try:
        unrated = int(opts.get("unrated_rating", 2000))
    except (TypeError, ValueError):
        raise ValueError("olympiad option 'unrated_rating' must be an integer") from None
    default_j = 5 if version == "1998" else 4
    j_from = opts.get("section_j_from_round")
    try:
        j_from = default_j if j_from is None else int(j_from)
    except (TypeError, ValueError):
        raise ValueError("olympiad option 'section_j_from_round' must be an integer") from None
    if j_from < 2:
        raise ValueError("olympiad option 'section_j_from_round' must be at least 2")
    imaginary = opts.get("imaginary_points", True)
    if isinstance(imaginary, str):
        imaginary = imaginary.lower() not in ("0", "false", "no", "off")
    host = opts.get("host_team")
    if host is not None:
        try:
            host = int(host)
        except (TypeError, ValueError):
            raise ValueError("olympiad option 'host_team' must be a team's TPN") from None
    steps = int(opts.get("max_search_steps", 200_000))
    middle = str(opts.get("middle_group_all_met", "rule39")).lower().replace("rule_", "rule")
    if middle not in ("rule39", "rule29"):
        raise ValueError(
            f"olympiad option 'middle_group_all_met' must be 'rule39' or 'rule29', not {opts.get('middle_group_all_met')!r}"
        )
    return OlympiadOptions(
        version=version,
        section=section,
        unrated_rating=unrated,
        section_j_from_round=j_from,
        imaginary_points=bool(imaginary),
        host_team=host,
        max_search_steps=steps,
        middle_group_all_met=middle,
    )


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        key="version",
        system="olympiad",
        article="Olympiad 2007 amendments",
        label="Rules text",
        help="the 1998 text (game points), the 1998 text with the 2007 amendments (match points) or the "
        "Olympiad Pairing Rules in force since 2022 (D.02)",
        default="2007",
        choices=VERSIONS,
        choice_labels=(
            "1998 text",
            "1998 text with the 2007 amendments",
            "Olympiad Pairing Rules (2022, D.02)",
        ),
        flag="--olympiad-version",
        site=False,  # the tournament's own "Olympiad version" field
    ),
    OptionSpec(
        key="section",
        system="olympiad",
        article="Olympiad 1998 rule 7",
        label="Section",
        help="the open (men's) or the women's section: 3 boards, bye 1.5 GP, strength by 3 ratings (1998 text)",
        default="open",
        choices=("open", "women"),
        choice_labels=("open section", "women's section"),
    ),
    OptionSpec(
        key="unrated_rating",
        system="olympiad",
        article="Olympiad 1998 rule 6",
        label="Rating of an unrated player",
        help="the rating counted for a player without a FIDE rating",
        default=2000,
        minimum=0,
        site=False,  # the tournament's own "unrated rating" field
    ),
    OptionSpec(
        key="section_j_from_round",
        system="olympiad",
        article="Olympiad 1998 rule 45, 2007 amendment 3",
        label="First round paired by Section J",
        help="the first round paired by Section J (Extended Buchholz); none: by the text "
        "(5 for 1998, 4 for 2007)",
        default=None,
        minimum=2,
        nullable=True,
        flag="--section-j-from",
    ),
    OptionSpec(
        key="imaginary_points",
        system="olympiad",
        article="Olympiad 2007 amended rule 25",
        label="Imaginary points in rounds 1-2",
        help="one imaginary match point and two game points for the top half in rounds 1-2 (2007 text)",
        default=True,
        choices=(False, True),
        choice_labels=("no imaginary points", "imaginary points for the top half"),
    ),
    OptionSpec(
        key="host_team",
        system="olympiad",
        article="Olympiad 1998 rule 2",
        label="The organiser's extra team",
        help="TPN of the organiser's extra team: paired and scored against, never ranked",
        default=None,
        minimum=1,
        nullable=True,
        site=False,  # a team's own "extra team" mark
    ),
    OptionSpec(
        key="middle_group_all_met",
        system="olympiad",
        article="Olympiad 1998 rules 34, 39 (Section I)",
        label="Middle group whose teams have all met",
        help="a middle group whose teams have all played each other (rounds 1-4): its strongest team meets "
        "the strongest team below it has not played (rules 34, 39), or teams elevated from below meet its "
        "weakest teams (rule 29)",
        default="rule39",
        choices=("rule39", "rule29"),
        choice_labels=(
            "the strongest team of the middle group meets the strongest team below it has not played (rule 39)",
            "teams elevated from below meet the weakest teams of the middle group (rule 29)",
        ),
    ),
    OptionSpec(
        key="max_search_steps",
        system="olympiad",
        article="Olympiad 1998 rule 50",
        label="Search budget",
        help="candidate evaluations of the group-by-group search before rule 50 is applied to the rest",
        default=200_000,
        minimum=1000,
        site=False,
    ),
)

# The readings of the 2022 rules (D.02), parsed by ``engine.olympiad.d02.options``.
D02_CHOICES = {
    "late_entry_bye": ("ineligible", "eligible"),
    "median_teams": ("paired", "with_bye"),
    "floater_next_group": ("own_teams", "with_floaters"),
    "colour_history": ("rounds", "played"),
    "colour_limits_lifted": ("fewer_pairings", "no_floater"),
}

D02_OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        key="late_entry_bye",
        system="olympiad",
        article="D.02 4.2",
        label="Bye for a late entry (2022 rules)",
        help="whether a team that joined after round 1 may receive the bye (D.02 4.2)",
        default="ineligible",
        choices=D02_CHOICES["late_entry_bye"],
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
        choices=D02_CHOICES["median_teams"],
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
        choices=D02_CHOICES["floater_next_group"],
        choice_labels=(
            "an opponent among the teams with the next group's matchpoints",
            "an opponent among the next group's teams and the floaters already sent there",
        ),
    ),
    OptionSpec(
        key="colour_history",
        system="olympiad",
        article="D.02 7.6",
        label="The latest round in which two teams' colours differed (2022 rules)",
        help="rounds compared by their number, each team having played in it, or the teams' played matches "
        "compared from the latest one back (D.02 7.6)",
        default="rounds",
        choices=D02_CHOICES["colour_history"],
        choice_labels=(
            "the latest round in which both teams played with different colours",
            "the teams' played matches compared from the latest one back",
        ),
    ),
    OptionSpec(
        key="colour_limits_lifted",
        system="olympiad",
        article="D.02 7.4",
        label="When a group is paired without the board-1 colour limits (2022 rules)",
        help="the colour limits of 7.3 are lifted for a group that would keep fewer pairings within them, or "
        "only for a group that would float no team without them (D.02 7.4)",
        default="fewer_pairings",
        choices=D02_CHOICES["colour_limits_lifted"],
        choice_labels=(
            "a group that would keep fewer pairings within the limits is paired without them",
            "only a group that would float no team without the limits, but would within them, is paired "
            "without them",
        ),
    ),
)

OPTION_SPECS += D02_OPTION_SPECS
