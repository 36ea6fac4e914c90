"""The parts each tie-break value is the sum of, round by round, for a team to check by hand.

``parts(state, name, tpn, group)`` gives, for each column of the tie-break ``name``
(one for most, several for an Olympiad rule 12 list), one :class:`Part` per round
that can count: its value, how it is made (``"7 × 2.5"``), and whether it is
counted (``False``: cut by a modifier, or not counted under the rule). The counted
parts sum to the value ``engine.standings.registry.get(name).compute`` gives; the
functions below follow the computations of ``primitives`` and
``engine.olympiad.tiebreaks`` step by step (issue 18 item 6: an "SB part" column
that did not add up to the value shown).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.standings import olympiad2026
from engine.standings.contributions import cut, opponent_scores
from engine.standings.primitives import round_score
from engine.standings.registry import _BH, get
from engine.state import Outcome, Participant, ScoreKind, TournamentState


@dataclass(frozen=True)
class Part:
    round: int
    value: float
    how: str = ""  # the arithmetic: "7 × 2.5", "6.5 ÷ 2", "" (the value itself)
    opponent: int | None = None
    counted: bool = True
    note: str = ""  # a code the site words: see NOTES


@dataclass
class ColumnParts:
    column: str  # the column's code ("SB", "12(a)")
    value: float  # the value the tie-break gives
    parts: list[Part] = field(default_factory=list)

    @property
    def total(self) -> float:
        return sum(p.value for p in self.parts if p.counted)


# The notes a part may carry: why it is not counted, or how it was counted.
NOTES = ("cut", "unplayed", "no_opponent", "won", "drawn", "lost", "not_all_met")


def _g(x: float) -> str:
    return f"{x:g}"


_KIND = {"MP": ScoreKind.MATCH_POINTS, "GP": ScoreKind.GAME_POINTS}


def _scores(p: Participant, kind: ScoreKind) -> list[Part]:
    return [Part(r.round, round_score(r, kind), opponent=r.opponent) for r in p.history]


def _won(state: TournamentState, p: Participant) -> list[Part]:
    win = state.scoring.match_win
    return [
        Part(
            r.round, 1.0 if (r.played and r.match_points >= win) or r.outcome is Outcome.FORFEIT_WIN else 0.0
        )
        for r in p.history
    ]


def _buchholz(
    state: TournamentState, p: Participant, kind: ScoreKind, lowest: int, highest: int
) -> list[Part]:
    contributions = opponent_scores(state, p, kind)
    kept = {id(c) for c in cut(contributions, lowest, highest)}
    return [
        Part(
            c.round,
            c.value,
            "",
            c.opponent,
            counted=id(c) in kept,
            note=("" if c.played else "unplayed") if id(c) in kept else "cut",
        )
        for c in contributions
    ]


def _sonneborn_berger(state: TournamentState, p: Participant, kind: ScoreKind) -> list[Part]:
    out = []
    for rec in p.history:
        if rec.played and rec.opponent in state.by_tpn:
            opp = state.by_tpn[rec.opponent].score(kind)
            own = round_score(rec, kind)
            out.append(Part(rec.round, opp * own, f"{_g(opp)} × {_g(own)}", rec.opponent))
    return out


def _extended_sonneborn_berger(state: TournamentState, p: Participant) -> list[Part]:
    out = []
    for rec in p.history:
        if rec.played and rec.opponent in state.by_tpn:
            opp = state.by_tpn[rec.opponent].match_points
            out.append(
                Part(rec.round, opp * rec.game_points, f"{_g(opp)} × {_g(rec.game_points)}", rec.opponent)
            )
    return out


def _direct_encounter(state: TournamentState, p: Participant, group: frozenset[int]) -> list[Part]:
    """As ``primitives.direct_encounter``: counted only when every pair of the tied group has met."""
    kind = state.scoring.primary
    members = set(group)
    if len(members) < 2:
        return []
    met = {
        t: {r.opponent for r in state.by_tpn[t].history if r.outcome.had_opponent and r.opponent in members}
        for t in members
    }
    counted = all(met[t] == members - {t} for t in members)
    return [
        Part(
            rec.round,
            round_score(rec, kind),
            opponent=rec.opponent,
            counted=counted,
            note="" if counted else "not_all_met",
        )
        for rec in p.history
        if rec.outcome.had_opponent and rec.opponent in members
    ]


def _olympiad_rounds(p: Participant):
    for i, r in enumerate(p.history):
        yield i, r, (r.opponent if r.outcome.had_opponent else None)


def _olympiad_2007(state: TournamentState, p: Participant) -> dict[str, list[Part]]:
    """Rule 12 (2007): (a) opponents' MP × GP scored and (b) opponents' MP, the 2 lowest entries cut; (c) GP."""
    entries = []  # ((opponent MP, product), round, opponent)
    for _i, rec, opp in _olympiad_rounds(p):
        if opp is None or opp not in state.by_tpn:
            entries.append(((0.0, 0.0), rec.round, None))
        else:
            mp = state.by_tpn[opp].match_points
            entries.append(((mp, mp * rec.game_points), rec.round, opp))
    order = sorted(range(len(entries)), key=lambda k: entries[k][0])
    cut_out = set(order[:2])
    a, b = [], []
    for k, ((mp, product), rnd, opp) in enumerate(entries):
        counted = k not in cut_out
        note = "cut" if not counted else ("" if opp is not None else "no_opponent")
        how_a = "" if opp is None else f"{_g(mp)} × {_g(p.history[k].game_points)}"
        a.append(Part(rnd, product, how_a, opp, counted, note))
        b.append(Part(rnd, mp, "", opp, counted, note))
    c = [Part(r.round, r.game_points, opponent=r.opponent) for r in p.history]
    return {"12(a)": a, "12(b)": b, "12(c)": c}


def _olympiad_1998(state: TournamentState, p: Participant) -> dict[str, list[Part]]:
    """Rule 12 (1998): (a) opponents' GP; (b) MP; (c) defeated + half drawn opponents' GP; (d) (a) cut 2+2."""
    a, c, rounds = [], [], []
    for i, rec, opp in _olympiad_rounds(p):
        if opp is None or opp not in state.by_tpn:
            continue
        gp = state.by_tpn[opp].game_points
        a.append(Part(rec.round, gp, opponent=opp))
        rounds.append((gp, rec.round, opp))
        mine, theirs = rec.game_points, state.by_tpn[opp].history[i].game_points
        if mine > theirs:
            c.append(Part(rec.round, gp, "", opp, note="won"))
        elif mine == theirs:
            c.append(Part(rec.round, gp / 2, f"{_g(gp)} ÷ 2", opp, note="drawn"))
        else:
            c.append(Part(rec.round, 0.0, "", opp, counted=False, note="lost"))
    order = sorted(range(len(rounds)), key=lambda k: rounds[k][0])
    kept = set(order[2:-2]) if len(rounds) > 4 else set()
    d = [
        Part(rnd, gp, opponent=opp, counted=k in kept, note="" if k in kept else "cut")
        for k, (gp, rnd, opp) in enumerate(rounds)
    ]
    b = [Part(r.round, r.match_points, opponent=r.opponent) for r in p.history]
    return {"12(a)": a, "12(b)": b, "12(c)": c, "12(d)": d}


def _olympiad_2026(state: TournamentState, p: Participant) -> dict[str, list[Part]]:
    """The 2026 Chess Olympiad's list (``engine.standings.olympiad2026``): the Olympiad SB, each
    opponent's MP × the GP scored against it, its lowest opponent cut; GP; the opponents' MP cut 1."""
    osb = []
    for e in olympiad2026.sonneborn_berger_entries(state, p):
        c = e.contribution
        note = "cut" if not e.counted else ("" if c.played else "unplayed")
        how = f"{_g(c.value)} × {_g(e.game_points)}"
        osb.append(Part(c.round, e.product, how, c.opponent, e.counted, note))
    return {
        "OSB-C1": osb,
        "GP": _scores(p, ScoreKind.GAME_POINTS),
        "BH/MP-C1": _buchholz(state, p, ScoreKind.MATCH_POINTS, 1, 0),
    }


def parts(
    state: TournamentState, name: str, tpn: int, group: frozenset[int] = frozenset()
) -> list[ColumnParts]:
    """The parts of tie-break ``name``'s values for team ``tpn``, column by column (see the module)."""
    tiebreak = get(name)
    values = tiebreak.compute(state, group or frozenset({tpn}))[tpn]
    p = state.by_tpn[tpn]
    primary = state.scoring.primary
    if name.startswith("olympiad"):
        if name == olympiad2026.NAME:
            by_column = _olympiad_2026(state, p)
        else:
            by_column = _olympiad_2007(state, p) if name == "olympiad2007" else _olympiad_1998(state, p)
        return [
            ColumnParts(col, v, by_column.get(col, []))
            for col, v in zip(tiebreak.columns, values, strict=True)
        ]
    if name in _KIND:
        found = _scores(p, _KIND[name])
    elif name == "WON":
        found = _won(state, p)
    elif name in ("SB", "SB/MP", "SB/GP"):
        found = _sonneborn_berger(state, p, _KIND.get(name[3:], primary) if "/" in name else primary)
    elif name == "ESB":
        found = _extended_sonneborn_berger(state, p)
    elif name == "DE":
        found = _direct_encounter(state, p, group)
    else:
        unit, mod, n = _BH.match(name).groups()
        lowest = int(n) if mod else 0
        found = _buchholz(state, p, _KIND[unit] if unit else primary, lowest, int(n) if mod == "M" else 0)
    return [ColumnParts(tiebreak.columns[0], values[0], found)]
