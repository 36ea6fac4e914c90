"""Turning an engine pairing into the round's matches."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from engine.result import RoundPairing

from ..models import Match, Round


@transaction.atomic
def save_pairing(round: Round, pairing: RoundPairing, *, replace: bool = False) -> list[Match]:
    """Create the round's matches from ``pairing`` (tables in pair order, bye last).

    ``pairing.pairs`` name TPNs; ``white`` is the team with White on board 1.
    Refuses if the round already has matches, unless ``replace`` (only
    before any result is entered).
    """
    tournament = round.tournament
    if pairing.round != round.number:
        raise ValidationError(
            _("The pairing is for round %(round)s, not round %(round_number)s.")
            % {"round": pairing.round, "round_number": round.number}
        )
    existing = round.matches.all()
    if existing.exists():
        if not replace:
            raise ValidationError(
                _("Round %(round_number)s already has matches.") % {"round_number": round.number}
            )
        if existing.filter(white_match_points__isnull=False).exists():
            raise ValidationError(
                _("Round %(round_number)s has results: its pairing cannot be replaced.")
                % {"round_number": round.number}
            )
        existing.delete()
    teams = {t.tpn: t for t in tournament.teams.filter(tpn__isnull=False)}
    seen: set[int] = set()

    def team(tpn: int):
        if tpn not in teams:
            raise ValidationError(
                _("No team has TPN %(tpn)s in %(tournament)s.") % {"tpn": tpn, "tournament": tournament}
            )
        if tpn in seen:
            raise ValidationError(
                _("TPN %(tpn)s is paired twice in round %(round_number)s.")
                % {"tpn": tpn, "round_number": round.number}
            )
        seen.add(tpn)
        return teams[tpn]

    matches = [
        Match(round=round, table=i, white_team=team(p.white), black_team=team(p.black))
        for i, p in enumerate(pairing.pairs, start=1)
    ]
    if pairing.bye is not None:
        matches.append(Match(round=round, table=len(matches) + 1, white_team=team(pairing.bye), is_bye=True))
    # Two statements for the whole round, the history rows included (the user from the request, as
    # a save gives them). Written in bulk, the matches send no save signal: the caller moves the
    # round on (to published), which makes the public pages and live fragments out of date.
    return bulk_create_with_history(matches, Match)
