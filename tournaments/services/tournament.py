"""Whole-tournament operations."""

from __future__ import annotations

from django.apps import apps
from django.db import transaction

from ..models import Lineup, Match, Tournament
from ..models.tournament import rules_primary_score

# Rows that other apps protect (on_delete=PROTECT) and that belong to a
# tournament's rounds: (model label, lookup to the tournament).
_PROTECTING = [("committee.Publication", "round__tournament")]


def _follow_the_rules(tournament: Tournament, given: set[str]) -> None:
    """Take the primary score the system's rules fix (Olympiad rule 1) unless the caller gave one."""
    fixed = rules_primary_score(tournament.pairing_system, tournament.olympiad_version)
    if fixed and "primary_score" not in given:
        tournament.primary_score = fixed


@transaction.atomic
def create_tournament(**fields) -> Tournament:
    """Create a tournament from ``fields`` (model field names), validated (``Tournament.clean``).

    Where the rules fix the primary score (Olympiad 1998: game points; 2007:
    match points) and ``primary_score`` is not given, the rules' score is used;
    a contradicting one is refused with the rule named.
    """
    tournament = Tournament(**fields)
    _follow_the_rules(tournament, set(fields))
    tournament.full_clean()
    tournament.save()
    return tournament


@transaction.atomic
def update_tournament(tournament: Tournament, **fields) -> Tournament:
    """Change ``fields`` of ``tournament``, validated; changing the system or version
    without a primary score moves the score to the one the rules fix."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    for name, value in fields.items():
        setattr(tournament, name, value)
    _follow_the_rules(tournament, set(fields))
    tournament.full_clean()
    tournament.save()
    return tournament


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
