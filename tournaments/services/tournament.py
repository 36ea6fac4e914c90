"""Whole-tournament operations."""

from __future__ import annotations

from django.apps import apps
from django.db import transaction

from ..models import Lineup, Match, Tournament
from ..models.tournament import NEW_OLYMPIAD_VERSION, OLYMPIAD_TIEBREAKS, rules_primary_score

# Rows that other apps protect (on_delete=PROTECT) and that belong to a
# tournament's rounds: (model label, lookup to the tournament).
_PROTECTING = [("committee.Publication", "round__tournament")]


def _follow_the_rules(tournament: Tournament, given: set[str]) -> None:
    """Take the primary score the system's rules fix (Olympiad rule 1) unless the caller gave one."""
    fixed = rules_primary_score(tournament.pairing_system, tournament.olympiad_version)
    if fixed and "primary_score" not in given:
        tournament.primary_score = fixed


def new_olympiad_defaults(fields: dict) -> dict:
    """``fields`` of a new tournament with what a new Olympiad takes unless given.

    The rules in force (``olympiad_version`` "2022", D.02); for a D.02 event the
    bye D.02 4 gives (1 match point, 2 game points) and the 2026 Olympiad's
    tie-breaks (``olympiad2026``). Other systems' fields are returned unchanged.
    """
    if fields.get("pairing_system") != "olympiad":
        return fields
    out = dict(fields)
    if not out.get("olympiad_version"):
        out["olympiad_version"] = NEW_OLYMPIAD_VERSION
    if out["olympiad_version"] == "2022":
        out.setdefault("bye_match_points", 1)
        out.setdefault("bye_game_points", 2)
        out.setdefault("tiebreaks", [OLYMPIAD_TIEBREAKS["2022"]])
    return out


@transaction.atomic
def create_tournament(**fields) -> Tournament:
    """Create a tournament from ``fields`` (model field names), validated (``Tournament.clean``).

    A new Olympiad takes the rules in force and their bye and tie-breaks unless
    given (:func:`new_olympiad_defaults`). Where the rules fix the primary score
    (Olympiad 1998: game points; 2007 and D.02: match points) and ``primary_score``
    is not given, the rules' score is used; a contradicting one is refused with
    the rule named.
    """
    fields = new_olympiad_defaults(fields)
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
