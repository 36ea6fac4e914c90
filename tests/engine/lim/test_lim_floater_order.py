"""Lim 10.6-10.6.3 and 10.7-10.7.3: the order in which floaters are paired, one article each.

Each test pairs one score-group with the engine's own ``pair_group`` in a state
where two floaters want the same resident (Lim 10.8): whoever is paired first
gets him, so the pairing shows which floater the engine paired first.
"""

from engine.lim.context import LimContext
from engine.lim.scoregroup import pair_group
from engine.result import RoundPairing
from tests.engine.lim.helpers import scripted


def solo(spec: dict[int, tuple[str, float]]):
    """Players who met only stand-ins: ``spec[tpn] = (colours, score)``, e.g. ("wb", 1.5).

    "wb" / "bwb" make a player due White, "bw" / "wbw" due Black (Lim 12.5, 12.6).
    """
    n = len(next(iter(spec.values()))[0])
    rounds: list[list[tuple]] = [[] for _ in range(n)]
    for tpn, (colours, score) in spec.items():
        left = score
        for r, c in enumerate(colours):
            pts = min(1.0, left)
            left -= pts
            rounds[r].append((tpn, None, pts) if c == "w" else (None, tpn, 1 - pts))
    return scripted(rounds)


def paired(state, residents, incoming, *, downward, median=False):
    ctx = LimContext.build(state)
    rp = RoundPairing(round=state.next_round, pairs=[])
    out = pair_group(
        ctx,
        rp,
        label="g",
        residents=residents,
        incoming=incoming,
        downward=downward,
        adjacent=[],
        median=median,
    )
    first = [s.data["player"] for s in rp.explanation if s.article == "Lim 10.8"]
    return {frozenset(p) for p in out.pairs}, first


def P(*pairs):
    return {frozenset(p) for p in pairs}


def test_lim_10_6_1_of_two_downfloaters_from_the_same_group_the_higher_pairing_number_is_paired_first():
    # Two rounds, median 1. DFs 1 and 2 (1.5 points, due Black) into the median group:
    # residents 3, 4 due Black, 7, 8 due White. The first DF takes 7 (Lim 10.8).
    st = solo({1: ("bw", 1.5), 2: ("bw", 1.5), 3: ("bw", 1), 4: ("bw", 1), 7: ("wb", 1), 8: ("wb", 1)})
    pairs, first = paired(st, [3, 4, 7, 8], {2: "DF", 1: "DF"}, downward=True, median=True)
    assert first == [1, 2]
    assert pairs == P((1, 7), (2, 8), (3, 4))


def test_lim_10_6_2_a_downfloater_from_a_higher_score_group_is_paired_first_whatever_its_pairing_number():
    # DF 4 from the 2 group and DF 2 from the 1.5 group (both due White) into the median group
    # (1 point): residents 5 due Black, 6, 7, 8 due White. 4 comes first and takes 5.
    st = solo({2: ("wb", 1.5), 4: ("wb", 2), 5: ("bw", 1), 6: ("wb", 1), 7: ("wb", 1), 8: ("wb", 1)})
    pairs, first = paired(st, [5, 6, 7, 8], {2: "DF", 4: "DF"}, downward=True, median=True)
    assert first == [4, 2]
    assert pairs == P((4, 5), (2, 6), (7, 8))


def test_lim_10_6_3_in_the_median_group_downfloaters_first_then_upfloaters_then_the_rest():
    # DF 2 (1.5 points) and UF 5 (0.5 points), both due White; the only resident due Black is 3.
    st = solo({2: ("wb", 1.5), 3: ("bw", 1), 4: ("wb", 1), 5: ("wb", 0.5), 7: ("wb", 1), 8: ("wb", 1)})
    pairs, first = paired(st, [3, 4, 7, 8], {5: "UF", 2: "DF"}, downward=True, median=True)
    assert first == [2, 5]
    # 2 takes 3; then 5 meets the lowest numbered resident, 8 (Lim 10.8); 4 v 7.
    assert pairs == P((2, 3), (5, 8), (4, 7))


def test_lim_10_7_1_of_two_upfloaters_from_the_same_group_the_lower_pairing_number_is_paired_first():
    # Two rounds, median 1; the 0.5 group is paired upward. UFs 7 and 8 (0 points, due Black);
    # residents 3, 4 due White, 5, 6 due Black. The first UF takes the lowest numbered
    # resident due White, 4 (Lim 10.8).
    st = solo({3: ("wb", 0.5), 4: ("wb", 0.5), 5: ("bw", 0.5), 6: ("bw", 0.5), 7: ("bw", 0), 8: ("bw", 0)})
    pairs, first = paired(st, [3, 4, 5, 6], {7: "UF", 8: "UF"}, downward=False)
    assert first == [8, 7]
    assert pairs == P((8, 4), (7, 3), (5, 6))


def test_lim_10_7_2_an_upfloater_from_a_lower_score_group_is_paired_first_whatever_its_pairing_number():
    # Three rounds, median 1.5; the 1 group is paired upward. UF 7 from the 0 group and UF 8
    # from the 0.5 group (both due Black); residents 3, 4 due White, 5, 6 due Black.
    st = solo({3: ("bwb", 1), 4: ("bwb", 1), 5: ("wbw", 1), 6: ("wbw", 1), 7: ("wbw", 0), 8: ("wbw", 0.5)})
    pairs, first = paired(st, [3, 4, 5, 6], {8: "UF", 7: "UF"}, downward=False)
    assert first == [7, 8]
    assert pairs == P((7, 4), (8, 3), (5, 6))


def test_lim_10_7_3_below_the_median_upfloaters_first_then_downfloaters_then_the_rest():
    # The 1 group (three rounds, median 1.5) paired upward with UF 7 (0 points) and DF 2
    # (1.5 points), both due Black; the only resident due White is 3.
    st = solo({2: ("wbw", 1.5), 3: ("bwb", 1), 4: ("wbw", 1), 5: ("wbw", 1), 6: ("wbw", 1), 7: ("wbw", 0)})
    pairs, first = paired(st, [3, 4, 5, 6], {2: "DF", 7: "UF"}, downward=False)
    assert first == [7, 2]
    # 7 takes 3; then DF 2 meets the highest numbered resident left, 4 (Lim 10.8); 5 v 6.
    assert pairs == P((7, 3), (2, 4), (5, 6))
