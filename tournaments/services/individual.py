"""Individual events: every entrant a one-player ``Team`` (see docs/individual-events.md).

An individual event is a ``Tournament`` with ``is_team_event=False``, one
board and no reserves. Each entrant is a ``Team`` holding exactly one
``Player`` (board order 1); the snapshot then gives the engine an
individual state (``TournamentState.team`` False) scored by game points.

- Scoring: 1 / ½ / 0 for a game; the pairing-allocated bye scores one point
  (Lim 2.1 "A player awarded the Bye scores one point"; Dubov 2.2 calls it
  "a point without playing"), so ``bye_game_points`` = ``bye_match_points`` = 1.
- Initial order (TPNs): rating, highest first (unrated last), then FIDE title,
  then name (the usual arbiter's order for individual Swiss events).
- No lineups: publication posts the board pairings at once, the one player of
  each side on the one board (:func:`post_individual_boards`).
"""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..models import Player, Round, RoundState, Team, Tournament
from .initial_order import assign_individual_order, individual_order_key, single_player
from .participation import enter_late
from .results import create_board_games, recompute_match
from .rounds import create_rounds, transition_round

# The fields that make a tournament an individual event (and its usual scoring).
INDIVIDUAL_DEFAULTS: dict = {
    "is_team_event": False,
    "boards": 1,
    "reserves": 0,
    "board_colour_sequence": "W",
    "primary_score": "GP",
    "match_win": Decimal("1"),
    "match_draw": Decimal("0.5"),
    "match_loss": Decimal("0"),
    "bye_match_points": Decimal("1"),
    "bye_game_points": Decimal("1"),
    "unrated_rating": 0,
    "lineups_open_on_publication": False,
    "tiebreaks": ["BH-C1", "BH", "SB"],
}

NO_LINEUPS = gettext_lazy("An individual event has no lineups: the pairing is the board pairing.")


def is_individual(tournament: Tournament) -> bool:
    return not tournament.is_team_event


@transaction.atomic
def create_individual_event(
    *, name: str, slug: str, pairing_system: str, rounds_total: int, **fields
) -> Tournament:
    """Create an individual event with its rounds (``fields`` may override the defaults)."""
    values = {**INDIVIDUAL_DEFAULTS, **fields}
    if values.get("is_team_event") or values.get("boards") != 1 or values.get("reserves"):
        raise ValidationError(_("An individual event has one board, no reserves and is not a team event."))
    t = Tournament(name=name, slug=slug, pairing_system=pairing_system, rounds_total=rounds_total, **values)
    t.full_clean()
    t.save()
    create_rounds(t)
    return t


@transaction.atomic
def register_player(
    tournament: Tournament,
    *,
    name: str,
    rating: int | None = None,
    fide_id: str = "",
    title: str = "",
    federation: str = "",
    sex: str = "",
    first_round: int | None = None,
) -> Team:
    """Enter a player in an individual event: a one-player ``Team`` named after the player.

    Once round 1 is being paired the TPNs are fixed: a late entrant needs
    ``first_round`` (a round not yet paired); it takes the next TPN and is
    absent, with no points, in the rounds before (``enter_late``).
    """
    if tournament.is_team_event:
        raise ValidationError(
            _("%(tournament)s is a team event: register a team and its roster.") % {"tournament": tournament}
        )
    name = (name or "").strip()
    if not name:
        raise ValidationError(_("Give the player's name."))
    if tournament.teams.filter(name=name).exists():
        raise ValidationError(
            _("A player named %(name)r is already registered in %(tournament)s.")
            % {"name": name, "tournament": tournament}
        )
    first = tournament.rounds.filter(number=1).first()
    started = first is not None and first.state != RoundState.AWAITING_RESULTS
    if started and first_round is None:
        raise ValidationError(_("Round 1 is being paired: give the late entrant's first round."))
    tpn = None
    if started:
        tpn = (tournament.teams.aggregate(top=Max("tpn"))["top"] or 0) + 1
    team = Team.objects.create(
        tournament=tournament, name=name, federation=federation[:3], tpn=tpn, strength=float(rating or 0)
    )
    Player.objects.create(
        team=team,
        name=name,
        rating=rating or None,
        fide_id=fide_id,
        title=title[:5],
        federation=federation[:3],
        sex=sex if sex in ("m", "f") else "",
        board_order=1,
    )
    if first_round is not None:
        team = enter_late(team, first_round=first_round)
    return team


@transaction.atomic
def post_individual_boards(round: Round, *, by=None) -> Round:
    """Post the board pairings of a published round of an individual event.

    Each game is the match's one board: the player of the match's white
    side has White. The pairing-allocated bye is scored. There is no lineup
    window: the round passes straight on to ``board_pairings_posted``
    (through the lineup states, which the state machine requires, in the
    same transaction).
    """
    round = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    t = round.tournament
    if t.is_team_event:
        raise ValidationError(
            _("%(tournament)s is a team event: its board pairings follow the lineups.") % {"tournament": t}
        )
    if round.state != RoundState.PUBLISHED:
        raise ValidationError(
            _("Round %(round_number)s is %(state_display)s: only a published pairing is posted.")
            % {"round_number": round.number, "state_display": round.get_state_display().lower()}
        )
    for match in round.matches.select_related("white_team", "black_team").order_by("table"):
        if match.is_bye:
            if not match.has_result:
                recompute_match(match, by=by)
            continue
        if match.forfeit or match.boards.exists():
            continue
        create_board_games(match, [single_player(match.white_team)], [single_player(match.black_team)])
    for state in (RoundState.LINEUPS_OPEN, RoundState.LINEUPS_CLOSED, RoundState.BOARD_PAIRINGS_POSTED):
        round = transition_round(round, state, by=by)
    return round


__all__ = [
    "INDIVIDUAL_DEFAULTS",
    "NO_LINEUPS",
    "assign_individual_order",
    "create_individual_event",
    "individual_order_key",
    "is_individual",
    "post_individual_boards",
    "register_player",
]
