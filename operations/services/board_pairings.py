"""Pairings by players (Olympiad 1998 rule 62), colours by rule 19.

When the lineup window is closed, each match gets its boards: the two
lineups side by side, board 1 with the team colour and the others following
the tournament's board colour sequence (``tournaments.services.create_board_games``).
The lineups are then locked and the round moves to ``board_pairings_posted``.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from operations import permissions
from operations.models import ResultEntry
from operations.services.lineups import current_lineup
from tournaments.models import Lineup, Player, Round, RoundState
from tournaments.services import create_board_games, recompute_match, transition_round


def _user(by):
    return by if getattr(by, "is_authenticated", False) else None


@transaction.atomic
def post_board_pairings(round: Round, *, by) -> Round:
    """Create every match's boards from the lineups and post them."""
    permissions.require(
        permissions.is_official(by, round.tournament),
        _("Only an arbiter or the committee may post board pairings."),
    )
    return _post(round, by)


def post_board_pairings_as_system(round: Round) -> Round:
    """The same, done by the periodic task at the lineup deadline (no user)."""
    with transaction.atomic():
        return _post(round, None)


def _post(round: Round, by) -> Round:
    round = Round.objects.select_for_update().get(pk=round.pk)
    if round.state != RoundState.LINEUPS_CLOSED:
        raise ValidationError(
            _(
                "Round %(round_number)s is %(state_display)s: close the lineups before posting the board pairings."
            )
            % {"round_number": round.number, "state_display": round.get_state_display().lower()}
        )
    boards = round.tournament.boards
    players = {p.pk: p for p in Player.objects.filter(team__tournament=round.tournament)}
    missing = []
    plans = []
    for match in round.matches.select_related("white_team", "black_team").order_by("table"):
        if match.is_bye:
            if not match.has_result:
                recompute_match(match, by=_user(by))  # the PAB scores as the tournament says (C.04.6 1.4)
            continue
        if match.forfeit or match.boards.exists():
            continue
        sides = []
        for team in (match.white_team, match.black_team):
            ids = current_lineup(team, round)
            if ids is None:
                missing.append(team.name)
            sides.append([players.get(pid) if pid else None for pid in (ids or [None] * boards)])
        plans.append((match, sides))
    if missing:
        raise ValidationError(
            _("No lineup for %(missing)s: close the lineups first.") % {"missing": ", ".join(missing)}
        )
    now = timezone.now()
    for match, (white_side, black_side) in plans:
        games = create_board_games(match, white_side, black_side)
        # An empty board is lost by forfeit by the side that left it empty.
        empty = [g for g in games if g.white is None or g.black is None]
        for game in empty:
            game.result = (
                "--" if game.white is None and game.black is None else "-+" if game.white is None else "+-"
            )
            game.save(update_fields=["result"])
            ResultEntry.objects.create(game=game, result=game.result, entered_by=_user(by), entered_at=now)
        if empty:
            recompute_match(match, by=by)
    Lineup.objects.filter(round=round).update(locked=True)
    return transition_round(round, RoundState.BOARD_PAIRINGS_POSTED, by=by)
