"""Reads for a team's page and a player's page (issue 20, item 2): only what the public may see.

A team's rounds are those whose pairing is public (``operations.selectors.PUBLIC_PAIRING_STATES``:
an approved pairing not yet published never shows); its results those of the rounds in play or
complete; its next pairing the first published round not yet in play, with the public "why"
of the publication (``committee.selectors.publication_view``); its tie-breaks with the parts
that sum to them (``operations.selectors.tiebreak_detail``). A player's games are the boards of
the rounds whose board pairings are posted (``participants.games``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from committee.selectors import public_publications, publication_view
from operations.selectors import PUBLIC_PAIRING_STATES, tiebreak_detail
from participants.games import PlayerRecord, public_records, record_or_empty
from tournaments.models import Match, Player, Round, Team, Tournament
from tournaments.states import RESULT_STATES

# A URL's number past this names nothing any tournament holds (a TPN, a player's id): refused
# before the database is asked (PostgreSQL's integer would overflow).
MAX_ID = 2**31 - 1


def team_of(tournament: Tournament, tpn: int) -> Team:
    """The tournament's team with this TPN, else 404 (another tournament's team is not one of its teams)."""
    team = Team.objects.filter(tournament=tournament, tpn=tpn).first() if 0 < tpn <= MAX_ID else None
    if team is None:
        raise Http404(
            _("%(tournament)s has no team with TPN %(tpn)s.") % {"tournament": tournament.name, "tpn": tpn}
        )
    team.tournament = tournament
    return team


def player_of(tournament: Tournament, player_id: int) -> Player:
    """The player of this id on one of the tournament's teams, else 404."""
    found = (
        Player.objects.filter(pk=player_id, team__tournament=tournament).select_related("team").first()
        if 0 < player_id <= MAX_ID
        else None
    )
    if found is None or found.team.tpn is None:
        raise Http404(
            _("%(tournament)s has no player with the number %(id)s.")
            % {"tournament": tournament.name, "id": player_id}
        )
    found.team.tournament = tournament
    return found


def roster_board(tournament: Tournament, player: Player) -> int | None:
    """The board a roster places the player on (its board order); None for a reserve."""
    return player.board_order if player.board_order <= tournament.boards else None


@dataclass(frozen=True)
class RosterLine:
    player: Player
    board: int | None  # None: a reserve
    record: PlayerRecord


@dataclass(frozen=True)
class TeamRound:
    """A round of the team, from its side: the opponent, its colour on board 1, the score."""

    round: int
    table: int
    opponent_tpn: int | None  # None: the pairing-allocated bye
    opponent_name: str
    colour: str  # "w" or "b" on board 1; "" for the bye
    state: str
    points_for: float | None  # game points; None before any result
    points_against: float | None
    match_points: float | None  # None until the match has its result
    partial: bool  # some boards still pending
    provisional: bool  # counts an unfinished game (rule 11)


def roster(tournament: Tournament, team: Team, records: dict[int, PlayerRecord]) -> list[RosterLine]:
    return [
        RosterLine(p, roster_board(tournament, p), record_or_empty(records, p.pk))
        for p in team.players.order_by("board_order")
    ]


def _team_round(team: Team, m: Match) -> TeamRound:
    first = m.white_team_id == team.pk
    opponent = None if m.is_bye else (m.black_team if first else m.white_team)
    played = m.round.state in RESULT_STATES
    tally = m.board_tally() if played and not m.is_bye else None
    if played and m.has_result:
        own = m.white_game_points if first else m.black_game_points
        other = m.black_game_points if first else m.white_game_points
        mp = m.white_match_points if first else m.black_match_points
    elif tally is not None and tally.entered:
        own, other = (tally.first, tally.second) if first else (tally.second, tally.first)
        mp = None
    else:
        own = other = mp = None
    return TeamRound(
        round=m.round.number,
        table=m.table,
        opponent_tpn=opponent.tpn if opponent else None,
        opponent_name=opponent.name if opponent else "",
        colour="" if m.is_bye else ("w" if first else "b"),
        state=m.round.state,
        points_for=None if own is None else float(own),
        points_against=None if other is None else float(other),
        match_points=None if mp is None else float(mp),
        partial=bool(tally and tally.partial),
        provisional=bool(tally and tally.provisional),
    )


def team_rounds(tournament: Tournament, team: Team) -> list[TeamRound]:
    """The team's matches of the rounds whose pairing is public, round by round."""
    matches = (
        Match.objects.filter(Q(white_team=team) | Q(black_team=team), round__tournament=tournament)
        .filter(round__state__in=PUBLIC_PAIRING_STATES)
        .select_related("round", "white_team", "black_team")
        .prefetch_related("boards")
        .order_by("round__number")
    )
    out = []
    for m in matches:
        m.round.tournament = tournament
        out.append(_team_round(team, m))
    return out


def next_pairing(tournament: Tournament, team: Team, rounds: list[TeamRound]) -> dict[str, Any] | None:
    """The team's first published round not yet in play: its row with the public "why" of each side."""
    upcoming = next((r for r in rounds if r.state not in RESULT_STATES), None)
    if upcoming is None:
        return None
    rnd = Round.objects.get(tournament=tournament, number=upcoming.round)
    rnd.tournament = tournament
    publications = public_publications(rnd)
    if not publications:
        return None
    view = publication_view(publications[0])
    for row in view["rows"]:
        if team.tpn in (row["white"]["tpn"], row["black"]["tpn"]):
            own, other = (
                (row["white"], row["black"])
                if row["white"]["tpn"] == team.tpn
                else (row["black"], row["white"])
            )
            return {"round": upcoming, "own": own, "opponent": other, "bye": False}
    if view["bye"] and view["bye"]["team"]["tpn"] == team.tpn:
        return {"round": upcoming, "own": view["bye"]["team"], "opponent": None, "bye": True}
    return None


def team_page(tournament: Tournament, team: Team) -> dict[str, Any]:
    """Everything a team's page shows (and its API answer)."""
    records = public_records(tournament)
    rounds = team_rounds(tournament, team)
    return {
        "roster": roster(tournament, team, records),
        "rounds": rounds,
        "next": next_pairing(tournament, team, rounds),
        "tiebreaks": tiebreak_detail(tournament, team),
    }


def player_page(tournament: Tournament, player: Player) -> dict[str, Any]:
    records = public_records(tournament)
    return {"board": roster_board(tournament, player), "record": record_or_empty(records, player.pk)}
