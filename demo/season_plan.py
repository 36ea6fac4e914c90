"""A season's plan: which tournaments, how big, by which system and committee, caught at which moment.

Pure (no database): the same options give the same plans, each tournament
drawn from its own generator (seed, index). Most events are small team Swiss
(C.04.6) events, a share are Olympiad sections (at least 40 teams); each is
caught at a moment of its round cycle (the next round waiting to be paired,
published, or in play). The first ``COMPUTE_TARGETS`` tournaments are the
benchmark's committees at work (the biggest events, the next round waiting,
each with its own committee); the next ``IN_PLAY_TARGETS`` have a round in
play with half its results to enter (``bench/season.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

SLUG_PREFIX = "season-"
COMPUTE_TARGETS = 4  # the first tournaments: the next round waits for its committee
IN_PLAY_TARGETS = 4  # the next ones: a round in play, half its results to enter


@dataclass
class SeasonOptions:
    tournaments: int = 200
    committees: int = 8
    seed: int = 2026
    min_teams: int = 10
    max_teams: int = 180
    olympiad_share: float = 0.25
    max_rounds_played: int = 4
    jobs: int = 1


@dataclass(frozen=True)
class Plan:
    """One tournament of the season, drawn from its own generator."""

    index: int
    slug: str
    name: str
    system: str  # "c0406" or "olympiad"
    teams: int
    rounds_total: int
    played: int  # complete rounds
    next_round: str  # "waiting" (to be paired), "published", "in_play"
    committee: int  # 1..committees

    @property
    def seed_key(self) -> str:
        return f"season:{self.index}"


def plan_season(options: SeasonOptions) -> list[Plan]:
    """The season's tournaments (pure: the same options give the same plans)."""
    if options.committees < 1:
        raise ValueError("A season needs at least one committee.")
    if not 2 <= options.min_teams <= options.max_teams:
        raise ValueError("Give 2 <= --min-teams <= --max-teams.")
    plans = []
    for i in range(options.tournaments):
        rng = random.Random(f"{options.seed}:plan:{i}")
        committee = i % options.committees + 1
        if i < COMPUTE_TARGETS + IN_PLAY_TARGETS:
            # The benchmark's events: the biggest of each system, each with its own committee.
            system = "olympiad" if i % 2 == 0 else "c0406"
            teams = max(options.min_teams, options.max_teams - 20 * (i // 2))
            played = 2 if i < COMPUTE_TARGETS else 1
            next_round = "waiting" if i < COMPUTE_TARGETS else "in_play"
        else:
            system = "olympiad" if rng.random() < options.olympiad_share else "c0406"
            low = max(options.min_teams, 40) if system == "olympiad" else options.min_teams
            low = min(low, options.max_teams)
            # Most events are small; a few are Olympiad-sized.
            teams = low + int((options.max_teams - low) * rng.random() ** 2.2)
            played = rng.randint(0, options.max_rounds_played)
            next_round = rng.choice(["waiting", "waiting", "published", "in_play"])
        rounds_total = 11 if system == "olympiad" else rng.choice([7, 9, 9, 11])
        kind = "Olympiad section" if system == "olympiad" else "Team Swiss"
        plans.append(
            Plan(
                index=i,
                slug=f"{SLUG_PREFIX}{i + 1:03d}",
                name=f"Season {kind} {i + 1:03d} ({teams} teams)",
                system=system,
                teams=teams,
                rounds_total=rounds_total,
                played=min(played, rounds_total - 1),
                next_round=next_round,
                committee=committee,
            )
        )
    return plans
