"""The field of a generated tournament: teams (or players), their ratings and their numbers.

Team strengths are drawn from a normal law; each team's players are rated
around its strength, a ``board_step`` apart, with some noise. Teams are
numbered by descending drawn strength, their players one after the other in
team order, by descending rating. An Olympiad event is then renumbered by
its own rule (:func:`olympiad_numbering`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.state import Participant, Player

if TYPE_CHECKING:
    from engine.generator import GeneratorConfig


def field(config: GeneratorConfig, team: bool, rng: random.Random) -> list[Participant]:
    strengths = sorted(
        (rng.gauss(config.rating_mean, config.rating_spread) for _ in range(config.participants)),
        reverse=True,
    )
    out = []
    number = 0
    for tpn, strength in enumerate(strengths, start=1):
        if not team:
            rating = max(1000, min(2900, round(strength)))
            player = Player(tpn, f"Player {tpn:03d}", rating)
            out.append(Participant(tpn=tpn, name=player.name, rating=float(rating), roster=(player,)))
            continue
        size = config.boards + config.reserves
        ratings = sorted(
            (
                max(
                    1000,
                    min(2900, round(strength + config.board_step * ((size - 1) / 2 - b) + rng.gauss(0, 30))),
                )
                for b in range(size)
            ),
            reverse=True,
        )
        roster = [
            Player(number + b, f"Team {tpn:03d} board {b}", rating, federation="GEN")
            for b, rating in enumerate(ratings, start=1)
        ]
        number += size
        top = [p.rating for p in roster[: config.boards]]
        out.append(_team(tpn, float(round(sum(top) / len(top))), tuple(roster)))
    return out


def _team(tpn: int, rating: float, roster: tuple[Player, ...]) -> Participant:
    return Participant(
        tpn=tpn, name=f"Team {tpn:03d}", rating=rating, federation=f"T{tpn:03d}", roster=roster
    )


def olympiad_numbering(parts: list[Participant], options: dict) -> list[Participant]:
    """Pairing numbers by Olympiad 1998 rules 6-8 / 2007 amended rules 7-8.

    Rule 7: "Rank all teams in order of the average of their 4 highest
    FIDE-rated players (men's teams) and ... 3 highest ... (women's teams).
    The team with the highest average rating shall be assigned Pairing Number
    1, the second highest, Pairing Number 2, etc." (2007: the 4 highest in
    both championships); rule 8 breaks ties (``engine.olympiad.initial_order``
    decides, with the event's version, section and unrated rating). A team
    with fewer players than rule 7 averages (a generated event of 1 to 3
    boards) is ranked by the average of all its players, then by name: the
    rule applied to the players it has. Teams, then their players, are
    renumbered in that order, and a team's strength (310) becomes the rounded
    average it was ranked by.
    """
    from engine.olympiad.options import parse_options
    from engine.olympiad.ranking import initial_order

    opts = parse_options(options)
    counted = 3 if opts.version == "1998" and opts.women else 4
    by_tpn = {p.tpn: p for p in parts}
    if min(len(p.roster) for p in parts) >= counted:
        ranked = initial_order(
            parts, version=opts.version, section=opts.section, unrated_rating=opts.unrated_rating
        )
        order = [(r.participant_tpn, r.average) for r in ranked]
    else:

        def average(p: Participant) -> float:
            return sum(pl.rating or opts.unrated_rating for pl in p.roster) / len(p.roster)

        order = [(p.tpn, average(p)) for p in sorted(parts, key=lambda p: (-average(p), p.name.casefold()))]
    out = []
    number = 0
    for tpn, (old, average) in enumerate(order, start=1):
        roster = tuple(
            replace(pl, number=number + b, name=f"Team {tpn:03d} board {b}")
            for b, pl in enumerate(by_tpn[old].roster, start=1)
        )
        number += len(roster)
        out.append(_team(tpn, float(round(average)), roster))
    return out
