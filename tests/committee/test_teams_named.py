"""Teams named by name and TPN wherever a person reads the engine's words (issue 18 item 6).

"11 teams to be paired; not paired (absent or withdrawn): 11" read as a count: the
committee's explanation, checker messages and the public "why" name each team.
"""

import pytest

from committee import services
from tournaments.engine_texts import teams_in, with_team_names

NAMES = {1: {"name": "Moldova"}, 3: {"name": "Chile"}, 5: {"name": "Peru"}, 7: {"name": "Kenya"}}


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Team 7 floats up from 1 match points", "Kenya (TPN 7) floats up from 1 match points"),
        ("Black: team 3 alternates", "Black: Chile (TPN 3) alternates"),
        (
            "Bracket 1 pairing 1-5  3-7 (identifier",
            "Bracket 1 pairing 1 Moldova – 5 Peru  3 Chile – 7 Kenya (",
        ),
        ("5-3: the engine gives White to 3", "5 Peru – 3 Chile: the engine gives White to 3 Chile"),
        ("the engine gives the pairing-allocated bye to 7, not 1", "bye to 7 Kenya, not 1 Moldova"),
        ("5 and 3 have already met", "5 Peru and 3 Chile have already met"),
        ("not paired: 1, 7", "not paired: 1 Moldova, 7 Kenya"),
    ],
)
def test_the_engine_s_references_to_a_team_by_tpn_are_named(text, named):
    assert named in with_team_names(text, NAMES)[0]


@pytest.mark.parametrize(
    "text",
    [
        "first identifier (3.6.2-3.6.3) with these values",
        "an odd number of teams (3); C5 scores 1",
        "the 2-point scoregroup; result 1-0",
        "first-team 1 alternates",
        "Team 12 is not one of the teams",  # no team has TPN 12
        "the rules for teams that came in (rules 1-3, 5-7) give",
        "the top half of the initial list (TPN 1-5)",
    ],
)
def test_numbers_that_are_not_a_team_s_tpn_are_left_as_they_are(text):
    assert with_team_names(text, NAMES) == (text, set())


def test_the_teams_a_step_s_data_names_are_listed_by_tpn_and_name_but_not_counts_or_scores():
    data = {"teams": [1, 3], "absent": [7], "score": 5, "c4": 1, "options": {"c6": 3}}
    assert teams_in(data, NAMES) == ["1 Moldova", "3 Chile", "7 Kenya"]
    assert teams_in(data, NAMES, besides={1}) == ["3 Chile", "7 Kenya"]


@pytest.mark.django_db
def test_the_committee_s_explanation_names_the_absent_team_and_the_checker_s_teams(
    committee_event, publish, play, compute, client
):
    play(publish(committee_event.round(1), committee_event.member).round)
    committee_event.tournament.teams.filter(tpn=6).update(name="Moldova", withdrawn_from_round=2)
    rnd = committee_event.round(2)
    compute(rnd, committee_event.member)
    services.amend_draft(
        version=services.current_version(rnd),
        operation="swap_opponents",
        team_a=1,
        team_b=3,
        user=committee_event.member,
    )
    client.force_login(committee_event.member)
    page = client.get(f"/committee/{committee_event.tournament.slug}/round/2/").content.decode()
    assert "Round 2: 6 teams to be paired; not paired (absent or withdrawn): 6 Moldova" in page
    assert "(absent or withdrawn): 6<" not in page
    # the checker: a pairing named by both teams, the violation's teams listed
    assert "5 Team 5 – 3 Team 3 is not in the engine&#x27;s pairing" in page
    checker = page[page.index('id="checker"') : page.index('id="amend-form"')]
    assert "the engine&#x27;s pairing 1 Team 1 – 5 Team 5  3 Team 3 – 7 Team 7" in checker
    # a step naming teams by TPN among counts and scores: the teams listed beside it
    steps = page[page.index('id="rule-steps"') : page.index('id="why-steps"')]
    assert "scoregroup 2 (1, 3, 5) takes upfloaters 7 (1)" in steps
    assert "(teams: 1 Team 1, 3 Team 3, 5 Team 5, 7 Team 7)" in steps
    # the per-team lines: the team by TPN and name, the teams its reason names
    why = page[page.index('id="why-steps"') :]
    assert '<span class="article">7 Team 7</span>' in why
    assert "Team 7 (TPN 7) floats up" in why


@pytest.mark.django_db
def test_the_public_why_names_the_team_a_reason_names_by_tpn(committee_event, publish, play, client):
    committee_event.tournament.show_pairing_reasons = True
    committee_event.tournament.save()
    committee_event.tournament.teams.filter(tpn=7).update(name="Kenya")
    play(publish(committee_event.round(1), committee_event.member).round)
    publish(committee_event.round(2), committee_event.member)  # 5-1, 7-3, 2-4, bye 6
    page = client.get(f"/t/{committee_event.tournament.slug}/round/2/pairings/").content.decode()
    assert "Kenya (TPN 7) floats up from 1 match points" in page
    assert "Team 7 floats" not in page


@pytest.mark.django_db
def test_the_checker_s_messages_after_an_amendment_and_on_a_refused_approval_name_the_teams(
    committee_event, publish, play, compute, client
):
    from committee.errors import ApprovalBlocked

    play(publish(committee_event.round(1), committee_event.member).round)
    rnd = committee_event.round(2)
    compute(rnd, committee_event.member)
    v0 = services.current_version(rnd)
    client.force_login(committee_event.member)
    panel = client.post(
        f"/committee/{committee_event.tournament.slug}/round/2/amend/",
        {"version": v0.pk, "operation": "swap_opponents", "team_a": 5, "team_b": 4},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    message = panel[panel.index('class="messages"') :]
    message = message[: message.index("</ul>")]
    assert "Version 1 saved. The checker reports: C1 (absolute)" in message
    assert "4 Team 4 and 1 Team 1 have already met" in message
    with pytest.raises(ApprovalBlocked) as refused:
        services.approve(version=services.current_version(rnd), user=committee_event.member)
    assert "4 Team 4 and 1 Team 1 have already met" in str(refused.value)
