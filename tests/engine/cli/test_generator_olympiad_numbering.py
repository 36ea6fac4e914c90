"""Generated Olympiad events number their teams by Olympiad 1998 rules 6-8 / 2007 amended rules 7-8.

Rule 7: "Rank all teams in order of the average of their 4 highest FIDE-rated
players (men's teams) and in order of the average of their 3 highest
FIDE-rated players (women's teams). The team with the highest average rating
shall be assigned Pairing Number 1, the second highest, Pairing Number 2,
etc." (2007: the 4 highest in both championships); rule 8 breaks ties.
"""

import random

import pytest

from engine import generator
from engine.generator_field import field, olympiad_numbering
from engine.olympiad.ranking import initial_order
from engine.state import Participant, Player


def team(tpn: int, *ratings: int) -> Participant:
    roster = tuple(Player(100 * tpn + b, f"Team {tpn:03d} board {b}", r) for b, r in enumerate(ratings, 1))
    return Participant(tpn=tpn, name=f"Team {tpn:03d}", rating=float(ratings[0]), roster=roster)


def averages(parts, counted: int = 4) -> list[float]:
    return [sum(sorted((pl.rating for pl in p.roster), reverse=True)[:counted]) / counted for p in parts]


def test_olympiad_2007_amended_rule_7_pairing_number_1_goes_to_the_highest_average_of_the_4_highest_ratings():
    drawn = [
        team(1, 2700, 2400, 2400, 2400),  # average 2475, drawn strongest
        team(2, 2500, 2500, 2500, 2500),  # average 2500
        team(3, 2300, 2300, 2300, 2300, 2600),  # a reserve listed last is among its 4 highest: 2375
    ]
    numbered = olympiad_numbering(drawn, {"version": "2007"})
    assert [p.roster[0].rating for p in numbered] == [2500, 2700, 2300]
    assert [p.tpn for p in numbered] == [1, 2, 3]
    assert [p.rating for p in numbered] == [2500.0, 2475.0, 2375.0]  # the 310 strength: the rule 7 average


def test_olympiad_rule_7_players_are_renumbered_in_the_new_team_order():
    numbered = olympiad_numbering(
        [team(1, 2400, 2400, 2400, 2400), team(2, 2500, 2500, 2500, 2500, 2500)], {"version": "2007"}
    )
    assert [[pl.number for pl in p.roster] for p in numbered] == [[1, 2, 3, 4, 5], [6, 7, 8, 9]]
    assert [p.name for p in numbered] == ["Team 001", "Team 002"]
    assert numbered[0].roster[0].name == "Team 001 board 1"


def test_olympiad_1998_rule_7_womens_teams_are_ranked_by_their_3_highest_ratings():
    drawn = [team(1, 2390, 2390, 2390, 2390), team(2, 2400, 2400, 2400, 1000)]
    women = olympiad_numbering(drawn, {"version": "1998", "section": "women"})
    assert [p.roster[-1].rating for p in women] == [1000, 2390]  # 2400 > 2390 on the 3 highest
    men = olympiad_numbering(drawn, {"version": "1998", "section": "open"})
    assert [p.roster[-1].rating for p in men] == [2390, 1000]  # on the 4 highest the other way round


def test_olympiad_2007_amended_rule_8_equal_averages_are_ranked_by_the_fifth_players_rating():
    drawn = [team(1, 2500, 2500, 2500, 2500, 2100), team(2, 2500, 2500, 2500, 2500, 2200)]
    numbered = olympiad_numbering(drawn, {"version": "2007"})
    assert [p.roster[-1].rating for p in numbered] == [2200, 2100]


def test_olympiad_rule_7_teams_of_fewer_players_than_it_averages_are_ranked_by_all_their_players():
    drawn = [team(1, 2600, 2000), team(2, 2400, 2300)]  # 2 boards: averages 2300 and 2350
    numbered = olympiad_numbering(drawn, {"version": "2007"})
    assert [p.roster[0].rating for p in numbered] == [2400, 2600]


@pytest.mark.parametrize(
    ("version", "section", "boards", "counted"),
    [("2007", "open", 4, 4), ("1998", "open", 4, 4), ("1998", "women", 3, 3)],
)
def test_olympiad_rule_7_generated_events_number_their_teams_in_rule_7_order(
    version, section, boards, counted
):
    config = generator.GeneratorConfig(
        participants=40, rounds=2, boards=boards, reserves=1, rating_spread=40.0, version=version
    )
    state, _ = generator.generate("olympiad", config, seed=5, options={"section": section})
    ranked = initial_order(state.participants, version=version, section=section)
    assert [r.pairing_number for r in ranked] == [r.participant_tpn for r in ranked]
    assert averages(state.participants, counted) == sorted(
        averages(state.participants, counted), reverse=True
    )
    numbers = [pl.number for p in state.participants for pl in p.roster]
    assert numbers == list(range(1, len(numbers) + 1))


def test_the_drawn_field_is_not_in_rule_7_order_so_the_renumbering_is_needed():
    """The case the fix is for: players' ratings scatter around their team's drawn strength."""
    config = generator.GeneratorConfig(participants=40, rounds=2, reserves=1, rating_spread=40.0)
    drawn = field(config, True, random.Random(5))
    assert averages(drawn) != sorted(averages(drawn), reverse=True)
    assert averages(olympiad_numbering(drawn, {})) == sorted(averages(drawn), reverse=True)


def test_olympiad_1998_rule_2_the_host_team_is_named_by_its_rule_7_pairing_number():
    config = generator.GeneratorConfig(
        participants=9, rounds=2, reserves=1, rating_spread=40.0, version="1998"
    )
    state, _ = generator.generate("olympiad", config, seed=2, options={"host_team": 9})
    assert [p.tpn for p in state.participants if p.unranked] == [9]
    assert averages(state.participants)[-1] == min(averages(state.participants))
