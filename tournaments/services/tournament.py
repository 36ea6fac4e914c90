"""Whole-tournament operations."""

from __future__ import annotations

from django.db import transaction

from ..models import Lineup, Match, Tournament


@transaction.atomic
def delete_tournament(tournament: Tournament) -> None:
    """Delete a tournament with everything in it.

    Teams and players are protected while matches or lineups name them, so
    lineups and matches (with their boards) go first. Decisions go with the
    tournament: the only way a decision is ever removed.
    """
    Lineup.objects.filter(round__tournament=tournament).delete()
    Match.objects.filter(round__tournament=tournament).delete()
    tournament.delete()
