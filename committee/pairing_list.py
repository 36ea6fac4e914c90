"""The public pairing list, one line per match (rule 60; issue 20, item 4).

Each line names the table, the two teams with their rank and match points before the round (the
standings after the previous round, which the operations answer through
``tournaments.signals.standing_before``) and, once entered, the match's score read from the team
named first (White on board 1, C.04.6 1.6.1). The "why" of each team stays a click away on the
page (a ``<details>`` per match) and whole on the committee's page and in the API.
"""

from __future__ import annotations

from typing import Any

from tournaments.models import Round
from tournaments.signals import standing_before


def standing_before_round(round: Round) -> dict[int, tuple[int | None, float]]:
    """``{tpn: (rank, match points)}`` after the previous round, as the operations answer it."""
    found: dict[int, tuple[int | None, float]] = {}
    for _receiver, answer in standing_before.send(sender=Round, round=round):
        found.update(answer or {})
    return found


def with_standing_and_scores(round: Round, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` (``selectors.publication_view``) with each side's ``rank`` and ``match_points`` before
    the round and each row's ``score`` (white's and black's game points) once the match has a result.

    The scores are the round's matches as saved now, at the table the publication gives them; a
    match saved for other teams at that table (a publication the page does not show) adds none.
    """
    standing = standing_before_round(round)
    matches = {
        m.table: m
        for m in round.matches.filter(is_bye=False, white_game_points__isnull=False).select_related(
            "white_team", "black_team"
        )
    }
    sides = [side for r in view["rows"] for side in (r["white"], r["black"])]
    if view.get("bye"):
        sides.append(view["bye"]["team"])
    for side in sides:
        side["rank"], side["match_points"] = standing.get(side["tpn"], (None, 0.0 if standing else None))
    for r in view["rows"]:
        m = matches.get(r["table"])
        same_teams = m is not None and (m.white_team.tpn, m.black_team.tpn) == (
            r["white"]["tpn"],
            r["black"]["tpn"],
        )
        r["score"] = (m.white_game_points, m.black_game_points) if same_teams else None
    view["has_standing"] = bool(standing)
    return view
