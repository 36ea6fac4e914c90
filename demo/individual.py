"""The demo's individual event: a 10-player Dubov Swiss, 3 rounds played, round 4 published.

Deterministic (its own fixed seed). Rounds go through the committee's services
(``demo.publication.publish_round``), which for an individual event post the board pairings at
publication; the arbiter's results then complete each round.
"""

from __future__ import annotations

import datetime as dt
import random

from django.db import transaction

from tournaments.models import Membership, Tournament
from tournaments.models import RoundState as S
from tournaments.services import draw_initial_colour, recompute_match, record_board_results, transition_round
from tournaments.services.individual import (
    assign_individual_order,
    create_individual_event,
    post_individual_boards,
    register_player,
)

INDIVIDUAL_SLUG = "demo-individual-dubov"
ROUNDS_PLAYED = 3

# (name, federation, rating, title)
PLAYERS = [
    ("Andersen, Mikkel", "DEN", 2548, "GM"),
    ("Baptiste, Claire", "FRA", 2466, "IM"),
    ("Castro, Diego", "ESP", 2431, "IM"),
    ("Dimitrov, Petar", "BUL", 2390, "FM"),
    ("Eriksen, Sofie", "NOR", 2352, "WIM"),
    ("Fontaine, Luc", "SUI", 2318, ""),
    ("Gallo, Marta", "ITA", 2275, "WFM"),
    ("Horvath, Bence", "HUN", 2240, ""),
    ("Ilic, Nikola", "SRB", 2196, "CM"),
    ("Jansen, Femke", "NED", 2150, ""),
]


@transaction.atomic
def seed_individual(rng_seed: int, log, users: dict, publish) -> Tournament:
    """Create the event; ``publish(rnd, log, users)`` is the demo's committee path
    (``demo.publication.publish_round``)."""
    rng = random.Random(rng_seed)
    t = create_individual_event(
        name="Demo Individual Open (Dubov)",
        slug=INDIVIDUAL_SLUG,
        pairing_system="dubov",
        rounds_total=7,
        start_date=dt.date(2026, 11, 5),
        end_date=dt.date(2026, 11, 11),
        venue="Demo City",
    )
    for name, fed, rating, title in PLAYERS:
        register_player(t, name=name, federation=fed, rating=rating, title=title)
    assign_individual_order(t)
    draw_initial_colour(t, colour="w")
    for username, role in (
        ("chair", "committee_chair"),
        ("member", "committee_member"),
        ("arbiter", "arbiter"),
    ):
        Membership.objects.get_or_create(user=users[username], tournament=t, role=role)
    log(f"{t.name}: {len(PLAYERS)} players, pairing system dubov")
    for number in range(1, ROUNDS_PLAYED + 2):
        rnd, matches = publish(t.rounds.get(number=number), log, users)
        if rnd.state == S.PUBLISHED:  # paired without the committee: post the boards here
            rnd = post_individual_boards(rnd)
        if number > ROUNDS_PLAYED:
            log(f"  round {number}: paired and published")
            break
        rnd = transition_round(rnd, S.IN_PLAY)
        for m in rnd.matches.order_by("table"):
            if m.is_bye:
                recompute_match(m)
                continue
            game = m.boards.select_related("white", "black").get()
            diff = (game.white.rating or 0) - (game.black.rating or 0)
            x = rng.random() - diff / 1000
            record_board_results(m, ["1-0" if x < 0.4 else "1/2-1/2" if x < 0.7 else "0-1"])
        transition_round(rnd, S.COMPLETE)
        log(f"  round {number}: {rnd.matches.count()} games played")
    return t


__all__ = ["INDIVIDUAL_SLUG", "seed_individual"]
