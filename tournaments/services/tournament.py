"""Whole-tournament operations."""

from __future__ import annotations

from django.apps import apps
from django.db import transaction

from ..models import Lineup, Match, Tournament

# Rows that other apps protect (on_delete=PROTECT) and that belong to a
# tournament's rounds: (model label, lookup to the tournament).
_PROTECTING = [("committee.Publication", "round__tournament")]


@transaction.atomic
def delete_tournament(tournament: Tournament) -> None:
    """Delete a tournament with everything in it.

    Teams and players are protected while matches or lineups name them, and
    draft versions while a publication names them, so those go first.
    Decisions and publications go with the tournament: the only way they are
    ever removed.
    """
    for label, lookup in _PROTECTING:
        try:
            model = apps.get_model(label)
        except LookupError:
            continue
        model._base_manager.filter(**{lookup: tournament}).delete()  # plain QuerySet.delete
    Lineup.objects.filter(round__tournament=tournament).delete()
    Match.objects.filter(round__tournament=tournament).delete()
    tournament.delete()
