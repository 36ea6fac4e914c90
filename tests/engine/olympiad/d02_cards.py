"""Builders for the D.02 (2022) tests: team cards and the procedure on them."""

from __future__ import annotations

from dataclasses import replace

from engine.olympiad.d02.model import D02Team
from engine.olympiad.d02.options import parse_d02
from engine.olympiad.d02.procedure import Procedure
from engine.state import Colour


def card(tpn: int, mp: float = 0.0, colours: str = "", *met: int, rating: float = 2000.0, **flags) -> D02Team:
    """A team's card; ``colours`` one letter per round, "w", "b" or "-" (no played match)."""
    rc = tuple(None if c == "-" else Colour(c.lower()) for c in colours)
    return D02Team(tpn, "", mp, rating, frozenset(met), rc, **flags)


def symmetric(cards: list[D02Team]) -> list[D02Team]:
    """The cards with every meeting recorded both ways and colour rows of one length."""
    met = {c.tpn: set(c.met) for c in cards}
    for c in cards:
        for o in c.met:
            met[o].add(c.tpn)
    rounds = max(len(c.round_colours) for c in cards)
    return [
        replace(
            c,
            met=frozenset(met[c.tpn]),
            round_colours=c.round_colours + (None,) * (rounds - len(c.round_colours)),
        )
        for c in cards
    ]


def run(cards: list[D02Team], **options) -> Procedure:
    proc = Procedure(symmetric(cards), parse_d02(options))
    proc.run()
    return proc


def pairs(cards: list[D02Team], **options) -> set[frozenset[int]]:
    return {frozenset((a.tpn, b.tpn)) for a, b in run(cards, **options).pairs}


def written(text: str) -> set[frozenset[int]]:
    """ "1-3 2-4" as a set of pairs."""
    return {frozenset(int(x) for x in p.split("-")) for p in text.split()}
