"""Lim 9.4, 9.5, 11.1-11.4: proposed pairings and the exchange order, reproduced by the engine's own search."""

import itertools
import random

import pytest

from engine.lim.exchange import Member, exchange_candidates, search


class Played:
    """Pair rules with only 'have they played?' (colours all fine)."""

    last_round = False

    def __init__(self, *pairs):
        self.played = {frozenset(p) for p in pairs}

    def compatible(self, a, b):
        return frozenset((a, b)) not in self.played

    def colour_fine(self, a, b):
        return True

    def colour_legal(self, a, b):
        return True

    def within_limit(self, a, b):
        return True


def rows(text):
    """'1v4 2v5 3v6 | 1v5 2v4 3v6' -> [((1,4),(2,5),(3,6)), ...]"""
    out = []
    for row in text.split("|"):
        out.append(tuple(tuple(int(x) for x in p.split("v")) for p in row.split()))
    return out


def trace_of(rules, n, downward=True):
    members = [Member(t) for t in (range(1, n + 1) if downward else range(n, 0, -1))]
    trace = []
    pairs, _ = search(rules, members, downward=downward, use_oracle=False, trace=trace)
    return trace, pairs


LIM_11_2_TABLE = rows("1v4 2v5 3v6 | 1v5 2v4 3v6 | 1v6 2v4 3v5 | 1v3 2v5 4v6 | 1v2 3v5 4v6")
LIM_11_3_TABLE = rows("1v6 2v4 3v5 | 1v6 2v5 3v4 | 1v6 2v3 4v5 | 1v3 2v6 4v5 | 1v2 3v5 4v6")


def test_lim_9_4_proposed_pairings_are_top_half_against_bottom_half():
    for n in range(2, 13, 2):
        trace, pairs = trace_of(Played(), n)
        expected = tuple((i, n // 2 + i) for i in range(1, n // 2 + 1))
        assert trace == [expected]
        assert pairs == list(expected)


def test_lim_11_2_exchange_order_for_player_1_reproduces_the_printed_table():
    # #1 has met everyone but #2, so every exchange of the table is tried.
    trace, pairs = trace_of(Played((1, 4), (1, 5), (1, 6), (1, 3)), 6)
    assert trace == LIM_11_2_TABLE
    assert pairs == [(1, 2), (3, 5), (4, 6)]


def test_lim_11_2_first_exchange_swaps_players_4_and_5():
    trace, pairs = trace_of(Played((1, 4)), 6)
    assert trace[:2] == LIM_11_2_TABLE[:2]
    assert pairs == [(1, 5), (2, 4), (3, 6)]


def test_lim_11_3_exchange_order_for_player_2_reproduces_the_printed_table():
    # #1 finds #6 (1-4, 1-5 met); then every exchange for #2 fails in turn.
    trace, pairs = trace_of(Played((1, 4), (1, 5), (2, 4), (2, 5), (2, 3), (4, 5)), 6)
    assert trace[:3] == LIM_11_2_TABLE[:3]
    assert trace[2:] == LIM_11_3_TABLE
    assert pairs == [(1, 2), (3, 5), (4, 6)]


def test_lim_11_2_the_etc_of_the_exchange_order_for_eight_players_is_bottom_half_then_top_half_upwards():
    assert exchange_candidates([1, 2, 3, 4, 5, 6, 7, 8]) == [5, 6, 7, 8, 4, 3, 2]
    assert exchange_candidates([2, 3, 4, 5, 6, 7]) == [5, 6, 7, 4, 3]
    assert exchange_candidates([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) == [6, 7, 8, 9, 10, 5, 4, 3, 2]
    trace, _ = trace_of(Played(*[(1, k) for k in range(3, 9)]), 8)
    assert [row[0] for row in trace] == [(1, 5), (1, 6), (1, 7), (1, 8), (1, 4), (1, 3), (1, 2)]
    # the rest of each row is the 9.4 proposal of the players left (11.2)
    assert trace[4] == ((1, 4), (2, 6), (3, 7), (5, 8))


def test_lim_11_1_b_pairing_upward_scrutiny_begins_with_the_lowest_numbered_player():
    # Mirror of 11.2: #6 is scrutinised first; the higher numbered player is exchanged.
    trace, pairs = trace_of(Played((6, 3), (6, 2), (6, 1), (6, 4)), 6, downward=False)
    assert [row[0] for row in trace] == [(6, 3), (6, 2), (6, 1), (6, 4), (6, 5)]
    assert pairs == [(6, 5), (4, 2), (3, 1)]


MET_11_4 = [(1, 2)] + [(p, q) for p in (1, 2) for q in (3, 4, 5)]


def test_lim_11_4_b_player_2_is_floated_with_the_lowest_numbered_player_remaining_in_an_even_group():
    from engine.lim.matching import unpaired_in_scrutiny_order

    # Only #6 is left for #1 and #2: #1 keeps #6, #2 floats, and #5 with him to keep the group even.
    assert unpaired_in_scrutiny_order([1, 2, 3, 4, 5, 6], Played(*MET_11_4).compatible) == [2, 5]


def test_lim_11_4_a_player_2_is_exchanged_with_the_parity_floater_of_an_odd_group():
    from engine.lim.matching import unpaired_in_scrutiny_order

    # #7 was floated to make the group even; #2 takes his place as the floater.
    rules = Played(*MET_11_4, (1, 7), (2, 7))
    assert unpaired_in_scrutiny_order([1, 2, 3, 4, 5, 6, 7], rules.compatible) == [2]


@pytest.mark.parametrize("seed", range(40))
def test_lim_11_the_pruned_search_finds_the_same_pairing_as_the_literal_exchange_search(seed):
    rng = random.Random(seed)
    n = rng.choice([4, 6, 8])
    pairs = [p for p in itertools.combinations(range(1, n + 1), 2) if rng.random() < 0.35]
    rules = Played(*pairs)
    for downward in (True, False):
        members = [Member(t) for t in (range(1, n + 1) if downward else range(n, 0, -1))]
        literal, _ = search(rules, members, downward=downward, use_oracle=False)
        pruned, _ = search(rules, members, downward=downward, use_oracle=True)
        assert literal == pruned


class Coloured(Played):
    """Random meetings and random due colours (colour-fine = due different colours)."""

    def __init__(self, pairs, due):
        super().__init__(*pairs)
        self.due = due

    def colour_fine(self, a, b):
        return self.due[a] != self.due[b]


@pytest.mark.parametrize("seed", range(40))
def test_lim_12_2_with_colour_exchanges_and_floaters_the_pruned_search_matches_the_literal_one(seed):
    rng = random.Random(1000 + seed)
    n = rng.choice([4, 6, 8])
    met = [p for p in itertools.combinations(range(1, n + 1), 2) if rng.random() < 0.3]
    rules = Coloured(met, {t: rng.choice("wb") for t in range(1, n + 1)})
    kinds = {t: rng.choice(["", "", "DF", "UF"]) for t in range(1, n + 1)}
    for downward in (True, False):
        order = sorted(range(1, n + 1), reverse=not downward)
        members = [Member(t, kinds[t]) for t in order if kinds[t]] + [
            Member(t) for t in order if not kinds[t]
        ]
        literal, _ = search(rules, members, downward=downward, use_oracle=False)
        pruned, _ = search(rules, members, downward=downward, use_oracle=True)
        assert literal == pruned


def test_lim_11_4_in_a_round_the_floater_keeps_his_only_opponent_and_the_others_float_on():
    from engine.api import pair
    from tests.engine.lim.helpers import Event

    st = (
        Event(7)
        .round((1, 4, 1), (3, 6, 0), (5, 2, 1), byes=[7])
        .round((2, 3, 0.5), (6, 1, 0), (7, 5, 1), byes=[4])
        .round((1, 7, 1), (4, 2, 0.5), (5, 6, 1), byes=[3])
        .round((3, 4, 1), (5, 1, 0.5), (7, 2, 0.5), byes=[6])
        .state()
    )
    rp = pair(st)
    # Score-group 2.5 = {3, 5, 7} + 1 from above; 3 is the only possible opponent of 1, 5 and 7.
    step = next(s for s in rp.explanation if s.article == "Lim 11.4")
    assert step.data["tpns"] == [5, 7]
    assert {frozenset(p) for p in ((1, 3), (4, 5), (6, 7))} == {
        frozenset((p.white, p.black)) for p in rp.pairs
    }
    assert rp.bye == 2


def test_lim_11_1_a_pairing_downward_scrutiny_begins_with_the_highest_numbered_player():
    # #1 is scrutinised first; 1 v 4 and 1 v 5 break Rule 2 (old number of 9.1): the lower
    # numbered player of the pair is exchanged each time, #1 keeps his place.
    trace, pairs = trace_of(Played((1, 4), (1, 5)), 6)
    assert [row[0] for row in trace] == [(1, 4), (1, 5), (1, 6)]
    assert pairs == [(1, 6), (2, 4), (3, 5)]


def test_lim_9_5_a_rematch_in_the_proposed_pairing_exchanges_the_lower_numbered_player():
    from engine.api import pair
    from tests.engine.lim.helpers import scripted

    # Six players on 1 point after two draws; 1 has met 4 and 5, the rest only stand-ins.
    # 1, 2, 3 are due White, 4, 5, 6 due Black, so colours ask for no exchange.
    st = scripted(
        [
            [(1, 4, 0.5), (2, None, 0.5), (3, None, 0.5), (None, 5, 0.5), (None, 6, 0.5)],
            [(5, 1, 0.5), (None, 2, 0.5), (None, 3, 0.5), (4, None, 0.5), (6, None, 0.5)],
        ]
    )
    rp = pair(st)
    # Proposed 1 v 4 is a rematch: 4 is exchanged (1 v 5), then 5 (1 v 6); 2 v 4 and 3 v 5
    # are the 9.4 proposal of the players left. Exchanging 1 instead would give 1 v 6, 2 v 5, 3 v 4.
    assert {frozenset((p.white, p.black)) for p in rp.pairs} == {
        frozenset(p) for p in ((1, 6), (2, 4), (3, 5))
    }
    step = next(s for s in rp.explanation if s.topic == "pairing" and s.data["player"] == 1)
    assert step.article == "Lim 11.2" and step.data["tried"] == [4, 5]
    assert [(p.white, p.black) for p in rp.pairs] == [(1, 6), (2, 4), (3, 5)]
