"""Small helpers to build C.04.6 test states from round descriptions.

A round is ``Rnd(pairs=[(white, black, result), ...], bye=t, absent=[...])``
with ``result`` one of ``"1-0"``, ``"0-1"``, ``"="`` (played), ``"+-"``,
``"-+"`` (forfeit win of white / black, no colours), ``"--"`` (double
forfeit), or a tuple of game points ``(gw, gb)`` for a played match.
Match points are 2/1/0; game points out of ``boards`` (default 4).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.state import (
    Colour,
    ColourPreferenceType,
    Outcome,
    Participant,
    RoundRecord,
    Scoring,
    TournamentState,
)


@dataclass
class Rnd:
    pairs: list[tuple[int, int, object]] = field(default_factory=list)
    bye: int | None = None
    absent: list[int] = field(default_factory=list)


def _records(rnd_no: int, rnd: Rnd, boards: int, scoring: Scoring) -> dict[int, RoundRecord]:
    recs: dict[int, RoundRecord] = {}
    for w, b, res in rnd.pairs:
        if isinstance(res, tuple):
            gw, gb = res
        elif res in ("1-0", "+-"):
            gw, gb = boards * 0.75, boards * 0.25
        elif res in ("0-1", "-+"):
            gw, gb = boards * 0.25, boards * 0.75
        elif res == "=":
            gw = gb = boards / 2
        else:  # "--"
            gw = gb = 0.0
        if res == "--":
            mw = mb = 0.0
        else:
            mw = 2.0 if gw > gb else 1.0 if gw == gb else 0.0
            mb = 2.0 - mw
        if res in ("+-", "-+", "--"):
            ow = {"+-": Outcome.FORFEIT_WIN, "-+": Outcome.FORFEIT_LOSS, "--": Outcome.DOUBLE_FORFEIT}[res]
            ob = {"+-": Outcome.FORFEIT_LOSS, "-+": Outcome.FORFEIT_WIN, "--": Outcome.DOUBLE_FORFEIT}[res]
            recs[w] = RoundRecord(rnd_no, ow, b, None, mw, 0.0 if res == "--" else (boards if mw else 0.0))
            recs[b] = RoundRecord(rnd_no, ob, w, None, mb, 0.0 if res == "--" else (boards if mb else 0.0))
        else:
            recs[w] = RoundRecord(rnd_no, Outcome.PLAYED, b, Colour.WHITE, mw, gw)
            recs[b] = RoundRecord(rnd_no, Outcome.PLAYED, w, Colour.BLACK, mb, gb)
    if rnd.bye is not None:
        mp, gp = scoring.pab_points(boards)
        recs[rnd.bye] = RoundRecord(rnd_no, Outcome.PAIRING_ALLOCATED_BYE, None, None, mp, gp)
    for t in rnd.absent:
        recs[t] = RoundRecord(rnd_no, Outcome.ABSENT)
    return recs


def make_state(
    n: int,
    rounds: list[Rnd] = (),  # type: ignore[assignment]
    *,
    rounds_total: int = 9,
    prefs: ColourPreferenceType = ColourPreferenceType.A,
    initial: Colour = Colour.WHITE,
    options: dict | None = None,
    unavailable: tuple[int, ...] = (),
    withdrawn: tuple[int, ...] = (),
    scoring: Scoring | None = None,
    boards: int = 4,
) -> TournamentState:
    """A state of ``n`` teams (TPN 1..n) after ``rounds``; unlisted teams are absent."""
    scoring = scoring or Scoring()
    hist: dict[int, list[RoundRecord]] = {t: [] for t in range(1, n + 1)}
    for i, rnd in enumerate(rounds, start=1):
        recs = _records(i, rnd, boards, scoring)
        for t in hist:
            hist[t].append(recs.get(t, RoundRecord(i, Outcome.ABSENT)))
    parts = tuple(
        Participant(tpn=t, name=f"Team {t}", rating=2600 - 10 * t, history=tuple(h), withdrawn=t in withdrawn)
        for t, h in hist.items()
    )
    return TournamentState(
        participants=parts,
        rounds_total=rounds_total,
        boards=boards,
        initial_colour=initial,
        colour_preferences=prefs,
        scoring=scoring,
        unavailable=frozenset(unavailable),
        options=options or {},
    )


def random_state(
    rng: random.Random,
    n: int,
    played: int,
    *,
    rounds_total: int | None = None,
    prefs: ColourPreferenceType = ColourPreferenceType.A,
    p_forfeit: float = 0.08,
    p_absent: float = 0.06,
    options: dict | None = None,
) -> TournamentState:
    """A random history (random pairings, colours and results, some forfeits,
    absences and byes) of ``played`` rounds, and some teams absent next."""
    rounds = []
    for _ in range(played):
        present = [t for t in range(1, n + 1) if rng.random() > p_absent]
        absent = [t for t in range(1, n + 1) if t not in present]
        rng.shuffle(present)
        bye = present.pop() if len(present) % 2 else None
        pairs = []
        for i in range(0, len(present), 2):
            a, b = present[i], present[i + 1]
            r = rng.random()
            if r < p_forfeit:
                res: object = rng.choice(["+-", "-+", "--"])
            else:
                res = rng.choice(["1-0", "0-1", "=", "1-0", "0-1"])
            pairs.append((a, b, res))
        rounds.append(Rnd(pairs, bye, absent))
    unavailable = tuple(t for t in range(1, n + 1) if rng.random() < p_absent)
    return make_state(
        n,
        rounds,
        rounds_total=rounds_total or played + rng.choice([1, 2, 3, 5]),
        prefs=prefs,
        initial=rng.choice([Colour.WHITE, Colour.BLACK]),
        options=options,
        unavailable=unavailable,
    )


def synthetic_state(
    scores: dict[int, float],
    *,
    forbid: list[tuple[int, int]] = (),  # type: ignore[assignment]
    colours: dict[int, str] | None = None,
    floated: list[tuple[int, int]] = (),  # type: ignore[assignment]
    game_points: dict[int, float] | None = None,
    rounds_total: int = 9,
    prefs: ColourPreferenceType = ColourPreferenceType.A,
    initial: Colour = Colour.WHITE,
    options: dict | None = None,
    unavailable: tuple[int, ...] = (),
    barred: tuple[int, ...] = (),
    pab: tuple[int, ...] = (),
) -> TournamentState:
    """A state read off its facts: each team's score, pairs that may not meet
    (C1, as forbidden pairs), colour histories ("WB-W": "-" an unplayed round),
    teams barred from the bye (C2, by a forfeit win, or by a PAB) and pairs (a, b) that met
    in the previous round with different scores (both floaters, 1.5; they have
    then met). Opponents are otherwise not recorded (no other floaters)."""
    colours = colours or {}
    game_points = game_points or {}
    length = max([len(c) for c in colours.values()] + [1])
    float_opp = {}
    for a, b in floated:
        float_opp[a], float_opp[b] = (b, Colour.WHITE, 0.0), (a, Colour.BLACK, 0.5)
    parts = []
    for t, sc in sorted(scores.items()):
        hist = []
        col = colours.get(t, "")
        shift = float_opp[t][2] if t in float_opp else 0.0
        for i in range(length):
            pts = sc - shift if i == 0 else 0.0
            gp = game_points.get(t, pts) if i == 0 else 0.0
            ch = col[i] if i < len(col) else "-"
            if ch in "WB":
                c = Colour.WHITE if ch == "W" else Colour.BLACK
                hist.append(RoundRecord(i + 1, Outcome.PLAYED, None, c, pts, gp))
            elif i == 0 and t in barred:
                hist.append(RoundRecord(i + 1, Outcome.FORFEIT_WIN, None, None, pts, gp))
            elif i == 0 and t in pab:
                hist.append(RoundRecord(i + 1, Outcome.PAIRING_ALLOCATED_BYE, None, None, pts, gp))
            else:
                hist.append(RoundRecord(i + 1, Outcome.ABSENT, None, None, pts, gp))
        if floated:
            if t in float_opp:
                o, c, p = float_opp[t]
                hist.append(RoundRecord(length + 1, Outcome.PLAYED, o, c, p, p))
            else:
                hist.append(RoundRecord(length + 1, Outcome.ABSENT))
        parts.append(Participant(tpn=t, name=f"Team {t}", history=tuple(hist)))
    return TournamentState(
        participants=tuple(parts),
        rounds_total=rounds_total,
        initial_colour=initial,
        colour_preferences=prefs,
        unavailable=frozenset(unavailable),
        forbidden_pairs=frozenset(frozenset(p) for p in forbid),
        options=options or {},
    )


def pairs_of(rp) -> set[tuple[int, int]]:
    """The pairs of a RoundPairing as (smaller TPN, larger TPN)."""
    return {(min(p.white, p.black), max(p.white, p.black)) for p in rp.pairs}


def step(rp, topic: str, **match):
    """The first explanation step of ``topic`` whose data contain ``match``."""
    for s in rp.explanation:
        if s.topic == topic and all(s.data.get(k) == v for k, v in match.items()):
            return s
    raise AssertionError(f"no {topic} step with {match}")
