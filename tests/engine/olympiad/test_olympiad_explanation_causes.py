"""The explanation gives causes (rule 57: "supporting logic for the decision made").

Which team dropped or rose and by which rule, why (the teams it had met, the
teams that could not be paired), which order chose each opponent; and one
plain-language "why" line per team: why this opponent, why this colour, why
the bye.
"""

from engine import api

from .builders import met, search, tournament, tv
from .test_olympiad_worked_example import olympiad_1988_round_14


def messages(gs) -> str:
    return "\n".join(s.message for s in gs.steps)


def test_olympiad_1998_rule_25_explanation_says_the_dropped_team_is_the_weakest_of_an_odd_group():
    pairing = api.pair(tournament(10, [[(1, 6, 3), (2, 7, 3), (3, 8, 3), (4, 9, 2), (5, 10, 2)]]))
    text = pairing.explanation_text()
    assert (
        "T3 (3) dropped (Olympiad 1998 rule 25), its group has an odd number of teams and T3 (3) is its weakest team"
        in text
    )
    assert (
        "[Olympiad 1998 rule 25] T3 (3) floats down to the 2 group: its group has an odd number of teams"
        in text
    )


def test_olympiad_1998_rule_26_explanation_names_the_meeting_that_keeps_the_weakest_team_in():
    teams = met([tv(t, 3) for t in (1, 2, 3)] + [tv(t, 2) for t in (4, 5, 6, 7, 8)], (1, 2))
    _, gs = search(teams)
    text = messages(gs)
    assert "dropping 3 leaves 1, 2 that cannot all be paired (already played: 1 - 2)" in text
    assert (
        "2 dropped (Olympiad 1998 rule 26), its group has an odd number of teams; 2 is the weakest team that can "
        "leave it (not 3: the rest could not all be paired (already played: 1 - 2))" in text
    )


def test_olympiad_1998_rule_27_explanation_lists_the_group_the_dropped_team_has_played():
    teams = [tv(t, 3) for t in (1, 2, 3)] + [tv(t, 2) for t in (4, 5)] + [tv(t, 1) for t in range(6, 11)]
    _, gs = search(met(teams, (3, 4), (3, 5)))
    text = messages(gs)
    assert "3 has already played every team of the next group (4, 5); moved back" in text
    assert (
        "2 is the weakest team that can leave it (not 3: 3 has already played every team of the next group"
        in text
    )


def test_olympiad_1998_rule_39_explanation_lists_the_teams_the_leaving_team_has_played():
    teams = [tv(t, 3) for t in (1, 2, 3, 4)] + [tv(t, 2) for t in range(5, 13)]
    _, gs = search(met(teams, (1, 2), (1, 3), (1, 4)))
    text = messages(gs)
    assert "1 cannot be paired within the group and leaves it: it has played 2, 3, 4" in text
    assert (
        "1 floats down to the 2 group: 1 has already played every other team of its group (2, 3, 4)" in text
    )
    assert "1 x 5 (Olympiad 1998 rule 39)" in text
    note = next(n for n in gs.notes() if {n.a.tpn, n.b.tpn} == {1, 5})
    assert note.article == "Olympiad 1998 rule 39"
    assert note.reason == (
        "1 came down from the 3-point group: 1 has already played every other team of its group (2, 3, 4) "
        "(Olympiad 1998 rule 39). A team that comes down meets the strongest team of the 2-point group it has "
        "not played: 5."
    )


def test_olympiad_1998_rule_47_explanation_says_why_earlier_opponents_were_passed_over():
    _, gs = search(olympiad_1988_round_14(), section_j=True)
    notes = {frozenset((n.a.name, n.b.name)): n for n in gs.notes()}
    swe = notes[frozenset(("SWE", "ARG"))].reason
    assert "combination (6) of Olympiad 1998 rule 47" in swe
    assert (
        "SWE (9) could not meet IND (21) (the remaining teams CHI (27), DEN (19), ISR (8), ARG (14) cannot all "
        "be paired (already played: CHI (27) - ISR (8), DEN (19) - ISR (8), ISR (8) - ARG (14)" in swe
    )
    chi = notes[frozenset(("CHI", "DEN"))].reason
    assert "CHI (27) could not meet IND (21) (already played, Olympiad 1998 rule 14(a)), ISR (8)" in chi


def test_olympiad_1998_rule_48_explanation_says_how_the_floater_came_and_whom_it_meets():
    _, gs = search(olympiad_1988_round_14(), section_j=True)
    notes = {frozenset((n.a.name, n.b.name)): n for n in gs.notes()}
    isr = notes[frozenset(("ISR", "IND"))].reason
    assert isr.startswith(
        "ISR (8) came down from the 31-point group: its group has an odd number of teams; ordered by Extended "
        "Buchholz, ISR (8) is the floater of combination (2) of Olympiad 1998 rule 49"
    )
    assert "ISR (8) has 31 game points, IND (21) 30.5" in isr


def test_olympiad_why_line_for_every_team_names_its_opponent_the_rule_and_its_board_1_colour():
    state = tournament(10, [[(1, 6, 3), (2, 7, 3), (3, 8, 3), (4, 9, 2), (5, 10, 2)]])
    pairing = api.pair(state)
    why = pairing.why()
    assert set(why) == set(range(1, 11))
    for p in pairing.pairs:
        for tpn, opp, colour in ((p.white, p.black, "w"), (p.black, p.white, "b")):
            step = why[tpn]
            assert step.data["opponent"] == opp
            assert step.data["colour"] == colour
            assert step.data["colour_article"] == p.colour_article
            assert step.data["opponent_reason"].startswith(f"T{tpn} ({tpn}) meets T{opp} ({opp}).")
    three = why[3].data
    assert three["opponent_article"] == "Olympiad 1998 rule 25"
    assert (
        "T3 (3) came down from the 3-point group: its group has an odd number of teams and T3 (3) is its "
        "weakest team (Olympiad 1998 rule 25)" in three["opponent_reason"]
    )
    assert (
        "meets the strongest team of the 2-point group it has not played: T4 (4)" in three["opponent_reason"]
    )
    white = next(p.white for p in pairing.pairs if 3 in (p.white, p.black))
    lead = (
        "White on boards 1 and 3, Black on boards 2 and 4"
        if white == 3
        else "Black on boards 1 and 3, White on boards 2 and 4"
    )
    assert three["colour_reason"].startswith(f"T3 (3) has {lead}: ")
    assert "T3 (3)'s board-1 colours so far: W" in three["colour_reason"]


def test_olympiad_1998_rule_10_why_line_for_the_bye_gives_the_rule_and_what_it_is_worth():
    pairing = api.pair(tournament(5, [[(1, 3, 2), (2, 4, 2)]], byes={1: 5}))
    assert pairing.bye == 4
    step = pairing.why()[4]
    assert step.data["opponent"] is None and step.data["colour"] is None
    assert step.data["opponent_article"] == "Olympiad 1998 rule 10"
    assert step.data["opponent_reason"] == (
        "T4 (4) has the bye: the number of teams is odd, and the bye goes to the team with the highest ranking "
        "number in the group with the lowest total of game points; T5 (5) has already scored without playing "
        "(Olympiad 1998 rule 14(b)). It counts 1 match point and 2 game points."
    )


def test_olympiad_1998_rule_19_colour_why_line_gives_the_colour_rule_and_the_history():
    state = tournament(4, [[(1, 3, 2), (2, 4, 2)], [(1, 4, 2), (2, 3, 2)]])  # 1 had White twice
    pairing = api.pair(state)
    step = pairing.why()[1]
    assert step.data["colour"] == "b"
    assert step.data["colour_article"].startswith("Olympiad 1998 rule")
    assert "T1 (1) has Black on boards 1 and 3, White on boards 2 and 4" in step.data["colour_reason"]
    assert "T1 (1)'s board-1 colours so far: W W" in step.data["colour_reason"]
