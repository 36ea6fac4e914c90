"""Tie-breaks by name, as a tournament lists them.

Names: ``MP``, ``GP`` (the other score), ``WON``, ``SB``, ``ESB``, ``DE``,
``BH`` with an optional score unit and modifier: ``BH/GP`` (Buchholz on game
points), ``BH-C1`` / ``BH-C2`` (cut the 1 or 2 lowest), ``BH-M1`` /
``BH-M2`` (median: cut the N lowest and N highest), ``BH/GP-M2``. The Olympiad
rule 12 lists, ``olympiad1998`` and ``olympiad2007``, come from
``engine.olympiad.tiebreaks`` when that module is present; the 2026 Chess
Olympiad's list, ``olympiad2026``, from :mod:`engine.standings.olympiad2026`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import import_module

from engine.standings import olympiad2026, primitives
from engine.state import ScoreKind, TournamentState

Values = dict[int, tuple[float, ...]]


@dataclass(frozen=True)
class TieBreak:
    """One entry of a tie-break list.

    ``columns`` labels the values (one for most, several for a composite such
    as Olympiad rule 12). ``needs_group`` marks a tie-break computed within the
    group of participants still tied (direct encounter).
    """

    name: str
    label: str
    columns: tuple[str, ...]
    compute: Callable[[TournamentState, frozenset[int]], Values]
    needs_group: bool = False


def _single(fn: Callable[[TournamentState], dict[int, float]]):
    def compute(state: TournamentState, group: frozenset[int]) -> Values:
        return {t: (v,) for t, v in fn(state).items()}

    return compute


_KIND = {"MP": ScoreKind.MATCH_POINTS, "GP": ScoreKind.GAME_POINTS}
_BH = re.compile(r"^BH(?:/(MP|GP))?(?:-(C|M)([1-9]))?$")

OLYMPIAD = {
    "olympiad1998": ("1998", "Olympiad rule 12 (1998)"),
    "olympiad2007": ("2007", "Olympiad rule 12 (2007 amendment)"),
}


def _olympiad(version: str, label: str) -> TieBreak:
    """Adapter to ``engine.olympiad.tiebreaks`` (the Olympiad rule 12 values).

    ``values_1998`` / ``values_2007`` give (score, (a), (b), ...); the score is
    dropped here since the standings rank by it first.
    """
    try:
        module = import_module("engine.olympiad.tiebreaks")
    except ImportError:
        raise ValueError(
            f"tie-break olympiad{version} needs engine.olympiad.tiebreaks, which is not installed"
        ) from None
    fn = getattr(module, f"values_{version}", None)
    if fn is None:
        raise ValueError(f"engine.olympiad.tiebreaks has no rule 12 ({version}) function")
    names = tuple(getattr(module, f"NAMES_{version}", ()))[1:]

    def compute(state: TournamentState, group: frozenset[int]) -> Values:
        return {p.tpn: tuple(float(v) for v in fn(state, p)[1:]) for p in state.participants}

    columns = tuple(n.split(" ", 1)[0] for n in names) or ("a", "b", "c", "d")
    return TieBreak(f"olympiad{version}", label, columns, compute)


def get(name: str) -> TieBreak:
    """The tie-break called ``name``; ``ValueError`` naming the known ones otherwise."""
    if name in OLYMPIAD:
        return _olympiad(*OLYMPIAD[name])
    if name == olympiad2026.NAME:

        def olympiad_2026(state: TournamentState, group: frozenset[int]) -> Values:
            return olympiad2026.values(state)

        return TieBreak(name, olympiad2026.LABEL, olympiad2026.COLUMNS, olympiad_2026)
    if name in ("MP", "GP"):
        kind = _KIND[name]
        label = "Match points" if name == "MP" else "Game points"
        return TieBreak(name, label, (name,), _single(lambda s: primitives.score(s, kind)))
    if name == "WON":
        return TieBreak(name, "Matches won", (name,), _single(primitives.matches_won))
    if name in ("SB", "SB/MP", "SB/GP"):
        kind = _KIND.get(name[3:]) if "/" in name else None
        return TieBreak(
            name,
            "Sonneborn-Berger",
            (name,),
            _single(lambda s: primitives.sonneborn_berger(s, kind)),
        )
    if name == "ESB":
        return TieBreak(
            name,
            "Extended Sonneborn-Berger (opponent's match points x game points)",
            (name,),
            _single(primitives.extended_sonneborn_berger),
        )
    if name == "DE":

        def de(state: TournamentState, group: frozenset[int]) -> Values:
            return {t: (v,) for t, v in primitives.direct_encounter(state, group).items()}

        return TieBreak(name, "Direct encounter", (name,), de, needs_group=True)
    m = _BH.match(name)
    if m:
        unit, mod, n = m.groups()
        kind = _KIND[unit] if unit else None
        lowest = int(n) if mod else 0
        highest = int(n) if mod == "M" else 0
        label = "Buchholz" + (f" ({unit})" if unit else "")
        if mod:
            label += f" {'Cut' if mod == 'C' else 'Median'}-{n}"
        return TieBreak(
            name,
            label,
            (name,),
            _single(lambda s: primitives.buchholz(s, kind, lowest, highest)),
        )
    raise ValueError(f"unknown tie-break {name!r}; known: {', '.join(known_names())}")


def known_names() -> list[str]:
    return [
        "MP",
        "GP",
        "WON",
        "BH",
        "BH-C1",
        "BH-C2",
        "BH-M1",
        "BH-M2",
        "BH/GP",
        "SB",
        "ESB",
        "DE",
        *OLYMPIAD,
        olympiad2026.NAME,
    ]


def resolve(names: Iterable[str]) -> list[TieBreak]:
    return [get(n) for n in names]
