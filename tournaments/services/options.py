"""Writes of the pairing options (``Tournament.engine_options``); reads: ``tournaments.pairing_options``.

Every site option is kept explicitly once chosen, defaults included, so a
later change of an engine default does not change an event under way.
Who may write is the committee's to decide (``committee.services.options``
checks the role and records the decision a frozen option needs).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy

from ..models import Tournament
from ..pairing_options import options_frozen, parse_site_options, values_in_force

FROZEN_MESSAGE = gettext_lazy(
    "Round 1's pairing is published: the pairing options are frozen. "
    "A change now needs a committee decision with its reason."
)


def lock_tournament(tournament: Tournament) -> Tournament:
    """The tournament's row, locked for the rest of the transaction."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def write_engine_options(
    tournament: Tournament, given: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Check ``given`` and keep every site option explicitly; (values before, values after).

    The caller holds the lock (:func:`lock_tournament`) inside a transaction.
    Keys of ``engine_options`` that are not site options (forbidden pairs, say)
    are kept as they are.
    """
    values = parse_site_options(tournament.pairing_system, given)
    before = values_in_force(tournament)
    after = {**before, **values}
    tournament.engine_options = {**(tournament.engine_options or {}), **after}
    tournament.save(update_fields=["engine_options"])
    return before, after


@transaction.atomic
def set_engine_options(tournament: Tournament, given: Mapping[str, Any]) -> dict[str, Any]:
    """Choose the options before round 1 is published; refused (``ValidationError``) afterwards."""
    locked = lock_tournament(tournament)
    if options_frozen(locked):
        raise ValidationError(FROZEN_MESSAGE, code="frozen")
    _before, after = write_engine_options(locked, given)
    tournament.engine_options = locked.engine_options
    return after


@transaction.atomic
def pin_engine_options(tournament: Tournament) -> dict[str, Any]:
    """Keep every option in force explicitly (at round 1's publication): the event keeps its rules."""
    locked = lock_tournament(tournament)
    _before, after = write_engine_options(locked, {})
    tournament.engine_options = locked.engine_options
    return after
