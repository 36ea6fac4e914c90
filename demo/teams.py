"""The demo's teams: made-up players, strongest first, and the event made ready to pair.

Names, federations and ratings come from ``demo.data`` (deterministic, drawn
from the caller's generator); a team's players are in board order. Ready to
pair: initial order (TPNs), the initial colour drawn, the rounds created.
"""

from __future__ import annotations

import datetime as dt
import random

from tournaments.models import Player, Team, Tournament
from tournaments.services import assign_initial_order, create_rounds, draw_initial_colour

from . import data


def create_teams(t, n, rng, *, with_suffix=False, players=5, spread=None) -> None:
    feds = data.FEDERATIONS
    for rank in range(n):
        fed = feds[rank % len(feds)]
        name = fed if rank < len(feds) else f"{fed} {rank // len(feds) + 1}"
        if not with_suffix:
            name = f"{data.LAST[rank % len(data.LAST)]} {['Chess Club', 'Knights', 'Rooks', 'Society'][rank % 4]}"
        ratings = data.team_ratings(rank, n, rng, players)
        if spread:
            ratings = data.narrowed(ratings, *spread)
        team = Team.objects.create(tournament=t, name=name, short_name=name[:30], federation=fed)
        Player.objects.bulk_create(made_up_player(team, i, r, rng) for i, r in enumerate(ratings, start=1))


def made_up_player(team: Team, board: int, rating: int | None, rng: random.Random) -> Player:
    """A made-up member of ``team`` (name and FIDE ID drawn from ``rng``), not yet saved."""
    return Player(
        team=team,
        name=data.player_name(rng),
        rating=rating,
        title=data.title_for(rating),
        federation=team.federation,
        fide_id=str(rng.randint(100000, 99999999)),
        board_order=board,
    )


def prepare(t: Tournament, rng: random.Random, weekly: bool = False) -> None:
    assign_initial_order(t)
    draw_initial_colour(t, colour=rng.choice(["w", "b"]))
    create_rounds(t)
    if weekly:
        for r in t.rounds.all():
            r.date = t.start_date + dt.timedelta(weeks=r.number - 1)
            r.save(update_fields=["date"])
