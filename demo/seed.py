"""Build the demo: an Olympiad-sized open section, a 12-team league and an individual event.

Deterministic (fixed seed): the same command gives the same teams, pairings
and results. Pairings come from the engine through the committee's services
(``demo.publication``); while a system is not in the engine yet, the demo
falls back to a plainly labelled stand-in pairing so the pages still have
data. The rounds are played by ``demo.play``, the logins are ``demo.logins``'.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from printing.receivers import render_ahead_held, render_latest_ahead
from tournaments.models import Tournament
from tournaments.models.tournament import NEW_OLYMPIAD_VERSION, OLYMPIAD_TIEBREAKS
from tournaments.services import delete_tournament, mark_absent, withdraw_team

from .individual import INDIVIDUAL_SLUG, seed_individual
from .logins import DEMO_PASSWORD, DEMO_USERS, add_memberships, demo_users, give_addresses
from .play import open_next_round, play_rounds
from .publication import publish_round, system_ready
from .teams import create_teams, prepare

OLYMPIAD_SLUG = "demo-olympiad-open"
LEAGUE_SLUG = "demo-team-league"


@dataclass
class SeedOptions:
    teams: int = 184
    league_teams: int = 12
    olympiad_rounds_played: int = 3
    league_rounds_played: int = 5
    seed: int = 2026


def demo_slugs() -> list[str]:
    return [OLYMPIAD_SLUG, LEAGUE_SLUG, INDIVIDUAL_SLUG]


def delete_demo() -> None:
    for t in Tournament.objects.filter(slug__in=demo_slugs()):
        delete_tournament(t)


def seed(
    options: SeedOptions | None = None, *, reset: bool = False, log: Callable[[str], None] = print
) -> bool:
    """Create the demo; returns False (and changes nothing) if it is already there."""
    options = options or SeedOptions()
    if reset:
        delete_demo()
    elif Tournament.objects.filter(slug__in=demo_slugs()).exists():
        log("The demo is already there (use --reset to rebuild it).")
        demo_users()  # passwords back to "demo" all the same
        return False
    rng = random.Random(options.seed)
    users = demo_users()
    # Every round of the demo is published and completed in one go: its documents are rendered
    # ahead for each event's latest round only (what a visitor opens first), not for each step.
    with render_ahead_held():
        _olympiad(options, rng, log, users)
        _league(options, rng, log, users)
        seed_individual(options.seed + 1, log, users, publish_round)
    for t in Tournament.objects.filter(slug__in=demo_slugs()):
        render_latest_ahead(t)
    give_addresses(users)
    log("Demo logins (password 'demo'): " + ", ".join(DEMO_USERS))
    return True


@transaction.atomic
def _olympiad(options: SeedOptions, rng: random.Random, log, users: dict) -> Tournament:
    system = "olympiad" if system_ready("olympiad") else "c0406"
    # One round a day, the last round played today and the open round tomorrow, so the
    # open round's lineup window (11:00 on its day) is always ahead of the seeding.
    start = timezone.localdate() - dt.timedelta(days=options.olympiad_rounds_played - 1)
    t = Tournament.objects.create(
        name="Demo Chess Olympiad – Open section",
        slug=OLYMPIAD_SLUG,
        start_date=start,
        end_date=start + dt.timedelta(days=10),
        venue="Demo City",
        pairing_system=system,
        olympiad_version=NEW_OLYMPIAD_VERSION if system == "olympiad" else "",
        rounds_total=11,
        boards=4,
        reserves=1,
        bye_match_points=1,
        bye_game_points=2,
        # The 2026 Chess Olympiad's tie-breaks when the Olympiad engine pairs it (D.02 rules).
        tiebreaks=[OLYMPIAD_TIEBREAKS[NEW_OLYMPIAD_VERSION]] if system == "olympiad" else ["MP", "SB", "GP"],
        lineup_close_time=dt.time(11, 0),
        lineup_close_days_before=0,
        approval_policy="two_members",
    )
    create_teams(t, options.teams, rng, with_suffix=True)
    prepare(t, rng)
    add_memberships(t, users)
    log(f"{t.name}: {options.teams} teams, pairing system {system}")
    play_rounds(t, options.olympiad_rounds_played, rng, log, users, unfinished_in_last=True)
    open_next_round(t, rng, log, users)
    return t


@transaction.atomic
def _league(options: SeedOptions, rng: random.Random, log, users: dict) -> Tournament:
    # Weekly; the last round played four days ago, the next one in three days.
    start = timezone.localdate() - dt.timedelta(weeks=options.league_rounds_played, days=-3)
    t = Tournament.objects.create(
        name="Demo Team League",
        slug=LEAGUE_SLUG,
        start_date=start,
        end_date=start + dt.timedelta(weeks=8),
        pairing_system="c0406",
        rounds_total=9,
        boards=4,
        reserves=2,
        tiebreaks=["MP", "GP", "SB"],
        lineup_close_time=dt.time(12, 0),
    )
    create_teams(t, options.league_teams, rng, players=6, spread=(2450, 1750))
    prepare(t, rng, weekly=True)
    add_memberships(t, users)
    log(f"{t.name}: {options.league_teams} teams, pairing system c0406")
    played = options.league_rounds_played
    if played >= 3 and options.league_teams >= 4:
        mark_absent(t.teams.get(tpn=options.league_teams), round_number=3, note="announced absence (demo)")
    if played >= 5 and options.league_teams >= 6:
        withdraw_team(t.teams.get(tpn=options.league_teams - 1), from_round=5, reason="club withdrew (demo)")
    play_rounds(t, played, rng, log, users)
    return t


__all__ = ["DEMO_PASSWORD", "DEMO_USERS", "SeedOptions", "delete_demo", "seed"]
