"""The engine's names and labels the site shows, for the catalogues: GENERATED, do not edit.

Rewritten by ``.venv/bin/python manage.py option_messages`` from the engine (the pairing systems'
names, every option's label, help text and choice labels, the tie-breaks' names); then run
``manage.py makemessages`` and translate the new entries (docs/translations.md). The site
translates them with ``tournaments.engine_texts.translated``.
"""

from django.utils.translation import gettext_noop

MESSAGES = (
    # pairing system c0406
    gettext_noop("FIDE C.04.6 Swiss Team Pairing System (2026)"),
    # pairing system olympiad
    gettext_noop("Chess Olympiad pairing rules (1998, 2007 amendments, 2022 D.02)"),
    # pairing system dubov
    gettext_noop("Dubov system (1997)"),
    # pairing system lim
    gettext_noop("Lim system"),
    # c0406 option c6 (C.04.6 2.3.3)
    gettext_noop("C6: pass/fail or graded"),
    gettext_noop(
        "C6 only tells apart the sets that let the following scoregroup be paired with its parity minimum of upfloaters (pass_fail), or minimises the upfloaters it will need (graded)"
    ),
    gettext_noop("pass/fail: the following scoregroup paired with its parity minimum (0 or 1), or not"),
    gettext_noop("graded: fewest upfloaters needed by the following scoregroup"),
    # c0406 option c6_emptied (C.04.6 2.3.3)
    gettext_noop("C6 when earlier brackets emptied the following scoregroup"),
    gettext_noop(
        "when earlier brackets have taken every team of the following scoregroup as upfloaters, that scoregroup is empty and C6 has nothing to measure (not_applied), or C6 measures the next scoregroup still to be paired (next_scoregroup)"
    ),
    gettext_noop("the following scoregroup is empty: C6 does not apply"),
    gettext_noop("C6 measures the next non-empty scoregroup still to be paired"),
    # c0406 option c6_bye_only (C.04.6 2.3.3)
    gettext_noop("C6 when the following scoregroup holds only the bye"),
    gettext_noop(
        "when the following scoregroup holds only the team receiving the pairing-allocated bye, no bracket pairs it and C6 has nothing to measure (not_applied), or C6 measures the next scoregroup still to be paired (next_scoregroup)"
    ),
    gettext_noop("no bracket pairs that scoregroup: C6 does not apply"),
    # c0406 option float_forfeit (C.04.6 1.5)
    gettext_noop("A forfeited match makes floaters"),
    gettext_noop("whether a forfeited match between teams of different scores makes them floaters (C7, C10)"),
    gettext_noop("no: only matches actually played (1.6.1) make floaters"),
    gettext_noop("yes: a team paired against a different score floated, even if the match was forfeited"),
    # c0406 option float_pab (C.04.6 1.5)
    gettext_noop("The pairing-allocated bye makes a floater"),
    gettext_noop("whether the team that received the pairing-allocated bye counts as a floater (C7, C10)"),
    gettext_noop("no: a floater plays against an opponent, and a bye has none"),
    gettext_noop("yes: the pairing-allocated bye counts as a float"),
    # c0406 option initial_colour_by (C.04.6 4.3.1)
    gettext_noop("Odd or even, for the initial colour"),
    gettext_noop("whether 4.3.1 reads the first-team's TPN or its rank among the teams paired in the round"),
    gettext_noop("the first-team's TPN"),
    gettext_noop("the first-team's rank among the teams paired in the round"),
    # c0406 option type_b_last_round_cd0 (C.04.6 1.7.2)
    gettext_noop("Type B, last round, CD 0 after two equal colours"),
    gettext_noop(
        "in the last round, a team with CD 0 whose last two played matches had the same colour keeps the strong preference of 1.7.2.1-2 (strong) or has none by 1.7.2.5 (none)"
    ),
    gettext_noop("strong preference (1.7.2.1-2)"),
    gettext_noop("no preference (1.7.2.5)"),
    # c0406 option board_order (C.04.6 0, General Handling Rules (pairing list))
    gettext_noop("Board order: last tie-break"),
    gettext_noop(
        "pairs are ordered by the higher score of the pair, then the higher sum of scores, then the TPN of the pair's higher-placed team (higher_placed, the handling rules' 'higher player') or the smaller TPN of the pair (smaller_tpn, as FIDE's tool orders them)"
    ),
    gettext_noop("the TPN of the pair's higher-placed team"),
    gettext_noop("the smaller TPN of the pair (FIDE's tool)"),
    # c0406 option top_member (C.04.6 3.6.1)
    gettext_noop("Top member of a pair (comparison aid, not a reading)"),
    gettext_noop(
        "tpn: the team with the smaller TPN is the top member (3.6.1, the text); seat: NOT a reading of the text, a comparison aid that numbers a bracket residents first (TPN order), then upfloaters (3.5.3 order), as FIDE's tool did up to version 1.10.64 (bench/compare_gacrux.py)"
    ),
    gettext_noop("the smaller TPN (3.6.1)"),
    gettext_noop("comparison aid: the smaller seat, upfloaters seated after the residents"),
    # olympiad option version (Olympiad 2007 amendments)
    gettext_noop("Rules text"),
    gettext_noop(
        "the 1998 text (game points), the 1998 text with the 2007 amendments (match points) or the Olympiad Pairing Rules in force since 2022 (D.02)"
    ),
    gettext_noop("1998 text"),
    gettext_noop("1998 text with the 2007 amendments"),
    gettext_noop("Olympiad Pairing Rules (2022, D.02)"),
    # olympiad option section (Olympiad 1998 rule 7)
    gettext_noop("Section"),
    gettext_noop(
        "the open (men's) or the women's section: 3 boards, bye 1.5 GP, strength by 3 ratings (1998 text)"
    ),
    gettext_noop("open section"),
    gettext_noop("women's section"),
    # olympiad option unrated_rating (Olympiad 1998 rule 6)
    gettext_noop("Rating of an unrated player"),
    gettext_noop("the rating counted for a player without a FIDE rating"),
    # olympiad option section_j_from_round (Olympiad 1998 rule 45, 2007 amendment 3)
    gettext_noop("First round paired by Section J"),
    gettext_noop(
        "the first round paired by Section J (Extended Buchholz); none: by the text (5 for 1998, 4 for 2007)"
    ),
    # olympiad option imaginary_points (Olympiad 2007 amended rule 25)
    gettext_noop("Imaginary points in rounds 1-2"),
    gettext_noop("one imaginary match point and two game points for the top half in rounds 1-2 (2007 text)"),
    gettext_noop("no imaginary points"),
    gettext_noop("imaginary points for the top half"),
    # olympiad option host_team (Olympiad 1998 rule 2)
    gettext_noop("The organiser's extra team"),
    gettext_noop("TPN of the organiser's extra team: paired and scored against, never ranked"),
    # olympiad option middle_group_all_met (Olympiad 1998 rules 34, 39 (Section I))
    gettext_noop("Middle group whose teams have all met"),
    gettext_noop(
        "a middle group whose teams have all played each other (rounds 1-4): its strongest team meets the strongest team below it has not played (rules 34, 39), or teams elevated from below meet its weakest teams (rule 29)"
    ),
    gettext_noop(
        "the strongest team of the middle group meets the strongest team below it has not played (rule 39)"
    ),
    gettext_noop("teams elevated from below meet the weakest teams of the middle group (rule 29)"),
    # olympiad option max_search_steps (Olympiad 1998 rule 50)
    gettext_noop("Search budget"),
    gettext_noop("candidate evaluations of the group-by-group search before rule 50 is applied to the rest"),
    # olympiad option late_entry_bye (D.02 4.2)
    gettext_noop("Bye for a late entry (2022 rules)"),
    gettext_noop("whether a team that joined after round 1 may receive the bye (D.02 4.2)"),
    gettext_noop("a team that joined after round 1 may not receive the bye"),
    gettext_noop("only a team that had the bye or won a match by default may not receive it"),
    # olympiad option median_teams (D.02 6.4)
    gettext_noop("Teams counted for the median team (2022 rules)"),
    gettext_noop(
        "the median team is found among the teams paired in the round (the bye's team left out) or among every team present (D.02 6.4)"
    ),
    gettext_noop("the teams being paired, without the bye's team"),
    gettext_noop("every team present, the bye's team included"),
    # olympiad option floater_next_group (D.02 8.2.3, 8.3.3)
    gettext_noop("A floater's opponent in the next group (2022 rules)"),
    gettext_noop(
        "a floater is preferred when it has an opponent among the next group's own teams, or also among the floaters already sent there (D.02 8.2.3, 8.3.3)"
    ),
    gettext_noop("an opponent among the teams with the next group's matchpoints"),
    gettext_noop("an opponent among the next group's teams and the floaters already sent there"),
    # olympiad option colour_history (D.02 7.6)
    gettext_noop("The latest round in which two teams' colours differed (2022 rules)"),
    gettext_noop(
        "rounds compared by their number, each team having played in it, or the teams' played matches compared from the latest one back (D.02 7.6)"
    ),
    gettext_noop("the latest round in which both teams played with different colours"),
    gettext_noop("the teams' played matches compared from the latest one back"),
    # olympiad option colour_limits_lifted (D.02 7.4)
    gettext_noop("When a group is paired without the board-1 colour limits (2022 rules)"),
    gettext_noop(
        "the colour limits of 7.3 are lifted for a group that would keep fewer pairings within them, or only for a group that would float no team without them (D.02 7.4)"
    ),
    gettext_noop("a group that would keep fewer pairings within the limits is paired without them"),
    gettext_noop(
        "only a group that would float no team without the limits, but would within them, is paired without them"
    ),
    # dubov option max_upfloats (Dubov 2.5)
    gettext_noop("Upfloat limit"),
    gettext_noop(
        "how many times a participant may upfloat; none: by 2.5 (3 if fewer than 10 rounds, else 4)"
    ),
    # lim option maxi (Lim 10.2, 10.8, 12.7)
    gettext_noop("Maxi-tournament"),
    gettext_noop("a Maxi-tournament: the rating limits of 10.2, 10.8 and 12.7 apply"),
    gettext_noop("an ordinary tournament"),
    gettext_noop("a Maxi-tournament"),
    # lim option maxi_limit (Lim 10.2)
    gettext_noop("Maxi rating limit"),
    gettext_noop("the rating limit of a Maxi-tournament (10.2, 10.8, 12.7)"),
    # tie-break MP
    gettext_noop("Match points"),
    # tie-break GP
    gettext_noop("Game points"),
    # tie-break WON
    gettext_noop("Matches won"),
    # tie-break BH
    gettext_noop("Buchholz"),
    # tie-break BH-C1
    gettext_noop("Buchholz Cut-1"),
    # tie-break BH-C2
    gettext_noop("Buchholz Cut-2"),
    # tie-break BH-M1
    gettext_noop("Buchholz Median-1"),
    # tie-break BH-M2
    gettext_noop("Buchholz Median-2"),
    # tie-break BH/GP
    gettext_noop("Buchholz (GP)"),
    # tie-break SB
    gettext_noop("Sonneborn-Berger"),
    # tie-break ESB
    gettext_noop("Extended Sonneborn-Berger (opponent's match points x game points)"),
    # tie-break DE
    gettext_noop("Direct encounter"),
    # tie-break olympiad1998
    gettext_noop("Olympiad rule 12 (1998)"),
    # tie-break olympiad2007
    gettext_noop("Olympiad rule 12 (2007 amendment)"),
    # tie-break olympiad2026
    gettext_noop("Chess Olympiad 2026 (MP, Olympiad SB cut 1, GP, opponents' MP cut 1)"),
)
