"""Every departure a checked pairing has from the engine's gets its own reason (issue 19, item 3).

For each system (C.04.6, Olympiad 1998 and 2007, Dubov, Lim) a hand-made round: the engine's pairing
with a rematch made in it (two pairs exchange opponents so that two teams meet again) and two pairs'
colours reversed; and the engine's pairing with two pairs' colours reversed only. The library
(``api.check(...).departures``, ``checker.RoundCheck``), and the command line's ``-c`` give each
departure its reason: the article and the cause (``engine.departures``).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from engine import api, checker, trf
from engine.result import Pair, RoundPairing
from engine.state import TournamentState
from tests.engine.cli.checker_files import TEAM, play
from tests.engine.cli.test_cli import run

FIELD = replace(TEAM, participants=10)  # 10 teams (players), 2 rounds, no forfeits or absences
SYSTEMS = {
    # system, generator config, seed, the criterion a rematch breaks
    "c0406": ("c0406", FIELD, 11, "C1"),
    "olympiad-1998": ("olympiad", replace(FIELD, version="1998"), 5, "Olympiad 1998 rule 14(a)"),
    "olympiad-2007": ("olympiad", replace(FIELD, version="2007"), 5, "Olympiad 1998 rule 14(a)"),
    "dubov": ("dubov", replace(FIELD, rounds=3), 7, "Dubov 2.1"),
    "lim": ("lim", replace(FIELD, rounds=3), 7, "Lim 9.1"),
}


def hand_made(state: TournamentState, *, rematch: bool) -> RoundPairing:
    """The engine's pairing of the next round with (optionally) a rematch made in it by exchanging the
    opponents of two pairs, and the colours of two other pairs reversed."""
    engine = api.pair(state)
    pairs = list(engine.pairs)
    met = {p.tpn: {r.opponent for r in p.history if r.opponent} for p in state.participants}
    touched: set[int] = set()
    if rematch:
        for i, j in itertools.combinations(range(len(pairs)), 2):
            a, b, c, d = pairs[i].white, pairs[i].black, pairs[j].white, pairs[j].black
            found = next(
                (((x, y), (u, v)) for (x, y), (u, v) in (((a, c), (b, d)), ((a, d), (b, c))) if y in met[x]),
                None,
            )
            if found is not None:
                (x, y), (u, v) = found
                pairs[i], pairs[j] = Pair(x, y), Pair(u, v)
                touched = {i, j}
                break
        assert touched, "no rematch can be made in this round"
    for k in [k for k in range(len(pairs)) if k not in touched][:2]:
        pairs[k] = Pair(pairs[k].black, pairs[k].white)
    return RoundPairing(state.next_round, pairs, bye=engine.bye)


def played_file(name: str, tmp_path, *, rematch: bool):
    """The TRF file of the event with its last round paired by hand, and its last round's number."""
    system, config, seed, _ = SYSTEMS[name]
    text = play(system, config, seed, lambda state: hand_made(state, rematch=rematch))
    path = tmp_path / f"{name}.trf"
    path.write_text(text)
    return path, config.rounds + 1


def checked(name: str, tmp_path, *, rematch: bool):
    path, rnd = played_file(name, tmp_path, rematch=rematch)
    doc = trf.read(path.read_text())
    (check,) = checker.check_document(doc, [rnd])
    return path, rnd, doc.state_before(rnd), check


def blocks(out: str) -> list[tuple[list[str], list[str]]]:
    """The ``-c`` report of one differing round: (difference lines, ``why:`` lines) per departure."""
    found: list[tuple[list[str], list[str]]] = []
    for line in out.splitlines()[1:-1]:
        if line.startswith("    why: "):
            found[-1][1].append(line.removeprefix("    why: "))
        elif line.startswith("  "):
            if not found or found[-1][1]:
                found.append(([], []))
            found[-1][0].append(line.strip())
    return found


def assert_colour_reason(departure, engine: RoundPairing) -> None:
    """A colour reversal's reason: the article that gave the engine's colours and its cause."""
    white, black = departure.tpns
    (e,) = [p for p in engine.pairs if {p.white, p.black} == {white, black}]
    reason = next(v for v in departure.reasons if v.tpns == (white, black) and not v.absolute)
    assert reason.criterion == e.colour_article
    prefix = f"the engine gives White to {e.white}: "
    assert reason.message.startswith(prefix) and len(reason.message) > len(prefix) + 10, reason.message


@pytest.mark.parametrize("name", list(SYSTEMS))
def test_a_rematch_and_two_colour_reversals_each_have_their_reason_in_the_library(name, tmp_path):
    _, _, state, check = checked(name, tmp_path, rematch=True)
    criterion = SYSTEMS[name][3]
    kinds = [d.kind for d in check.departures]
    assert sorted(kinds) == ["colours", "colours", "pairs"]
    (exchange,) = [d for d in check.departures if d.kind == "pairs"]
    first = exchange.reasons[0]
    assert first.absolute and first.criterion == criterion
    assert set(first.tpns) <= set(exchange.tpns)
    for d in check.departures:
        if d.kind == "colours":
            assert_colour_reason(d, check.engine_pairing)
    # The round's reasons name every departure, the absolute criterion first.
    assert check.reasons[0].startswith(criterion) and check.reasons[0].endswith("(absolute criterion)")
    assert len(check.reasons) >= 3


@pytest.mark.parametrize("name", list(SYSTEMS))
def test_two_colour_reversals_each_have_their_reason_in_the_library(name, tmp_path):
    _, _, state, check = checked(name, tmp_path, rematch=False)
    assert [d.kind for d in check.departures] == ["colours", "colours"]
    for d in check.departures:
        assert_colour_reason(d, check.engine_pairing)
    colour_reasons = [d.reasons[0].message for d in check.departures]
    assert colour_reasons[0] != colour_reasons[1]
    assert set(checker.violation_text(d.reasons[0]) for d in check.departures) <= set(check.reasons)
    # The same from api.check, as the committee's amendment checker calls it.
    report = api.check(state, check.actual)
    assert [d.to_dict() for d in report.departures] == [d.to_dict() for d in check.departures]
    stored = report.to_dict()["departures"]
    assert [len(d["reasons"]) > 0 and d["reasons"][0]["message"] for d in stored] == [
        d.reasons[0].message for d in check.departures
    ]


@pytest.mark.parametrize("name", list(SYSTEMS))
@pytest.mark.parametrize("rematch", [True, False], ids=["rematch-and-two-reversals", "two-reversals"])
def test_c_gives_every_departure_its_own_reason_line(name, rematch, tmp_path):
    path, rnd, _, check = checked(name, tmp_path, rematch=rematch)
    code, out, err = run(path, "-c", "--round", rnd)
    assert code == 1 and err == ""
    found = blocks(out)
    assert len(found) == (3 if rematch else 2)
    every_difference = [line for lines, _ in found for line in lines]
    assert sorted(every_difference) == sorted(check.differences)
    for lines, whys in found:
        assert whys, f"no reason for {lines}"
        if len(lines) == 1 and ": the engine gives White to " in lines[0]:
            white = int(lines[0].rsplit(" ", 1)[1])
            (e,) = [p for p in check.engine_pairing.pairs if white in (p.white, p.black) and p.white == white]
            assert whys[0].startswith(f"{e.colour_article}: the engine gives White to {white}: ")
        else:
            assert whys[0].startswith(SYSTEMS[name][3]) and whys[0].endswith("(absolute criterion)")


def two_exchanges(state: TournamentState) -> RoundPairing:
    """The engine's pairing with two independent exchanges of opponents, neither a rematch."""
    engine = api.pair(state)
    pairs = list(engine.pairs)
    met = {p.tpn: {r.opponent for r in p.history if r.opponent} for p in state.participants}
    used: set[int] = set()
    for i, j in itertools.combinations(range(len(pairs)), 2):
        a, b, c, d = pairs[i].white, pairs[i].black, pairs[j].white, pairs[j].black
        if not {i, j} & used and c not in met[a] and d not in met[b]:
            pairs[i], pairs[j] = Pair(a, c), Pair(b, d)
            used |= {i, j}
            if len(used) == 4:
                break
    assert len(used) == 4
    return RoundPairing(state.next_round, pairs, bye=engine.bye)


@pytest.mark.parametrize("name", list(SYSTEMS))
def test_each_of_two_exchanges_of_opponents_has_its_own_reason(name, tmp_path):
    # The check of a whole pairing reasons from its first difference; each exchange is told by the
    # rules' view of it alone, so the two reasons differ and each names its own teams.
    system, config, seed, _ = SYSTEMS[name]
    config = replace(config, participants=12)
    doc = trf.read(play(system, config, seed, two_exchanges))
    (check,) = checker.check_document(doc, [config.rounds + 1])
    exchanges = [d for d in check.departures if d.kind == "pairs"]
    assert len(exchanges) == 2
    for d in exchanges:
        assert d.reasons and set(d.reasons[0].tpns) & set(d.tpns), d
    assert exchanges[0].reasons[0] != exchanges[1].reasons[0]


def test_a_colour_reversal_without_a_colour_step_is_told_by_the_check_of_it_alone():
    # A system (or version) whose explanation has no colour step still gives the reversal a reason:
    # its own check of the engine's pairing with that reversal alone.
    from engine.departures import with_reasons
    from engine.result import Violation

    engine = RoundPairing(1, [Pair(1, 2), Pair(3, 4)])
    given = RoundPairing(1, [Pair(2, 1), Pair(3, 4)])

    def check(pairing):
        return [
            Violation("X 9", False, f"{p.white}-{p.black}: White to {p.black}", (p.white, p.black))
            for p in pairing.pairs
            if p.white == 2
        ]

    (departure,) = with_reasons(engine, given, [], check)
    assert departure.kind == "colours" and departure.differences == ("2-1: the engine gives White to 1",)
    assert [(v.criterion, v.message) for v in departure.reasons] == [("X 9", "2-1: White to 1")]
    (bare,) = with_reasons(engine, given, [], None)
    assert bare.reasons == () and bare.reason_texts == ["no criterion separates them"]
