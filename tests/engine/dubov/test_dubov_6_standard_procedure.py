"""Dubov 6.1-6.3: scoregroups, the two columns and the improvements."""

import pytest

from engine.dubov import pair
from engine.dubov.profile import profiles
from engine.state import Colour
from tests.engine.dubov.builders import make_state, pairs_of, steps

EXAMPLE_WHITE_ARO = [2310.0, 2318.4, 2322.3, 2333.7, 2340.5, 2344.6]
EXAMPLE_BLACK_R = [2380, 2365, 2300, 2280, 2260, 2250]


def example_6_2(team: bool):
    """The 6.2 example: six White seekers with the printed AROs, six Black seekers with the printed R.

    White seekers (TPNs deliberately out of order) won with Black in round 1
    against withdrawn opponents rated at the printed AROs; Black seekers won
    with White against withdrawn opponents.
    """
    white_tpns = [12, 9, 11, 7, 10, 8]
    black_tpns = [1, 2, 3, 4, 5, 6]
    ratings = {}
    games = []
    for i, (t, aro) in enumerate(zip(white_tpns, EXAMPLE_WHITE_ARO, strict=True)):
        ratings[t] = 2200 + i
        ratings[100 + i] = aro
        games.append((100 + i, t, "0"))
    for i, (t, r) in enumerate(zip(black_tpns, EXAMPLE_BLACK_R, strict=True)):
        ratings[t] = r
        ratings[200 + i] = 2000
        games.append((t, 200 + i, "1"))
    withdrawn = {100 + i for i in range(6)} | {200 + i for i in range(6)}
    return make_state(ratings, [games], team=team, withdrawn=withdrawn), white_tpns, black_tpns


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
def test_dubov_6_2_example_arrangement_reproduced_as_printed(team):
    state, whites, blacks = example_6_2(team)
    pairing = pair(state)
    (rows,) = steps(pairing, topic="rows")
    assert rows.article == "Dubov 6.2"
    assert rows.data["whites"] == whites
    assert rows.data["blacks"] == blacks
    assert [rows.data["white_aro"][t] for t in whites] == EXAMPLE_WHITE_ARO
    assert [rows.data["black_rating"][t] for t in blacks] == EXAMPLE_BLACK_R
    assert pairs_of(pairing) == set(zip(whites, blacks, strict=True))
    assert all(s.article == "Dubov 6.2" for s in steps(pairing, topic="pairing"))


def test_dubov_6_2_white_seekers_sorted_by_increasing_aro_then_lower_r_then_name():
    # Four winners with Black in round 1, two of them against equal-rated opponents.
    ratings = {1: 2300, 2: 2200, 3: 2250, 4: 2250, 11: 2000, 12: 2100, 13: 2100, 14: 2100}
    ratings |= {5: 2400, 6: 2390, 7: 2380, 8: 2370, 15: 1900, 16: 1900, 17: 1900, 18: 1900}
    names = {3: "Bravo", 4: "Alpha"}
    games = [(11, 1, "0"), (12, 2, "0"), (13, 3, "0"), (14, 4, "0")]
    games += [(5, 15, "1"), (6, 16, "1"), (7, 17, "1"), (8, 18, "1")]
    state = make_state(ratings, [games], names=names, withdrawn=set(range(11, 19)))
    rows = steps(pair(state), topic="rows")[0]
    # ARO 2000 first; then ARO 2100: lower R (2200) first, then equal R 2250 alphabetically.
    assert rows.data["whites"] == [1, 2, 4, 3]


def test_dubov_6_2_black_seekers_sorted_by_decreasing_r_then_higher_aro_then_name():
    ratings = {1: 2300, 2: 2300, 3: 2300, 4: 2200, 11: 2000, 12: 2100, 13: 2100, 14: 2000}
    ratings |= {5: 2000, 6: 2000, 7: 2000, 8: 2000, 15: 1900, 16: 1900, 17: 1900, 18: 1900}
    names = {2: "Zulu", 3: "Alpha"}
    games = [(1, 11, "1"), (2, 12, "1"), (3, 13, "1"), (4, 14, "1")]
    games += [(15, 5, "0"), (16, 6, "0"), (17, 7, "0"), (18, 8, "0")]
    state = make_state(ratings, [games], names=names, withdrawn=set(range(11, 19)))
    rows = steps(pair(state), topic="rows")[0]
    # R 2300 first: ARO 2100 (2, 3) before ARO 2000 (1); 2 and 3 alike but for the name.
    assert rows.data["blacks"] == [3, 2, 1, 4]


def drawn_first_round():
    """Three drawn games: each White seeker has played the Black seeker rated as his ARO."""
    ratings = {1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2101, 6: 2102}
    # Black seekers 1, 2, 3 had White; White seekers 6, 5, 4 had Black.
    return make_state(ratings, [[(1, 6, "="), (2, 5, "="), (3, 4, "=")]])


def test_dubov_6_3_a_white_who_has_played_his_row_black_takes_the_first_black_from_the_lower_rows():
    pairing = pair(drawn_first_round())
    # Columns: Whites 4 (ARO 2200), 5 (2300), 6 (2400); Blacks 1, 2, 3.
    # Row 2 (5-2) is a rematch: 5 takes Black No. 3; row 3 then gets 6-2.
    assert pairs_of(pairing) == {(4, 1), (5, 3), (6, 2)}
    improved = steps(pairing, topic="pairing", article="Dubov 6.3")
    assert "have played each other" in improved[0].message
    assert "3 Player 003 is already paired in row 2" in improved[1].message


def test_dubov_6_3_a_coincidence_in_the_last_row_changes_the_last_but_one_row():
    # Two Whites, two Blacks, all on 1 point; the last row (W2-B2) is a forbidden pair.
    ratings = {1: 2400, 2: 2300, 3: 2100, 4: 2100, 11: 2000, 12: 2050, 13: 1900, 14: 1900}
    games = [(11, 3, "0"), (12, 4, "0"), (1, 13, "1"), (2, 14, "1")]
    state = make_state(
        ratings, [games], withdrawn={11, 12, 13, 14}, forbidden_pairs=frozenset({frozenset({4, 2})})
    )
    pairing = pair(state)
    # Columns: Whites 3 (ARO 2000), 4 (2050); Blacks 1, 2.  Row 2 (4-2) is barred,
    # so row 1 changes: 3-2, and 4-1.
    assert pairs_of(pairing) == {(3, 2), (4, 1)}
    row1, row2 = steps(pairing, topic="pairing", article="Dubov 6.3")
    assert (row1.data["row"], row1.data["changed_row"], row1.data["changed_for"]) == (1, 1, [2])
    assert "would leave White 4 (row 2) no Black (4 may not meet 2 (a forbidden pair, 2.1))" in row1.message
    assert (row2.data["row"], row2.data["changed_row"]) == (2, 1)


def test_dubov_6_3_a_white_who_may_meet_no_black_meets_the_next_white():
    # Whites 3, 4 (ARO 2000, 2010); Blacks 1, 2; White No. 1 may meet neither Black.
    ratings = {1: 2400, 2: 2300, 3: 2100, 4: 2100, 11: 2000, 12: 2010, 15: 1900, 16: 1900}
    games = [(11, 3, "0"), (12, 4, "0"), (1, 15, "1"), (2, 16, "1")]
    forbidden = frozenset({frozenset({3, 1}), frozenset({3, 2})})
    state = make_state(ratings, [games], withdrawn={11, 12, 15, 16}, forbidden_pairs=forbidden)
    pairing = pair(state)
    assert {frozenset((p.white, p.black)) for p in pairing.pairs} == {frozenset({3, 4}), frozenset({1, 2})}
    messages = [s.message for s in steps(pairing, article="Dubov 6.3")]
    assert any("White No. 1" in m and "White No. 2" in m for m in messages)


def test_dubov_7_3_before_6_3_moves_the_lowest_aro_white_so_the_columns_are_equal():
    # Four White seekers, two Black seekers: 7.3 moves one White (lowest ARO, 3) to the Blacks.
    ratings = {1: 2400, 2: 2300, 3: 2100, 4: 2100, 5: 2100, 6: 2100}
    ratings |= {11: 2000, 12: 2010, 13: 2020, 14: 2030, 15: 1900, 16: 1900}
    games = [(11, 3, "0"), (12, 4, "0"), (13, 5, "0"), (14, 6, "0"), (1, 15, "1"), (2, 16, "1")]
    state = make_state(ratings, [games], withdrawn=set(range(11, 17)))
    pairing = pair(state)
    (moved,) = steps(pairing, article="Dubov 7.3")
    assert moved.data["moved"] == [3]
    rows = steps(pairing, topic="rows")[0]
    assert rows.data["whites"] == [4, 5, 6] and rows.data["blacks"] == [1, 2, 3]
    assert pairs_of(pairing) == {(4, 1), (5, 2), (6, 3)}


def test_dubov_6_1_scoregroups_are_paired_from_the_top_and_cited():
    pairing = pair(drawn_first_round())
    groups = steps(pairing, topic="scoregroup")
    assert [g.data["score"] for g in groups] == [0.5]
    assert groups[0].article == "Dubov 6.1"


def four_rows(w2_met_b3: bool):
    """Four White seekers (rows 1-4: 1, 2, 3, 4) and four Black seekers (rows 1-4: 11, 12, 13, 14).

    All on one point after two drawn rounds. White No. 3 has played the Blacks of rows 3 and 4;
    White No. 2 has played the Black of row 4 and, with ``w2_met_b3``, that of row 3 too. Every
    White had Black twice and every Black White twice, so no two of a colour may meet (2.3, 2.4):
    only the rows of 6.2-6.3 can pair them.
    """
    ratings = {1: 2200, 2: 2210, 3: 2220, 4: 2230, 11: 2400, 12: 2390, 13: 2200, 14: 2190}
    # Withdrawn stand-ins: 21, 22 (R 1800) keep White No. 1's ARO lowest, 23, 24 (R 2500)
    # White No. 4's highest; 25 (R 1900) puts White No. 2 before White No. 3 (ARO 2195).
    ratings |= {21: 1800, 22: 1800, 23: 2500, 24: 2500, 25: 1900, 26: 2000}
    ratings |= {31: 1800, 32: 1800, 33: 1800, 34: 1800}
    if w2_met_b3:
        r1 = [(13, 2, "="), (14, 3, "=")]
        r2 = [(14, 2, "="), (13, 3, "=")]
    else:
        r1 = [(14, 2, "="), (13, 3, "=")]
        r2 = [(25, 2, "="), (14, 3, "="), (13, 26, "=")]
    r1 += [(21, 1, "="), (23, 4, "="), (11, 31, "="), (12, 32, "=")]
    r2 += [(22, 1, "="), (24, 4, "="), (11, 33, "="), (12, 34, "=")]
    return make_state(ratings, [r1, r2], withdrawn={21, 22, 23, 24, 25, 26, 31, 32, 33, 34})


def test_dubov_6_3_changes_row_k_minus_1_when_white_k_has_played_every_black_of_the_lower_rows():
    pairing = pair(four_rows(w2_met_b3=False))
    rows = steps(pairing, topic="rows")[0]
    assert rows.data["whites"] == [1, 2, 3, 4] and rows.data["blacks"] == [11, 12, 13, 14]
    # Row 3: White 3 has played Blacks 13 and 14, so row 2 is changed: 3 takes 12 and
    # White 2 the first Black of the lower rows he has not played, 13. Rows 1 and 4 stand.
    assert pairs_of(pairing) == {(1, 11), (2, 13), (3, 12), (4, 14)}
    row2, row3 = steps(pairing, topic="pairing", article="Dubov 6.3")
    # Row 2 is changed for row 3, and the Step says why: 3 would have no Black left.
    assert (row2.data["row"], row2.data["changed_row"], row2.data["changed_for"]) == (2, 2, [3])
    assert "2 Player 002 - 12 Player 012: would leave White 3 (row 3) no Black (3 has played 13 and 14)" in (
        row2.message
    )
    # Row 3 takes the Black of row 2, freed by that change.
    assert (row3.data["row"], row3.data["changed_row"]) == (3, 2)


def test_dubov_6_3_changes_row_k_minus_2_when_k_minus_1_cannot_help():
    pairing = pair(four_rows(w2_met_b3=True))
    rows = steps(pairing, topic="rows")[0]
    assert rows.data["whites"] == [1, 2, 3, 4] and rows.data["blacks"] == [11, 12, 13, 14]
    # Row 3: White 3 has played Blacks 13 and 14. Changing row 2 does not work (White 2 has
    # played 13 and 14 too), so row 1 is changed: 3 takes 11, White 1 the first Black of the
    # lower rows, 13; row 2 keeps its own pairing, 2 - 12.
    assert pairs_of(pairing) == {(1, 13), (2, 12), (3, 11), (4, 14)}
    row1, row3 = steps(pairing, topic="pairing", article="Dubov 6.3")
    assert (row1.data["row"], row1.data["changed_row"], row1.data["changed_for"]) == (1, 1, [2, 3])
    assert "would leave Whites 2 (row 2) and 3 (row 3) only Black 12 between them" in row1.message
    assert (row3.data["row"], row3.data["changed_row"]) == (3, 1)
    assert [s.article for s in steps(pairing, topic="pairing") if s.data["white"] == 2] == ["Dubov 6.2"]


def twelve_players_before_round_4():
    """12 players (R 2400, 2380, ... 2180 by TPN) after three rounds, every game played.

    Round 4: scoregroup 2 is 2, 3, 4, 5, 6; 7.2 brings up 7 (1.5 points, due Black,
    the highest R due Black). Whites by ARO: 4 (2220.0), 6 (2240.0), 2 (2346.7);
    Blacks by R: 3, 5, 7. Already met inside the group: 2-3, 2-7 and 6-7. Each of the
    three rounds breaks no limitation of chapter 2.
    """
    ratings = {t: 2400 - 20 * (t - 1) for t in range(1, 13)}
    rounds = [
        [(3, 2, "="), (7, 6, "="), (4, 8, "1"), (9, 5, "1"), (1, 12, "="), (10, 11, "0")],
        [(7, 2, "="), (12, 4, "="), (6, 9, "1"), (3, 11, "1"), (5, 10, "1"), (8, 1, "1")],
        [(10, 4, "="), (11, 6, "="), (2, 1, "1"), (12, 7, "="), (9, 3, "="), (5, 8, "1")],
    ]
    return make_state(ratings, rounds)


def test_dubov_6_3_changes_earlier_rows_before_pairing_white_against_white():
    state = twelve_players_before_round_4()
    pairing = pair(state)
    transfer = steps(pairing, article="Dubov 7.2", topic="transfer")[0]
    assert transfer.data["transferred"] == 7 and transfer.data["score"] == 2
    rows = steps(pairing, topic="rows")[0]
    assert rows.data["whites"] == [4, 6, 2] and rows.data["blacks"] == [3, 5, 7]
    # A complete White-against-Black pairing exists, so nobody meets his own colour.
    assert {(4, 7), (6, 3), (2, 5)} <= pairs_of(pairing)
    assert not [s for s in steps(pairing, topic="pairing") if "same_colour" in s.data]
    row1, row2, row3 = steps(pairing, topic="pairing", article="Dubov 6.3")
    # Row 1 is changed for rows 2 and 3, and the Step gives the cause of each Black passed over.
    assert (row1.data["row"], row1.data["changed_row"], row1.data["changed_for"]) == (1, 1, [2, 3])
    assert row1.data["tried"] == [3, 5]
    assert (
        "4 Player 004 - 3 Player 003: would leave Whites 6 (row 2) and 2 (row 3) only Black 5 between them "
        "(6 has played 7; 2 has played 7)" in row1.message
    )
    assert (
        "4 Player 004 - 5 Player 005: would leave White 2 (row 3) no Black (2 has played 3 and 7)"
        in row1.message
    )
    # Rows 2 and 3 take the Blacks the changes freed: row 1's for 6, row 2's for 2.
    assert (row2.data["white"], row2.data["black"], row2.data["changed_row"]) == (6, 3, 1)
    assert (row3.data["white"], row3.data["black"], row3.data["changed_row"]) == (2, 5, 2)
    assert "7 Player 007 is already paired in row 1" in row3.message


def test_dubov_6_3_the_group_of_the_round_4_case_all_get_their_due_colour():
    state = twelve_players_before_round_4()
    pairing = pair(state)
    profs = profiles(state)
    group = {2, 3, 4, 5, 6, 7}
    for p in pairing.pairs:
        if p.white in group:
            assert profs[p.white].due is Colour.WHITE and profs[p.black].due is Colour.BLACK


def test_dubov_6_3_a_white_who_may_meet_no_black_meets_white_k_plus_1_before_the_rows_go_on():
    # Whites 4, 5, 6 (ARO 2000, 2010, 2020); Blacks 1, 2, 3; White No. 1 (4) may meet no Black.
    ratings = {1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2100, 6: 2100}
    ratings |= {11: 2000, 12: 2010, 13: 2020, 14: 1900, 15: 1900, 16: 1900}
    games = [(11, 4, "0"), (12, 5, "0"), (13, 6, "0"), (1, 14, "1"), (2, 15, "1"), (3, 16, "1")]
    forbidden = frozenset({frozenset({4, 1}), frozenset({4, 2}), frozenset({4, 3})})
    state = make_state(ratings, [games], withdrawn=set(range(11, 17)), forbidden_pairs=forbidden)
    pairing = pair(state)
    # 6.3: "we look for an opponent for him, beginning with the White No. k+1": 4 meets 5, then
    # row 3 stands (6-3) and the Blacks left meet each other.
    assert {frozenset((p.white, p.black)) for p in pairing.pairs} == {
        frozenset({4, 5}),
        frozenset({6, 3}),
        frozenset({1, 2}),
    }
    white_pair, black_pair = [s for s in steps(pairing, topic="pairing") if "same_colour" in s.data]
    assert (white_pair.data["same_colour"], white_pair.data["row"], white_pair.data["partner_row"]) == (
        "white",
        1,
        2,
    )
    assert "4 Player 004 and 1 Player 001 are a forbidden pair (2.1)" in white_pair.message
    assert (black_pair.data["same_colour"], black_pair.data["row"], black_pair.data["partner_row"]) == (
        "black",
        1,
        2,
    )
