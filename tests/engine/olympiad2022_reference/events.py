"""Simulated small Olympiads for the 2022 reference: random results with draws, wins by default,
absences and Late Entries, odd and even numbers of teams. Independent of ``engine.olympiad.simulate``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.state import (
    Colour,
    Outcome,
    Participant,
    Player,
    RoundRecord,
    ScoreKind,
    Scoring,
    TournamentState,
)

BOARDS = 4
BYE_POINTS = (1.0, 2.0)  # 4: a bye is worth 1 matchpoint and 2 game points


@dataclass(frozen=True)
class EventPlan:
    """One simulated event: ``late`` maps a Late Entry's TPN to the first round it is paired in."""

    teams: int
    rounds: int
    seed: int
    late: dict[int, int]
    absence_rate: float = 0.05
    default_rate: float = 0.04  # one team does not arrive: a win by default
    double_default_rate: float = 0.01  # neither arrives: no meeting, no points, nobody barred from the bye
    withdrawal_rate: float = 0.01  # a team leaves the event after a round


def new_event(plan: EventPlan) -> TournamentState:
    """Teams ranked by 3.1 (strength falls with the pairing number); nobody has played yet."""
    parts = []
    for tpn in range(1, plan.teams + 1):
        strength = 2700 - 25 * tpn
        roster = tuple(Player(number=5 * tpn + k, rating=strength + 30 - 20 * k) for k in range(5))
        parts.append(Participant(tpn=tpn, name=f"Team {tpn}", rating=float(strength), roster=roster))
    return TournamentState(
        participants=tuple(parts),
        system="olympiad",
        team=True,
        rounds_total=plan.rounds,
        boards=BOARDS,
        initial_colour=Colour.WHITE if plan.seed % 2 else Colour.BLACK,
        scoring=Scoring(primary=ScoreKind.MATCH_POINTS, bye_match_points=1.0, bye_game_points=2.0),
        options={"version": "2022"},
    )


def unavailable_for(state: TournamentState, plan: EventPlan, rng: random.Random) -> frozenset[int]:
    """Late Entries before their round, and a few random absences (never in round 1)."""
    rnd = state.next_round
    out = {tpn for tpn, first in plan.late.items() if rnd < first}
    if rnd > 1:
        out |= {p.tpn for p in state.participants if rng.random() < plan.absence_rate}
    return frozenset(out)


def _match(rnd: int, white: int, black: int, rng: random.Random, plan: EventPlan):
    if rng.random() < plan.double_default_rate:
        return {
            white: RoundRecord(rnd, Outcome.DOUBLE_FORFEIT, black, None, 0.0, 0.0),
            black: RoundRecord(rnd, Outcome.DOUBLE_FORFEIT, white, None, 0.0, 0.0),
        }
    if rng.random() < plan.default_rate:  # one team did not arrive: a win by default, no meeting, no colour
        winner, loser = (white, black) if rng.random() < 0.5 else (black, white)
        return {
            winner: RoundRecord(rnd, Outcome.FORFEIT_WIN, loser, None, 2.0, float(BOARDS)),
            loser: RoundRecord(rnd, Outcome.FORFEIT_LOSS, winner, None, 0.0, 0.0),
        }
    gw = sum(rng.choice((1.0, 0.5, 0.5, 0.0)) for _ in range(BOARDS))
    gb = BOARDS - gw
    mw = 2.0 if gw > gb else 1.0 if gw == gb else 0.0
    return {
        white: RoundRecord(rnd, Outcome.PLAYED, black, Colour.WHITE, mw, gw),
        black: RoundRecord(rnd, Outcome.PLAYED, white, Colour.BLACK, 2.0 - mw, gb),
    }


def play(
    state: TournamentState, pairs: list[tuple[int, int]], bye: int | None, plan: EventPlan, rng: random.Random
) -> TournamentState:
    """The state after the round is played as paired (``pairs`` are (white, black) on board 1)."""
    rnd = state.next_round
    records: dict[int, RoundRecord] = {}
    for white, black in pairs:
        records.update(_match(rnd, white, black, rng, plan))
    if bye is not None:
        records[bye] = RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, *BYE_POINTS)
    for p in state.participants:
        records.setdefault(p.tpn, RoundRecord(rnd, Outcome.ABSENT))
    after = state.with_round(records)
    leaving = {p.tpn for p in after.participants if not p.withdrawn and rng.random() < plan.withdrawal_rate}
    if not leaving:
        return after
    parts = tuple(replace(p, withdrawn=True) if p.tpn in leaving else p for p in after.participants)
    return replace(after, participants=parts)


def next_state(state: TournamentState, plan: EventPlan, rng: random.Random) -> TournamentState:
    return replace(state, unavailable=unavailable_for(state, plan, rng))


def plans(count: int, seed: int) -> list[EventPlan]:
    """``count`` events of 6 to 16 teams, odd and even, some with Late Entries."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        teams = rng.randint(6, 16)
        late = {}
        if k % 3 == 0:
            for tpn in rng.sample(range(1, teams + 1), rng.randint(1, 2)):
                late[tpn] = rng.randint(2, 3)
        rounds = min(9, max(4, teams - 3))
        out.append(EventPlan(teams=teams, rounds=rounds, seed=seed * 1000 + k, late=late))
    return out
